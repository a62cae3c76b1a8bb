/**
 * Splits the local-search plugin's full index into the files of the quick
 * search tier (read by src/search/worker.ts):
 * - search-lite-<hash>.json: titles, headings, descriptions and keywords of
 *   every page (documents only, in the plugin's type order);
 * - search-text[-<context>]-<hash>.json: the body text of the pages of each
 *   search context, and of the pages outside every context.
 */
import fs from 'node:fs';
import path from 'node:path';
import {contextOfPath, contextPart} from './contextPaths';

interface SearchDocument {
  i: number;
  u: string;
}
type FullIndex = Array<{documents: SearchDocument[]; index: unknown}>;

/** The context (for example "docs/servers") of a page URL, or "" when no context contains it. */
export function contextOf(url: string, baseUrl: string, contextPaths: readonly string[]): string {
  return url.startsWith(baseUrl) ? contextOfPath(url.slice(baseUrl.length), contextPaths) : '';
}

export function splitSearchIndex(outDir: string, baseUrl: string, contextPaths: readonly string[]): string[] {
  const root = fs.readdirSync(outDir).find((name) => /^search-index-[0-9a-z]+\.json$/.test(name));
  if (!root) {
    throw new Error(`No search-index-<hash>.json in ${outDir}: the search plugin needs hashed: 'filename'.`);
  }
  const hash = root.slice('search-index-'.length, -'.json'.length);
  const full = JSON.parse(fs.readFileSync(path.join(outDir, root), 'utf8')) as FullIndex;
  if (full.length !== 5) throw new Error(`Unexpected search index layout in ${root}.`);

  const written: string[] = [];
  const write = (name: string, value: unknown) => {
    fs.writeFileSync(path.join(outDir, name), JSON.stringify(value));
    written.push(name);
  };
  write(`search-lite-${hash}.json`, full.slice(0, 4).map(({documents}) => documents));

  const byContext = new Map<string, SearchDocument[]>(['', ...contextPaths].map((context) => [context, []]));
  for (const doc of full[4]!.documents) {
    byContext.get(contextOf(doc.u, baseUrl, contextPaths))!.push(doc);
  }
  for (const [context, documents] of byContext) {
    write(`search-text${contextPart(context)}-${hash}.json`, documents);
  }
  return written;
}
