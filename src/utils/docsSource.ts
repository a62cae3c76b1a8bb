/**
 * The docs' source files (docs/), read from disk: the one module of the site
 * that does (tests/guards/docs-source.test.mjs keeps it so). Everything that
 * can takes the site model instead (./siteModel.ts), made from what the docs
 * plugin loaded. What reads here can't wait for the model, or needs more than
 * it holds:
 * - the API reference's generator, whose output is docs, so it runs while
 *   Docusaurus creates the plugins: the guides' curl calls and titles, the
 *   API overview's error codes, a guide's troubleshooting headings;
 * - the changelog's entries: for the config's announcement bar (before any
 *   plugin), the changelog plugin's loadContent (its feeds) and its remark
 *   plugin (the entry lists);
 * - the search plugin's section folders, when it is created, and the content
 *   hash of its index files; after the build, each page's headings, by the
 *   model's pages (./markdownHeadings.ts), so that the built HTML is
 *   parsed once, by the search plugin's extraction;
 * - the Markdown for tools and the docs run: a page's raw Markdown, which the
 *   model doesn't hold.
 */
import fs from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {filesUnder} from './files';

/** The names a section's index page may have. */
export const INDEX_FILES = ['index.md', 'index.mdx'];

/** The docs folder of a site. */
export const docsDirOf = (siteDir: string): string => path.join(siteDir, 'docs');

/** The text of `file` (relative to `docsDir`, with `/`). */
export const readDocSource = (docsDir: string, file: string): string => fs.readFileSync(path.join(docsDir, file), 'utf8');

/** Whether `file` (relative to `docsDir`) exists. */
export const docSourceExists = (docsDir: string, file: string): boolean => fs.existsSync(path.join(docsDir, file));

/**
 * The Markdown files under `docsDir`/`folder`, relative to `docsDir` with `/`, sorted; the folders in `skip`
 * (relative to `docsDir`) left out, and with `shallow` only the files of `folder` itself.
 */
export function docSourceFiles(docsDir: string, folder = '', {skip = [], shallow = false}: {skip?: string[]; shallow?: boolean} = {}): string[] {
  const dir = path.join(docsDir, folder);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, {withFileTypes: true})
    .flatMap((entry) => {
      const rel = folder ? `${folder}/${entry.name}` : entry.name;
      if (entry.isDirectory()) return shallow || skip.includes(rel) ? [] : docSourceFiles(docsDir, rel, {skip});
      return /\.mdx?$/.test(entry.name) ? [rel] : [];
    })
    .sort();
}

/** Every file under `docsDir`, pages and images alike, as absolute paths: for content hashes. */
export const allDocFiles = (docsDir: string): string[] => filesUnder(docsDir);

/** The sections: the folders of `docsDir` with an index page (not `_` folders), in name order. */
export function sectionFolders(docsDir: string): string[] {
  return fs
    .readdirSync(docsDir, {withFileTypes: true})
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .filter((entry) => INDEX_FILES.some((name) => fs.existsSync(path.join(docsDir, entry.name, name))))
    .map((entry) => entry.name)
    .sort();
}

/** The YAML between a text's opening `---` line and the next `---` line, as an object ({} without front matter). */
export function frontMatterOfText(text: string): Record<string, unknown> {
  const lines = text.split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return {};
  const end = lines.indexOf('---', 1);
  if (end < 0) return {};
  const data: unknown = YAML.parse(lines.slice(1, end).join('\n'));
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}
