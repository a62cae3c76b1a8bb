/**
 * The announcement bar (theme config `announcementBar`): the newest changelog
 * entry marked `announce: true`, with a link to it. Its id is the entry's
 * name, so a newly announced entry is a new id, which the theme takes as a
 * new bar: it shows again to readers who dismissed the previous one.
 * Without an announced entry there is no bar.
 */
import {docsDirOf} from '../../utils/docsSource';
import {announcedEntry, readEntries} from './entries';
import {escapeHtml} from '../../utils/html';

/** The bar's colors follow the color mode (./client/changelog.css, --ld-announcement-*). */
const COLORS = {backgroundColor: 'var(--ld-announcement-background)', textColor: 'var(--ld-announcement-color)'};

export function announcementBar(siteDir: string) {
  const entry = announcedEntry(readEntries(docsDirOf(siteDir)));
  if (!entry) return undefined;
  return {
    id: `changelog-${entry.name}`,
    content: `<span class="ld-announcement__label">New</span> <a class="ld-announcement__link" href="${entry.route}">${escapeHtml(entry.title)}</a>`,
    isCloseable: true,
    ...COLORS,
  };
}

/**
 * A script for the page's <head>, before the theme's own: when the stored bar
 * id is not this bar's, it clears the stored dismissal. The theme's inline
 * script hides a dismissed bar before the first paint but does not compare
 * ids, so a reader who dismissed the previous bar would not see the new one
 * until their next page (the theme only resets the dismissal after hydration).
 */
export function newBarScript(id: string): string {
  return `try{if(localStorage.getItem('docusaurus.announcement.id')!==${JSON.stringify(id)})localStorage.setItem('docusaurus.announcement.dismiss','false')}catch(e){}`;
}
