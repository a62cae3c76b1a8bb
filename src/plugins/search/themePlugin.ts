import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * The search feature's theme: the /search page, replaced (theme/SearchPage)
 * (the feature's styles, client/search.css, are declared in plugin.ts). A
 * plugin of its own, listed after the search plugin in `themes`, because a
 * theme path shadows the ones loaded before it and the wrapper (plugin.ts)
 * keeps the search plugin's. The search box's wrapper (client/SearchBar.tsx)
 * is linked from the site's src/theme instead: a wrapper in a plugin's theme
 * path would get theme-classic's empty SearchBar as @theme-init.
 */
export default function searchThemePlugin(): Plugin {
  return {
    name: 'launchdeck-search-theme',
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
  };
}
