/**
 * Docusaurus plugin for wide tables: loads the scroll region's stylesheet
 * (client/table-regions.css) on every page. The regions themselves are added
 * at build time by rehypeTableRegions, which the docs options in
 * docusaurus.config.ts list among their rehype plugins: a Docusaurus plugin
 * cannot add a rehype plugin to another plugin's content. Readers download no
 * code for it.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

import rehypeTableRegions from './rehypeTableRegions';
import type {Feature} from '../../config/feature';

export {rehypeTableRegions};

export default function tableRegionsPlugin(): Plugin {
  return {
    name: 'launchdeck-table-regions',
  };
}

/** Wide tables scroll inside a named region, and its stylesheet. */
export const feature = (): Feature => ({
  // The region's look: it scrolls sideways, and shows its focus ring.
  stylesheets: [path.join(__dirname, 'client', 'table-regions.css')],
  plugins: [tableRegionsPlugin],
  rehypePlugins: [rehypeTableRegions],
});
