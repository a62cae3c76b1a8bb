/**
 * Search contexts, one per documentation section: every folder of docs/ with
 * an index page, labelled with that page's title. Adding a section folder
 * adds its context; nothing to edit here. Read when the search plugin is
 * created, before the docs are loaded: the plugin writes the contexts, labels
 * included, into its generated module then (src/utils/sourceFrontMatter.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import {sourceTitle} from '../../utils/sourceFrontMatter';

import type {SearchContext} from './client/contextPaths';

export function sectionSearchContexts(siteDir: string, docsDir = 'docs'): SearchContext[] {
  const root = path.join(siteDir, docsDir);
  return fs
    .readdirSync(root, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .flatMap((entry) => {
      const index = ['index.md', 'index.mdx'].map((name) => path.join(root, entry.name, name)).find((file) => fs.existsSync(file));
      if (!index) return [];
      return [{label: sourceTitle(index) ?? entry.name, path: `${docsDir}/${entry.name}`}];
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
