/**
 * One output of the API reference (see ./blocks.ts): the Markdown of an
 * operation's page for readers' tools (/docs/api/reference/servers/create-server.md
 * and /llms-full.txt). src/plugins/markdown-for-tools converts every other page from its source;
 * these are written here from the blocks, without parsing anything, and
 * handed to it as the API reference plugin's content (./pluginContent.ts).
 */
import {docRoute} from '../../utils/docRoutes';
import {linkResolver, type Block, type OperationContent} from './blocks';

/**
 * The Markdown of an operation's page as src/plugins/markdown-for-tools writes every page:
 * front matter (title, description, address), product URLs filled in, the
 * samples as sections headed by their language, every link absolute.
 */
export function operationToolsMarkdown(page: OperationContent, siteUrl: string): string {
  const resolve = linkResolver(page.file);
  const absolute = (url: string) => {
    const target = resolve(url);
    return target.startsWith('/') ? `${siteUrl}${target}` : target.startsWith('#') ? `${siteUrl}${page.route}${target}` : target;
  };
  const inline = (text: string) => text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, url: string) => `[${label}](${absolute(url)})`);
  const fence = (language: string, code: string) => {
    const marker = code.includes('```') ? '~~~~' : '```';
    return `${marker}${language}\n${code}\n${marker}`;
  };
  let depth = 1;
  const write = (list: Block[]): string[] =>
    list.flatMap((block): string[] => {
      switch (block.type) {
        case 'heading':
          depth = block.depth;
          return [`${'#'.repeat(block.depth)} ${inline(block.text)}`];
        case 'paragraph':
        case 'prose':
          return [inline(block.text)];
        case 'list':
          return [block.items.map((item) => `- ${inline(item)}`).join('\n')];
        case 'table':
          return [
            [
              `| ${block.head.join(' | ')} |`,
              `| ${block.head.map(() => '---').join(' | ')} |`,
              ...block.rows.map((row) => `| ${row.map((c) => inline(c).replace(/\|/g, '\\|')).join(' | ')} |`),
            ].join('\n'),
          ];
        case 'details':
          return [`**${block.summary}**`, ...write(block.blocks)];
        case 'code':
          return [fence(block.language, block.code)];
        case 'samples':
          return block.samples.flatMap((sample) => [`${'#'.repeat(Math.min(depth + 1, 6))} ${sample.label}`, fence(sample.language, sample.code)]);
        case 'endpoint':
          return [`${block.method.toUpperCase()} \`${block.path}\``];
        case 'guides':
          return [block.guides.map((g) => `- [${g.title}](${siteUrl}${docRoute(g.file)})`).join('\n')];
        case 'console':
          // The console works on the site's page only.
          return [];
      }
    });
  const frontMatter = [
    '---',
    `title: ${JSON.stringify(page.title)}`,
    `description: ${JSON.stringify(page.description)}`,
    `url: ${siteUrl}${page.route}`,
    '---',
  ];
  return `${frontMatter.join('\n')}\n\n${[`# ${page.heading}`, ...write(page.blocks)].join('\n\n')}\n`;
}
