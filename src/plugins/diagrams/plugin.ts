/**
 * Docusaurus plugin for diagrams written as text: loads the diagrams' stylesheet
 * (client/diagrams.css: colors per color mode, the frame's focus ring) on every
 * page. The diagrams themselves are drawn at build time by remarkDiagrams,
 * which the docs options in docusaurus.config.ts list among their remark
 * plugins: a Docusaurus plugin cannot add a remark plugin to another plugin's
 * content. Readers download no diagram code.
 */
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

import remarkDiagrams from './remarkDiagrams';
import type {Feature} from '../../config/feature';

export {remarkDiagrams};

export default function diagramsPlugin(): Plugin {
  return {
    name: 'launchdeck-diagrams',
  };
}

/** Diagrams written as text, drawn at build time, and their stylesheet. */
export const feature = (): Feature => ({
  // The diagrams' colors per color mode, the frame, the caption.
  stylesheets: [path.join(__dirname, 'client', 'diagrams.css')],
  plugins: [diagramsPlugin],
  beforeDefaultRemarkPlugins: [remarkDiagrams],
});
