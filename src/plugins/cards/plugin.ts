import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import remarkCardDescriptions from './remarkCardDescriptions';
import type {Feature, Site} from '../../config/feature';

/**
 * Card lists: theme-classic's `DocCardList` drawn with each card's description
 * from the page itself (theme/DocCardList, swizzle-safe), which
 * remarkCardDescriptions.ts hands to every `<DocCardList />` and
 * `<SectionCards />` at build time (the docs metadata every page loads has no
 * descriptions: seam `docs-metadata`).
 */
export default function cardsPlugin(): Plugin {
  return {
    name: 'launchdeck-cards',
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
  };
}

/** DocCardList with its pages' descriptions (handed over by a remark plugin), and the docs home's cards. */
export const feature = (site: Site): Feature => ({
  // The docs home's entry points as cards, and its topics.
  stylesheets: [path.join(__dirname, 'client', 'cards.css')],
  plugins: [cardsPlugin],
  remarkPlugins: [[remarkCardDescriptions, {docsDir: site.docsDir}]],
});
