/**
 * The colour mode's dark default, kept when the browser blocks storage
 * (./fallback.ts): a script at the start of the body, after theme-classic's
 * own colour-mode script. Public API only (`injectHtmlTags`).
 */
import type {Plugin} from '@docusaurus/types';
import type {Feature} from '../../config/feature';
import {colorModeFallbackTag} from './fallback';

export default function colorModePlugin(): Plugin {
  return {
    name: 'launchdeck-color-mode',
    injectHtmlTags() {
      return {preBodyTags: [colorModeFallbackTag]};
    },
  };
}

export const feature = (): Feature => ({plugins: [colorModePlugin]});
