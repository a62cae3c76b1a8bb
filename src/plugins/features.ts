/**
 * The site's features, in order: each one's `feature` declaration from its
 * `plugin.ts` (src/config/feature.ts says what a declaration holds).
 * docusaurus.config.ts reads this list, and only this list, to add the
 * features' plugins, Markdown plugins, sidebar steps, static folders and
 * theme settings. The order is the order of their plugins (so of their
 * client modules and stylesheets) and of their Markdown plugins: the API
 * reference first, because it writes its pages before the docs are read and
 * its remark plugin reads the curl examples before the URL tokens are
 * replaced; the navigation's sidebar groups after the changelog's sidebar
 * step; the hosting rules last, since they read the others' declarations
 * (the files they write with a media type). A new feature adds one line here.
 */
import type {Feature, Site} from '../config/feature';
import * as apiReference from './api-reference/plugin';
import * as highlighting from './highlighting/plugin';
import * as diagrams from './diagrams/plugin';
import * as tableRegions from './table-regions/plugin';
import * as cards from './cards/plugin';
import * as pageTools from './page-tools/plugin';
import * as chunkFileNames from './chunk-file-names/plugin';
import * as robotsTxt from './robots-txt/plugin';
import * as navigation from './navigation/plugin';
import * as changelog from './changelog/plugin';
import * as markdownForTools from './markdown-for-tools/plugin';
import * as simulation from './simulation/plugin';
import * as hosting from './hosting/plugin';
import * as search from './search/plugin';
import * as colorMode from './color-mode/plugin';

export const features = (site: Site): Feature[] => {
  const declared = [
    apiReference,
    highlighting,
    diagrams,
    tableRegions,
    cards,
    pageTools,
    chunkFileNames,
    robotsTxt,
    changelog,
    navigation,
    markdownForTools,
    simulation,
    colorMode,
    search,
  ].map((module) => module.feature(site));
  // Last: the hosting rules serve the files the others declare with their media type.
  return [...declared, hosting.feature(site, declared)];
};
