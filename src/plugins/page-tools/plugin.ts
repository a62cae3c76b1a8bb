import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import type {Feature} from '../../config/feature';

/**
 * Page tools: the page header (the title at the content's full width, then
 * "On this page" on phones and the page-actions control), and "Was this page
 * helpful?" after the page. Its theme path holds theme-classic's DocItem
 * parts it changes (seam `theme-doc-item`, src/internals/seams.ts); client/
 * holds the controls, whose menu loads only when opened.
 */
export default function pageToolsPlugin(): Plugin {
  return {
    name: 'launchdeck-page-tools',
    getThemePath() {
      return path.join(__dirname, 'theme');
    },
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      // theme/DocItem/TOC/Mobile only re-exports a function of ../../Content: marked free of side
      // effects, the bundler points DocItem/Layout's import straight at it, with no module of its own.
      return {module: {rules: [{test: /[\\/]page-tools[\\/]theme[\\/]DocItem[\\/]TOC[\\/]Mobile[\\/]index\.tsx$/, sideEffects: false}]}};
    },
  };
}

/** The page header's toolbar and the feedback question. */
export const feature = (): Feature => ({
  // The page header, the page actions and the feedback question.
  stylesheets: [path.join(__dirname, 'client', 'page-tools.css')],
  plugins: [pageToolsPlugin],
});
