import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * The search feature's theme components: the search box wrapped (focus returns
 * where it was) and the /search page replaced (theme/). A plugin of its own,
 * listed after the search plugin in `themes`, because a theme path shadows the
 * ones loaded before it and the wrapper (plugin.ts) keeps the search plugin's.
 */
export default function searchThemePlugin(): Plugin {
  return {
    name: 'launchdeck-search-theme',
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
  };
}
