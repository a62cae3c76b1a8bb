/**
 * Search contexts, one per documentation section: every folder of docs/ with
 * an index page, labelled with that page's title. Adding a section folder
 * adds its context; nothing to edit here.
 * The folders are listed when the search plugin is created, because the
 * search plugin writes their paths into its generated module then; that
 * listing is the only thing read from docs/ here. The labels come from the
 * site model, once the docs are loaded.
 */
import path from 'node:path';
import {INDEX_FILES, sectionFolders} from '../../utils/docsSource';
import type {SiteModel} from '../../utils/siteModel';
import type {SearchContext} from './client/contextPaths';

/** The sections' paths (`docs/servers`): the folders of docs/ with an index page, in name order. */
export function sectionPaths(siteDir: string, docsDir = 'docs'): string[] {
  return sectionFolders(path.join(siteDir, docsDir)).map((folder) => `${docsDir}/${folder}`);
}

/** The sections with their labels, their index page's title from the site model, in label order. */
export function sectionSearchContexts(paths: string[], model: SiteModel, docsDir = 'docs'): SearchContext[] {
  return paths
    .map((contextPath) => {
      const folder = contextPath.slice(docsDir.length + 1);
      const index = INDEX_FILES.map((name) => model.pageOfFile(`${folder}/${name}`)).find(Boolean);
      return {label: index?.title ?? folder, path: contextPath};
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
