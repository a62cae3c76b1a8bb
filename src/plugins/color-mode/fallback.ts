/**
 * The dark default when storage is blocked. Docusaurus 3.7's inline colour-mode
 * script (@docusaurus/theme-classic/lib/inlineScripts.js) sets
 * `data-theme="undefined"` when reading localStorage throws (private modes,
 * blocked storage), which renders the light theme. This script runs right
 * after it, before the first paint, and sets the dark default whenever the
 * page has no theme: it reads nothing of the upstream script, so a release
 * that changes it cannot break this one (from 3.10 the upstream script falls
 * back to the default itself, and this one then does nothing). It is one of
 * the inline scripts the Content-Security-Policy lists.
 */
import type {HtmlTagObject} from '@docusaurus/types';

export const COLOR_MODE_FALLBACK_SCRIPT =
  "(function(){var d=document.documentElement,t=d.getAttribute('data-theme');if(t!=='dark'&&t!=='light'){d.setAttribute('data-theme','dark');}})();";

export const colorModeFallbackTag: HtmlTagObject = {tagName: 'script', innerHTML: COLOR_MODE_FALLBACK_SCRIPT};
