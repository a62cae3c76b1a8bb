/**
 * Navigation (src/plugins/navigation/README.md): the sidebar's group labels
 * (./sidebarGroups.ts, used by the docs options in docusaurus.config.ts) and,
 * on every page with a sidebar, the sidebar opened scrolled to the current
 * page. The scroll is a few lines of inline script at the end of the body,
 * before the first paint and before any of the site's JavaScript: nothing
 * moves after the page is shown, and no bundle grows. On phones, the menu
 * keeps keyboard focus like a dialog (./client/mobileMenuDialog.ts). And the
 * not-found page, with search and the main sections (./theme/NotFound/Content).
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

import {withGroups} from './sidebarGroups';
import type {Feature} from '../../config/feature';

export {groupedSidebar, withGroups, SIDEBAR_GROUPS} from './sidebarGroups';

/**
 * Scrolls the desktop sidebar's list so that the current page's link is in
 * its upper third, when it would be out of view. Only the sidebar's own list
 * scrolls, never the page.
 */
export const SIDEBAR_SCROLL_SCRIPT = `(window.ldShowCurrent=function(){var a=document.querySelector('.theme-doc-sidebar-menu .menu__link--active:not(.menu__link--sublist)');if(!a)return;for(var n=a.parentElement;n&&n!==document.body;n=n.parentElement){var o=getComputedStyle(n).overflowY;if((o==='auto'||o==='scroll')&&n.scrollHeight>n.clientHeight){var r=a.getBoundingClientRect(),b=n.getBoundingClientRect();if(r.top<b.top||r.bottom>b.bottom)n.scrollTop+=r.top-b.top-b.height/3;return}}})()`;

export default function navigationPlugin(): Plugin {
  return {
    name: 'launchdeck-navigation',
    // The not-found page (theme/NotFound/Content: seam theme-not-found, and its body).
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    injectHtmlTags() {
      return {postBodyTags: [{tagName: 'script', innerHTML: SIDEBAR_SCROLL_SCRIPT}]};
    },
    getClientModules() {
      // The phone's menu as a dialog for keyboard users; the current page's link kept in view after each route update;
      // the progress bar of a slow navigation without the invalid ARIA roles of its upstream template.
      return ['mobileMenuDialog.ts', 'showCurrent.ts', 'progressBar.ts'].map((file) => path.join(__dirname, 'client', file));
    },
  };
}

/** The sidebar's sections under group labels, opened scrolled to the current page; the phone's menu as a dialog. */
export const feature = (): Feature => ({plugins: [navigationPlugin], sidebarItems: (items) => withGroups(items)});
