/**
 * For static hosts that apply no rules (src/plugins/hosting/rules.mjs): the address bar
 * never keeps `.html` or `/index.html` (the canonical link already names the
 * clean address), and when such a host answers `…/x.html` with its not-found
 * page, the page `x` is still shown. A client module: it runs before React
 * starts, so the router reads the clean address. Where the HTML is the
 * not-found page, React renders the page from scratch instead of hydrating
 * markup that belongs to another page (see window.docusaurusRoot in
 * @docusaurus/core's clientEntry).
 */
// react-dom/client is already in every page's bundle (Docusaurus's client entry uses it).
import {createRoot} from 'react-dom/client';

declare global {
  interface Window {
    docusaurusRoot?: unknown;
  }
}

export function cleanPath(pathname: string): string {
  return pathname.replace(/\/index\.html$/, '/').replace(/^(.+)\.html$/, '$1');
}

if (typeof window !== 'undefined') {
  const {pathname, search, hash} = window.location;
  const clean = cleanPath(pathname);
  if (clean !== pathname && pathname !== '/404.html') {
    window.history.replaceState(window.history.state, '', clean + search + hash);
    const container = document.getElementById('__docusaurus');
    if (container && !window.docusaurusRoot && document.querySelector('[data-ld-not-found]')) {
      window.docusaurusRoot = createRoot(container);
    }
  }
}
