/**
 * Pages for readers' tools, written after the build:
 * - every doc page as Markdown beside it (`/docs/servers/add-server.md`, and
 *   `/docs/servers/index.md` for a section page), see ./exportPage.ts;
 * - `/llms.txt` (llmstxt.org): the product in a paragraph, then every section
 *   of the sidebar with its pages as links to their Markdown and their
 *   descriptions; `/llms-full.txt`: the same introduction, then every page.
 */
import fs from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {Worker} from 'node:worker_threads';
import type {Feature} from '../../config/feature';
import {markdownPath, type ExportPage} from './exportPage';
import {apiReferenceContent} from '../api-reference/pluginContent';
import {urls} from '../../config/urls';
import {mcpCommand} from '../../config/assistants';
import {siteModelIn, type SiteModel, type SitePage, type SidebarItem} from '../../utils/siteModel';
import {docsDirOf, readDocSource} from '../../utils/docsSource';

type DocMeta = Pick<SitePage, 'id' | 'title' | 'description' | 'permalink'>;

/** The product, in the paragraph that opens /llms.txt. */
export const PRODUCT_SUMMARY =
  'Launchdeck is a DevOps platform with a web app and a REST API. It creates servers at AWS, Azure, DigitalOcean and Google Cloud or connects machines you already run, deploys applications from Git, runs pipelines of steps on servers as actions, and manages the credentials, SSH keys, SSL certificates, networks, variables, files, cron jobs, daemons and virtual hosts around them, with projects, environments, teams, roles, API tokens and webhooks to organise who can do what.';

/** Sections of the sidebar that llms.txt lists under "Optional" (secondary for most questions). */
const OPTIONAL_SECTIONS = new Set(['Legal', 'Security']);

export interface LlmsSection {
  title: string;
  pages: Array<{title: string; route: string; description: string}>;
}

/** The sidebar as sections: each top-level category with every doc inside it, in order. */
export function sidebarSections(items: SidebarItem[], docs: Map<string, DocMeta>): LlmsSection[] {
  const sections: LlmsSection[] = [];
  const docsOf = (list: SidebarItem[], out: DocMeta[]) => {
    for (const item of list) {
      if ((item.type === 'doc' || item.type === 'ref') && docs.has(item.id)) out.push(docs.get(item.id)!);
      if (item.type === 'category') {
        if (item.link?.type === 'doc' && item.link.id && docs.has(item.link.id)) out.push(docs.get(item.link.id)!);
        docsOf(item.items, out);
      }
    }
    return out;
  };
  const loose: DocMeta[] = [];
  for (const item of items) {
    if (item.type === 'category') {
      sections.push({title: item.label, pages: docsOf([item], []).map(toPage)});
    } else if ((item.type === 'doc' || item.type === 'ref') && docs.has(item.id)) {
      loose.push(docs.get(item.id)!);
    }
  }
  if (loose.length) sections.unshift({title: 'Start here', pages: loose.map(toPage)});
  return sections;
}

const toPage = (doc: DocMeta) => ({title: doc.title, route: doc.permalink, description: doc.description});

export function llmsTxt(siteUrl: string, sections: LlmsSection[]): string {
  const main = sections.filter((s) => !OPTIONAL_SECTIONS.has(s.title));
  const optional = sections.filter((s) => OPTIONAL_SECTIONS.has(s.title));
  const list = (s: LlmsSection) => s.pages.map((p) => `- [${p.title}](${siteUrl}${markdownPath(p.route)}): ${p.description}`);
  return [
    '# Launchdeck',
    '',
    `> ${PRODUCT_SUMMARY}`,
    '',
    `Every page of the documentation is also available as Markdown: add \`.md\` to its address (a section page's is \`index.md\`). The whole documentation in one file is at ${siteUrl}/llms-full.txt, and the API contract at ${siteUrl}/openapi.yaml. A request for a page with \`Accept: text/markdown\` gets its Markdown too.`,
    '',
    `Coding assistants can also use these docs through their MCP server (search with the site's own ranking, pages, API operations): \`${mcpCommand(siteUrl).join(' ')}\`, over stdio. Setup for each editor: ${urls.repository}/blob/main/mcp/README.md.`,
    '',
    ...main.flatMap((s) => [`## ${s.title}`, '', ...list(s), '']),
    ...(optional.length ? ['## Optional', '', ...optional.flatMap(list), ''] : []),
  ].join('\n');
}

interface Exported {
  sections: LlmsSection[];
  pages: Array<{route: string; target: string; markdown: string}>;
}

/**
 * Converts every doc in a worker thread but the API reference's pages, whose
 * Markdown comes ready-made in `readyByFile` (by path under docs/); resolves with
 * the Markdown of each page.
 */
function exportAll(context: LoadContext, model: SiteModel, readyByFile: Record<string, string>): Promise<Exported> {
  const siteUrl = context.siteConfig.url.replace(/\/$/, '');
  const docs = new Map(model.pages.map((d) => [d.id, d]));
  const routeByFile = new Map(model.pages.map((d) => [d.file, d.permalink]));
  const titleByFile = new Map(model.pages.map((d) => [d.file, d.title]));
  const sections = sidebarSections(model.sidebars.documentation ?? [], docs);

  // A section's cards: the docs of its sidebar category, one level down.
  const children = new Map<string, Array<{title: string; route: string; description: string}>>();
  const walk = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category') continue;
      const own = item.link?.type === 'doc' && item.link.id ? docs.get(item.link.id) : undefined;
      if (own) {
        children.set(
          own.permalink,
          item.items.flatMap((child) => {
            if ((child.type === 'doc' || child.type === 'ref') && docs.has(child.id)) return [toPage(docs.get(child.id)!)];
            if (child.type === 'category' && child.link?.id && docs.has(child.link.id)) return [toPage(docs.get(child.link.id)!)];
            return [];
          }),
        );
      }
      walk(item.items);
    }
  };
  walk(model.sidebars.documentation ?? []);

  const pages = model.pages.map((doc) => {
    const file = doc.file;
    // The API reference's operation pages come ready from their generator (src/plugins/api-reference/toolsMarkdown.ts).
    const readyMarkdown = Object.hasOwn(readyByFile, file) ? readyByFile[file] : undefined;
    if (readyMarkdown === undefined && /^api\/reference\/.+\/[^/]+\.md$/.test(file)) {
      throw new Error(`No Markdown for readers' tools from the API reference generator for docs/${file}.`);
    }
    const page: ExportPage = {
      file,
      route: doc.permalink,
      title: doc.title,
      description: doc.description,
      source: readyMarkdown ?? readDocSource(docsDirOf(context.siteDir), file),
    };
    return {page, target: markdownPath(doc.permalink), ready: readyMarkdown};
  });
  const jobs = pages.filter((p) => p.ready === undefined).map(({page}) => ({page}));
  const shared = {siteDir: context.siteDir, siteUrl, routes: [...routeByFile], titles: [...titleByFile], children: [...children]};
  return new Promise<Array<[string, string]>>((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'exportWorker.cjs'), {workerData: {...shared, jobs}});
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`The Markdown export stopped (exit code ${code}).`)));
  }).then((results) => {
    const exported = new Map(results);
    return {sections, pages: pages.map(({page, target, ready}) => ({route: page.route, target, markdown: ready ?? exported.get(page.route)!}))};
  });
}

export default function markdownForToolsPlugin(context: LoadContext): Plugin {
  let running: Promise<Exported> | undefined;
  return {
    name: 'launchdeck-markdown-for-tools',
    // Production builds only: the export starts as soon as the docs are loaded, in a
    // worker thread, so it runs while the bundler works instead of after it.
    async allContentLoaded({allContent}) {
      if (process.env.NODE_ENV !== 'production') return;
      running = exportAll(context, siteModelIn(allContent), apiReferenceContent(allContent).toolsMarkdown);
      running.catch(() => {}); // reported when postBuild awaits it
    },
    async postBuild({outDir}) {
      if (!running) throw new Error('The Markdown export did not start: allContentLoaded() did not run in this build.');
      const {sections, pages} = await running;
      const siteUrl = context.siteConfig.url.replace(/\/$/, '');
      for (const {target, markdown} of pages) {
        const file = path.join(outDir, ...target.split('/'));
        fs.mkdirSync(path.dirname(file), {recursive: true});
        fs.writeFileSync(file, markdown);
      }
      const index = llmsTxt(siteUrl, sections);
      fs.writeFileSync(path.join(outDir, 'llms.txt'), index);
      const order = new Map(sections.flatMap((s) => s.pages).map((p, i) => [p.route, i]));
      const full = [...pages].sort((a, b) => (order.get(a.route) ?? 1e9) - (order.get(b.route) ?? 1e9)).map(({markdown}) => markdown.trim());
      fs.writeFileSync(path.join(outDir, 'llms-full.txt'), [index.split('\n## ')[0]!.trim(), ...full].join('\n\n---\n\n') + '\n');
    },
  };
}

/** Every page as Markdown, /llms.txt and /llms-full.txt. */
export const feature = (): Feature => ({plugins: [markdownForToolsPlugin]});
