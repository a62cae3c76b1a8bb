/**
 * HTML of the API reference's static parts (tables, descriptions, notes),
 * written at build time (./pageData.ts) from the same blocks as the pages'
 * Markdown (./blocks.ts). Only the little Markdown that the generator and the contract
 * use is understood: paragraphs, "- " lists, code spans, **strong** and
 * [links](…); anything else stays text, escaped.
 */
import {escapeHtml} from '../../utils/html';

/** Turns a link of the Markdown (a relative `.md` file, `#anchor`…) into the address of the page. */
export type LinkResolver = (url: string) => string;

const INLINE = /`([^`]*)`|\*\*(.+?)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** One line of inline Markdown as HTML. */
export function inlineHtml(markdown: string, link: LinkResolver): string {
  let out = '';
  let last = 0;
  for (const m of markdown.matchAll(INLINE)) {
    out += escapeHtml(markdown.slice(last, m.index));
    if (m[1] !== undefined) out += `<code>${escapeHtml(m[1])}</code>`;
    else if (m[2] !== undefined) out += `<strong>${inlineHtml(m[2], link)}</strong>`;
    else out += `<a href="${escapeHtml(link(m[4]!))}">${inlineHtml(m[3]!, link)}</a>`;
    last = m.index + m[0].length;
  }
  return out + escapeHtml(markdown.slice(last));
}

/** Plain text of inline Markdown (a heading's words, for a table's accessible name). */
export const inlineText = (markdown: string): string =>
  markdown.replace(INLINE, (_, code?: string, strong?: string, label?: string) => code ?? strong ?? label ?? '');

/** Paragraphs and "- " lists of a description from the contract. */
export function proseHtml(markdown: string, link: LinkResolver): string {
  const out: string[] = [];
  for (const block of markdown.trim().split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (!lines[0]!.startsWith('- ')) {
      // A paragraph, possibly followed by a list with no blank line between.
      const start = lines.findIndex((line) => line.startsWith('- '));
      const text = (start < 0 ? lines : lines.slice(0, start)).join(' ');
      out.push(`<p>${inlineHtml(text, link)}</p>`);
      if (start < 0) continue;
      lines.splice(0, start);
    }
    const items: string[] = [];
    for (const line of lines) {
      if (line.startsWith('- ')) items.push(line.slice(2));
      else items[items.length - 1] += ` ${line}`;
    }
    out.push(`<ul>${items.map((item) => `<li>${inlineHtml(item, link)}</li>`).join('')}</ul>`);
  }
  return out.join('');
}

/**
 * A table in a labelled region that scrolls sideways on its own, as every
 * Markdown table of the site gets (src/plugins/table-regions/rehypeTableRegions.ts).
 */
export function tableHtml(head: string[], rows: string[][], label: string, link: LinkResolver): string {
  const th = head.map((h) => `<th>${inlineHtml(h, link)}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((c) => `<td>${inlineHtml(c, link)}</td>`).join('')}</tr>`).join('');
  return `<div class="ld-table" role="region" tabindex="0" aria-label="${escapeHtml(label)}"><table><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table></div>`;
}
