/**
 * Search contexts, one per documentation section: every folder of docs/ with
 * an index page, labelled with that page's title. Adding a section folder
 * adds its context; nothing to edit here.
 */
import fs from 'node:fs';
import path from 'node:path';
import {frontMatterField} from '../../utils/frontMatter';

import type {SearchContext} from './client/contextPaths';

export function sectionSearchContexts(siteDir: string, docsDir = 'docs'): SearchContext[] {
  const root = path.join(siteDir, docsDir);
  return fs
    .readdirSync(root, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .flatMap((entry) => {
      const index = ['index.md', 'index.mdx'].map((name) => path.join(root, entry.name, name)).find((file) => fs.existsSync(file));
      if (!index) return [];
      return [{label: frontMatterField(index, 'title') ?? entry.name, path: `${docsDir}/${entry.name}`}];
    })
    .sort((a, b) => a.label.localeCompare(b.label));
}
