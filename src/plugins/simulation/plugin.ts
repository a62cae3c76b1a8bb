/**
 * The simulated Launchdeck API, in the reader's browser: at build time this
 * plugin makes the simulation's data from the contract and the facts
 * (./simData.ts) and compiles the contract's request and response checks to
 * code (./validators.ts, Ajv standalone), and hands them to the browser as
 * generated modules that load only when a reader opens the console or the
 * quick start (./client/browser.ts). Nothing of it is in a page's first load.
 */
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {urls} from '../../config/urls';
import remarkSimulationRuns from './remarkSimulationRuns';
import type {Feature} from '../../config/feature';
import type {SimData} from './client/engine/types';
import {loadSources, simDataOf, sourceFiles} from './simData';
import {resourceValidatorsCode, responseValidatorsCode, standaloneValidators} from './validators';

export const SIMULATION_PLUGIN = 'launchdeck-simulation';

export interface SimulationContent {
  data: SimData;
  requests: string;
  responses: string;
  /** The request checks of each resource's operations, by the resource's slug. */
  resources: Record<string, string>;
}

export default function simulationPlugin(context: LoadContext): Plugin {
  return {
    name: SIMULATION_PLUGIN,
    getPathsToWatch() {
      return sourceFiles(context.siteDir);
    },
    async loadContent(): Promise<SimulationContent> {
      const {contract, facts} = loadSources(context.siteDir);
      return {
        data: simDataOf(contract, facts, urls.api),
        requests: standaloneValidators(contract),
        responses: responseValidatorsCode(contract),
        resources: Object.fromEntries(resourceValidatorsCode(contract)),
      };
    },
    async contentLoaded({content: loaded, actions}) {
      const content = loaded as SimulationContent;
      // @generated/launchdeck-simulation/default/…, imported by ./client/generated.ts on demand.
      await actions.createData('data.json', JSON.stringify(content.data));
      await actions.createData('requests.js', content.requests);
      await actions.createData('responses.js', content.responses);
      // One module per resource, for the API console: resources/<slug>.js.
      await Promise.all(Object.entries(content.resources).map(([slug, code]) => actions.createData(`resources/${slug}.js`, code)));
    },
  };
}

/** Where the generated modules are, for the tests. */
export const generatedDir = (siteDir: string): string => path.join(siteDir, '.docusaurus', SIMULATION_PLUGIN, 'default');

/**
 * The simulated API that the console and the quick start run in the reader's browser, and the remark plugin that
 * sends the quick start's calls to it (it reads `%API_URL%/…` before the URL tokens are replaced).
 */
export const feature = (): Feature => ({
  // "Run in the simulation" and the quick start's layout; the simulation itself loads on demand.
  stylesheets: [path.join(__dirname, 'client', 'practice.css')],
  plugins: [simulationPlugin],
  beforeDefaultRemarkPlugins: [remarkSimulationRuns],
});
