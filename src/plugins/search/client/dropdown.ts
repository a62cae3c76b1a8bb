/**
 * What the search box's dropdown adds to the plugin's result template, loaded
 * with the templates (src/plugins/search/seams/lazyTemplates.ts), never with a page:
 * - results grouped by section, as DocSearch does: results keep the engine's
 *   order, and the first result of each run of one section carries the
 *   section's name above it (with `explicitSearchResultPath: false`, a hit then
 *   names only its page);
 * - under each result's title, a mark of what it is (Guide, Changelog, or an
 *   API operation's method) and a line of the text that matched;
 * - the keyboard hints under the results (↑↓ move, ↵ open, esc close), which
 *   screen readers skip: the list box already says how it works.
 */
import type {SearchResult} from './engine/results';
import {escapeHtml} from '../../../utils/html';
import {sectionOf} from './section';
import {snippet} from './snippet';

let previous: string | undefined;

/** The header of a group, for the result about to be drawn: empty inside a group. */
export function groupHeader(result: Pick<SearchResult, 'document' | 'page' | 'rank'>): string {
  const section = sectionOf(result);
  const starts = result.rank === 1 || section !== previous;
  previous = section;
  return starts ? `<span class="ld-hit-section" aria-hidden="true">${escapeHtml(section)}</span>` : '';
}

const KEYS = '<span><kbd>↑</kbd><kbd>↓</kbd>to move</span><span><kbd>↵</kbd>to open</span><span><kbd>esc</kbd>to close</span>';

/** Adds the keyboard hints under the results of every open dropdown, once. */
export function addKeyboardHints(): void {
  document.querySelectorAll<HTMLElement>('.navbar__search [role="listbox"]').forEach((menu) => {
    if (menu.querySelector(':scope > .ld-search-keys')) return;
    const hints = document.createElement('div');
    hints.className = 'ld-search-keys';
    hints.setAttribute('aria-hidden', 'true');
    hints.innerHTML = KEYS;
    menu.append(hints);
  });
}

/** How much of the matched text a result shows under its title. */
const SNIPPET_LENGTH = 110;

/** The mark and the snippet line of a result, as HTML (every piece of text escaped). */
export function resultDetails(result: Pick<SearchResult, 'mark' | 'summary'>): string {
  const {mark} = result;
  // An operation's description starts with its method, which the mark already shows.
  const prefix = mark.method && result.summary.text.startsWith(`${mark.method} `) ? mark.method.length + 1 : 0;
  const summary = {
    text: result.summary.text.slice(prefix),
    positions: result.summary.positions.map(([start, length]): [number, number] => [start - prefix, length]).filter(([start]) => start >= 0),
  };
  const markHtml = `<span class="ld-hit-mark ld-hit-mark--${mark.kind}${mark.method ? ` ld-hit-mark--${mark.method.toLowerCase()}` : ''}">${escapeHtml(mark.label)}</span>`;
  const text = summary.text
    ? snippet(summary.text, summary.positions, SNIPPET_LENGTH)
        .map((segment) => (segment.mark ? `<mark>${escapeHtml(segment.text)}</mark>` : escapeHtml(segment.text)))
        .join('')
    : '';
  return `<span class="ld-hit-details">${markHtml}${text ? `<span class="ld-hit-snippet">${text}</span>` : ''}</span>`;
}

/** The plugin's result HTML with the details after its title and path, inside its text wrapper (before the action icon). */
export function withDetails(html: string, result: Pick<SearchResult, 'mark' | 'summary'>): string {
  if (!result.mark) return html;
  const end = html.lastIndexOf('</span><span class="');
  return end < 0 ? html + resultDetails(result) : html.slice(0, end) + resultDetails(result) + html.slice(end);
}

/**
 * A result template of the plugin with the site's additions: the keyboard
 * hints, and (`grouped`, for results) the header of the result's group, its mark and snippet.
 */
export function withGroupsAndKeys<T extends (...args: never[]) => string>(template: T, grouped = true): T {
  return ((...args: never[]) => {
    addKeyboardHints();
    if (!grouped) return template(...args);
    const result = args[0] as SearchResult;
    return groupHeader(result) + withDetails(template(...args), result);
  }) as T;
}
