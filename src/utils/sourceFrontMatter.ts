/**
 * The front matter of a page's source file, parsed as YAML, for the one
 * generator that must read pages before the docs plugin has loaded them
 * (everything else reads the site model, src/utils/siteModel.ts): the API
 * reference, whose pages are docs, so it writes them while Docusaurus
 * creates the plugins; it names the guides that call each operation by
 * their titles (src/plugins/api-reference/plugin.ts).
 */
import fs from 'node:fs';
import YAML from 'yaml';

/** The YAML between a file's opening `---` line and the next `---` line, as an object ({} without front matter). */
export function sourceFrontMatter(file: string): Record<string, unknown> {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') return {};
  const end = lines.indexOf('---', 1);
  if (end < 0) return {};
  const data: unknown = YAML.parse(lines.slice(1, end).join('\n'));
  return data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
}

/** The `title` of a page's front matter, if it has one. */
export function sourceTitle(file: string): string | undefined {
  const title = sourceFrontMatter(file).title;
  return typeof title === 'string' ? title : undefined;
}
