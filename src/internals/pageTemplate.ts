/**
 * Seam "page-template": the `ssrTemplate` of the site, made at build time
 * from Docusaurus's own page template
 * (@docusaurus/core/lib/ssg/ssgTemplate.html.js) with one change: the page's
 * scripts are added right after the first frame is painted, in order
 * (async = false), instead of as deferred scripts in <head>. The text is
 * already in the HTML, so readers see it as soon as the styles arrive; the
 * JavaScript (hydration, search, prefetching) follows at once. Without
 * JavaScript nothing changes.
 *
 * Made from the installed template rather than copied, so whatever else a
 * Docusaurus release changes in it is kept. When the part this changes is no
 * longer there, the build fails and names the seam. The loader script is
 * inline: the build adds its hash to the Content-Security-Policy
 * (src/plugins/hosting/plugin.ts).
 */
import {createRequire} from 'node:module';
import path from 'node:path';
import {SeamError} from './seamError';

export const UPSTREAM_TEMPLATE = '@docusaurus/core/lib/ssg/ssgTemplate.html.js';

/** The deferred scripts in <head>, as Docusaurus writes them. */
const DEFERRED_SCRIPTS = /\s*<% it\.scripts\.forEach\(\(script\) => \{ %>\s*<script src="<%= it\.baseUrl %><%= script %>" defer><\/script>\s*<% \}\); %>/;
/** The app's markup, after which the loader goes. */
const APP_HTML = /<div id="__docusaurus"><%~ it\.appHtml %><\/div>/;

/**
 * Adds the page's scripts once the first frame is presented (Paint Timing; a frame callback runs before its paint, and
 * Lighthouse then counted the scripts into the largest paint: tests/browser/first-paint.test.mjs); at once when hidden.
 * Its id is what `<link rel="expect" blocking="render">` (docusaurus.config.ts) waits for: the first paint is the whole page.
 */
export const SCRIPT_LOADER =
  '<script id="ld-parsed">(function(){var s=[<% it.scripts.forEach((script) => { %>"<%= it.baseUrl %><%= script %>",<% }); %>],d=0,P=window.PerformanceObserver;function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=false;document.body.appendChild(e);});}if(document.visibilityState!=="visible")return go();addEventListener("visibilitychange",go);if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(l,o){o.disconnect();go();}).observe({type:"paint",buffered:true});}else{requestAnimationFrame(function(){requestAnimationFrame(go);});}})();</script>';

/** The site's template, from Docusaurus's template text. */
export function pageTemplateFrom(upstream: string): string {
  if (!DEFERRED_SCRIPTS.test(upstream) || !APP_HTML.test(upstream)) {
    throw new SeamError(
      'page-template',
      `${UPSTREAM_TEMPLATE} no longer has the deferred <script> tags in <head> or the #__docusaurus container that src/internals/pageTemplate.ts moves the scripts after.`,
    );
  }
  return upstream.replace(DEFERRED_SCRIPTS, '').replace(APP_HTML, (app) => `${app}\n    ${SCRIPT_LOADER}`);
}

/** The site's template, from the Docusaurus installed for the site. */
export function pageTemplate(siteDir: string): string {
  const require = createRequire(path.join(siteDir, 'package.json'));
  const upstream = (require(UPSTREAM_TEMPLATE) as {default: string}).default;
  return pageTemplateFrom(upstream);
}
