import type {Plugin} from '@docusaurus/types';

/**
 * Docusaurus 3.7's inline colour-mode script sets `data-theme="undefined"`
 * when reading localStorage throws (private modes, blocked storage), which
 * renders the light theme. This script runs right after it, before the first
 * paint, and restores the default dark theme in that case.
 */
export default function colorModeFallbackPlugin(): Plugin {
  return {
    name: 'launchdeck-color-mode-fallback',
    injectHtmlTags() {
      return {
        preBodyTags: [
          {
            tagName: 'script',
            innerHTML:
              "(function(){var d=document.documentElement,t=d.getAttribute('data-theme');if(t!=='dark'&&t!=='light'){d.setAttribute('data-theme','dark');}})();",
          },
        ],
      };
    },
  };
}
