/**
 * What the search box's dropdown adds to the plugin's result template, loaded
 * with the templates (src/plugins/search/seams/lazyTemplates.ts), never with a page:
 * - results grouped by section, as DocSearch does: results keep the engine's
 *   order, and the first result of each run of one section carries the
 *   section's name above it (with `explicitSearchResultPath: false`, a hit then
 *   names only its page);
 * - the keyboard hints under the results (↑↓ move, ↵ open, esc close), which
 *   screen readers skip: the list box already says how it works.
 */
import type {SearchResult} from './engine/results';
import {escapeHtml} from '../../../utils/html';

/** A result's section: its page's breadcrumbs without the docs root, else the page itself (a section page). */
export function sectionOf(result: Pick<SearchResult, 'document' | 'page'>): string {
  const page = result.page ?? result.document;
  const crumbs = (page.b ?? []).slice(1);
  return crumbs.length ? crumbs.join(' › ') : page.t;
}

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

/**
 * A result template of the plugin with the site's additions: the keyboard
 * hints, and (`grouped`, for results) the header of the result's group.
 */
export function withGroupsAndKeys<T extends (...args: never[]) => string>(template: T, grouped = true): T {
  return ((...args: never[]) => {
    addKeyboardHints();
    return (grouped ? groupHeader(args[0] as SearchResult) : '') + template(...args);
  }) as T;
}
