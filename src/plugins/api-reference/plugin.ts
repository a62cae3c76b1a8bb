/**
 * The API reference, generated from api/openapi.yaml at build time. Each
 * operation's page goes one way, contract → content → outputs:
 * ./contract.ts reads the contract, ./blocks.ts makes the page's content, and
 * three modules write it out: ./pageData.ts (the data the page renders),
 * ./toolsMarkdown.ts (its Markdown for readers' tools) and ./docsFiles.ts (its
 * MDX, the overview and the sidebar categories). This plugin runs them:
 * - when it is created, before any plugin loads its content, it writes the
 *   pages, a sidebar category per resource and the overview into
 *   docs/api/reference/ (ignored by git: generated, never edited, never
 *   committed), so they are there when the docs plugin reads the docs folder;
 *   each page lists the guides that call its operation, and the changelog
 *   entries that name it (src/plugins/changelog);
 * - its content is the Markdown for readers' tools of those pages
 *   (./pluginContent.ts), which src/plugins/markdown-for-tools reads;
 * - after the build, it publishes the contract as /openapi.yaml and /openapi.json.
 */
import {execFileSync} from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {loadSiteContract, type Contract, type Operation} from './contract';
import {apiCallsIn, findOperation} from './calls';
import {CONSOLE_CSS, GENERATED_STATIC_DIR, REFERENCE_DIR, consoleDataPath} from './client/routes';

/** The API console's stylesheet, served as CONSOLE_CSS. */
const CONSOLE_CSS_SOURCE = path.join(__dirname, 'client', 'console', 'console.css');
import {operationContent, type GuideLink} from './blocks';
import {operationPageData} from './pageData';
import {operationToolsMarkdown} from './toolsMarkdown';
import {operationStub, overviewPage, resourceCategory} from './docsFiles';
import {consoleContext, consoleSpec, type ConsoleContext} from './consoleSpec';
import {API_REFERENCE_PLUGIN, type ApiReferenceContent} from './pluginContent';
import {docusaurusFeatures} from '../../config/docusaurusVersion';
import {urls} from '../../config/urls';
import {filesUnder} from '../../utils/files';
import {docSourceFiles, docsDirOf, frontMatterOfText, readDocSource} from '../../utils/docsSource';
import {formatDate, readEntries} from '../changelog/entries';
import remarkApiReferenceLinks from './remarkReferenceLinks';
import type {Feature, Site} from '../../config/feature';

/** The changelog entries that name each operation (`changelog.operations`), newest first, by operation ID. */
export function changelogByOperation(siteDir: string): Map<string, GuideLink[]> {
  const byOperation = new Map<string, GuideLink[]>();
  for (const entry of readEntries(docsDirOf(siteDir))) {
    for (const id of entry.operations) {
      byOperation.set(id, [...(byOperation.get(id) ?? []), {title: `${formatDate(entry.date)}: ${entry.title}`, file: entry.file}]);
    }
  }
  return byOperation;
}

/** The guides whose curl examples call each operation, by operation ID. */
export function guidesByOperation(siteDir: string, contract: Contract): Map<string, GuideLink[]> {
  const docsDir = docsDirOf(siteDir);
  const byOperation = new Map<string, GuideLink[]>();
  for (const rel of docSourceFiles(docsDir, '', {skip: [REFERENCE_DIR]})) {
    const markdown = readDocSource(docsDir, rel);
    const frontTitle = frontMatterOfText(markdown).title;
    const title = typeof frontTitle === 'string' ? frontTitle : rel;
    const seen = new Set<string>();
    for (const call of apiCallsIn(markdown).filter((c) => c.curl)) {
      const op = findOperation(contract, call.method, call.path);
      if (!op || seen.has(op.id)) continue;
      seen.add(op.id);
      const list = byOperation.get(op.id) ?? [];
      list.push({title, file: rel});
      byOperation.set(op.id, list);
    }
  }
  return byOperation;
}

/** The day api/openapi.yaml last changed in git (YYYY-MM-DD), or undefined without git history. */
export function contractDate(siteDir: string): string | undefined {
  try {
    const out = execFileSync('git', ['log', '-1', '--format=%cs', '--', 'api/openapi.yaml'], {
      cwd: siteDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return /^\d{4}-\d{2}-\d{2}$/.test(out) ? out : undefined;
  } catch {
    return undefined;
  }
}

export interface GeneratedFile {
  /** Path under docs/api/reference/, or under the generated static folder when `served`. */
  file: string;
  /** Served as it is (the API console's data), not read by the docs plugin. */
  served?: boolean;
  content: string;
  /** The page's Markdown for readers' tools, ready to publish, when `content` is not Markdown a reader could use. */
  markdown?: string;
}

export interface ReferenceOptions {
  /** The day the contract last changed (YYYY-MM-DD), as the pages' `last_update`. */
  lastUpdate?: string;
  /** The site's address, for the absolute links of the Markdown for readers' tools. */
  siteUrl?: string;
  /** A `key` in each resource's `_category_.json` (only Docusaurus 3.8+ accepts one). */
  categoryKey?: boolean;
  /** What the API console needs; without it, pages have no console data. */
  apiConsole?: ConsoleContext;
  /** The changelog entries that name an operation, for its "Changelog" section; without it, none. */
  changelogOf?: (op: Operation) => GuideLink[];
}

/**
 * Every file of the reference, paths relative to docs/api/reference/; for an
 * operation's page, `markdown` is its Markdown for readers' tools (the file
 * itself only imports the page's data).
 */
export function referenceFiles(contract: Contract, guidesOf: (op: Operation) => GuideLink[], options: ReferenceOptions = {}): GeneratedFile[] {
  const {lastUpdate, siteUrl = urls.site, categoryKey = false, apiConsole} = options;
  const files: GeneratedFile[] = [{file: 'index.md', content: overviewPage(contract, lastUpdate)}];
  for (const resource of contract.resources) {
    files.push({file: `${resource.slug}/_category_.json`, content: resourceCategory(resource, {categoryKey})});
    for (const op of resource.operations) {
      const guides = guidesOf(op);
      const page = operationContent(contract, op, guides, options.changelogOf?.(op) ?? []);
      const dataFile = `${op.slug}.json`;
      const consoleData = apiConsole ? consoleDataPath(op) : undefined;
      files.push({
        file: `${resource.slug}/${op.slug}.md`,
        content: operationStub(op, page, dataFile, lastUpdate, consoleData),
        markdown: operationToolsMarkdown(page, siteUrl),
      });
      files.push({file: `${resource.slug}/${dataFile}`, content: `${JSON.stringify(operationPageData(page))}\n`});
      if (apiConsole && consoleData) {
        files.push({file: consoleData.slice(1), served: true, content: `${JSON.stringify(consoleSpec(apiConsole, op, guides))}\n`});
      }
    }
  }
  return files;
}

export interface GeneratedReference {
  contract: Contract;
  /** Every file written, as absolute paths. */
  files: string[];
  /** The Markdown for readers' tools of the pages that need it, by path under docs/. */
  toolsMarkdown: Record<string, string>;
}

/**
 * Writes the reference into docs/api/reference/, and the API console's data
 * into the generated static folder; files whose content didn't change are
 * left alone, files of operations that left the contract are removed.
 */
export function generateReference(siteDir: string, options: Pick<ReferenceOptions, 'categoryKey'> = {}): GeneratedReference {
  const contract = loadSiteContract(siteDir);
  const guides = guidesByOperation(siteDir, contract);
  const changes = changelogByOperation(siteDir);
  const outDir = path.join(docsDirOf(siteDir), ...REFERENCE_DIR.split('/'));
  const servedDir = path.join(siteDir, ...GENERATED_STATIC_DIR.split('/'));
  const targetOf = (f: GeneratedFile) => path.join(f.served ? servedDir : outDir, f.file);
  const files = referenceFiles(contract, (op: Operation) => guides.get(op.id) ?? [], {
    ...options,
    changelogOf: (op: Operation) => changes.get(op.id) ?? [],
    lastUpdate: contractDate(siteDir),
    apiConsole: consoleContext(contract, docsDirOf(siteDir)),
  });
  // The console's stylesheet is served beside its data: every stylesheet the site bundles goes into the CSS every page loads.
  files.push({file: CONSOLE_CSS.slice(1), served: true, content: fs.readFileSync(CONSOLE_CSS_SOURCE, 'utf8')});
  const wanted = new Set(files.map(targetOf));
  // Pages of operations that left the contract go too.
  for (const dir of [outDir, path.join(servedDir, 'api-console')]) {
    for (const old of filesUnder(dir)) if (!wanted.has(old)) fs.rmSync(old, {force: true});
  }
  const toolsMarkdown: Record<string, string> = {};
  for (const f of files) {
    const {file, content, markdown} = f;
    if (markdown !== undefined) toolsMarkdown[`${REFERENCE_DIR}/${file}`] = markdown;
    const target = targetOf(f);
    fs.mkdirSync(path.dirname(target), {recursive: true});
    if (!fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== content) fs.writeFileSync(target, content);
  }
  return {contract, files: [...wanted], toolsMarkdown};
}

/**
 * Declared for the docs plugin's `editUrl`: the file a writer edits for a page
 * in docs/ (`docPath`, relative to docs/), or none. The reference's pages are
 * generated from the contract and ignored by git, so they have no file to
 * edit, and no "Edit this page" link (which opened a path git ignores).
 */
/**
 * What the site takes from the API reference: the plugin, first (it writes the pages before the docs are read); the
 * curl examples' links to their operations, which read the calls before the URL tokens are replaced; its generated
 * pages, which have no file to edit; and the console's data as static files.
 */
export const feature = (site: Site): Feature => ({
  // Method badges, parameters as rows, and the page's two columns from 1200 px.
  stylesheets: [path.join(__dirname, 'client', 'api-reference.css')],
  plugins: [apiReferencePlugin],
  beforeDefaultRemarkPlugins: [[remarkApiReferenceLinks, {siteDir: site.siteDir}]],
  generatesDoc: (docPath) => docPath.startsWith(`${REFERENCE_DIR}/`),
  // Its 169 pages load their routes on demand; the page's component gets a chunk of its own: used by half the site's
  // pages, it would otherwise go into the `common` chunk that every task page loads.
  routeGroup: {
    name: 'api-reference',
    prefix: `/docs/${REFERENCE_DIR}/`,
    required: true,
    chunk: {test: /[\\/]src[\\/]plugins[\\/]api-reference[\\/]client[\\/]Operation\.tsx$/, priority: 45},
  },
  staticDirectories: [GENERATED_STATIC_DIR],
});

export default function apiReferencePlugin(context: LoadContext): Plugin {
  const contractFile = path.join(context.siteDir, 'api/openapi.yaml');
  const options = {categoryKey: docusaurusFeatures(context.siteDir).sidebarCategoryKey};
  // Written now, while Docusaurus creates the plugins: every plugin is created
  // before any loads its content, so the docs plugin finds the pages.
  let generated = generateReference(context.siteDir, options);
  let loaded = false;
  return {
    name: API_REFERENCE_PLUGIN,
    getPathsToWatch() {
      return [contractFile, CONSOLE_CSS_SOURCE];
    },
    async loadContent(): Promise<ApiReferenceContent> {
      // A second load means the contract changed under `docusaurus start`: write the pages again.
      if (loaded) generated = generateReference(context.siteDir, options);
      loaded = true;
      return {toolsMarkdown: generated.toolsMarkdown};
    },
    async postBuild({outDir}) {
      fs.copyFileSync(contractFile, path.join(outDir, 'openapi.yaml'));
      fs.writeFileSync(path.join(outDir, 'openapi.json'), `${JSON.stringify(generated.contract.doc, null, 2)}\n`);
    },
  };
}
