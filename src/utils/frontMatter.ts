/**
 * Reads one scalar field from a Markdown file's front matter at build time,
 * without a YAML parser: every page of this project writes its title and
 * description on one line, double-quoted (the content tests check it).
 */
import fs from 'node:fs';

export function frontMatterField(file: string, field: string): string | undefined {
  const frontMatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(fs.readFileSync(file, 'utf8'))?.[1];
  const raw = frontMatter && new RegExp(`^${field}:\\s*(.+?)\\s*$`, 'm').exec(frontMatter)?.[1];
  if (!raw) return undefined;
  try {
    return raw.startsWith('"') ? (JSON.parse(raw) as string) : raw.replace(/^'(.*)'$/, '$1').replace(/''/g, "'");
  } catch {
    return raw;
  }
}
