/**
 * Diagrams from text: a ```dot code block (Graphviz) becomes an inline SVG
 * figure when the site builds, so writers change diagrams in a pull request
 * and readers get no diagram library in their browser.
 *
 *   ```dot title="How a deployment runs" alt="What the diagram shows, in words."
 *   digraph { pipeline -> action -> step }
 *   ```
 *
 * Both attributes are required (the build fails without them): the title is
 * the figure's visible caption, the alt text its text alternative (the SVG's
 * accessible name and description). Colours and fonts come from the site's
 * stylesheet (.ld-diagram in client/diagrams.css), so diagrams follow the
 * colour mode; layouts should run top to bottom so they fit a phone.
 */
import {parseFragment} from 'parse5';
import {fromParse5} from 'hast-util-from-parse5';
import {instance, type Viz} from '@viz-js/viz';
import {escapeHtml} from '../../utils/html';

interface MdNode {
  type: string;
  lang?: string | null;
  meta?: string | null;
  value?: string;
  children?: MdNode[];
  data?: Record<string, unknown>;
  position?: {start: {line: number}};
}

let viz: Promise<Viz> | undefined;

const attribute = (meta: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(meta)?.[1]?.trim();

/** Graph-wide defaults: the site's look, whatever the source says about style. */
const DEFAULTS = {
  graphAttributes: {bgcolor: 'transparent', fontname: 'Helvetica', fontsize: 13, pad: 0.2, nodesep: 0.3, ranksep: 0.45},
  nodeAttributes: {fontname: 'Helvetica', fontsize: 13, shape: 'box', style: 'rounded', margin: '0.18,0.08'},
  edgeAttributes: {fontname: 'Helvetica', fontsize: 11, arrowsize: 0.7},
};

/** Widest a diagram may insist on being before it scrolls sideways (px). */
const MIN_WIDTH_LIMIT = 560;
/** How far a diagram may shrink on a narrow screen: 13 px labels stay at least 9.5 px. */
const MIN_SCALE = 0.73;

/** The SVG, made responsive and themeable: no fixed size, no colours, no per-node tooltips. */
export function cleanSvg(svg: string, id: string, title: string, alt: string): string {
  // On a narrow screen a diagram shrinks down to a readable size, then scrolls sideways.
  const naturalWidth = Number(/viewBox="[\d.]+ [\d.]+ ([\d.]+)/.exec(svg)?.[1] ?? 600);
  const minWidth = Math.round(Math.min(naturalWidth * MIN_SCALE, MIN_WIDTH_LIMIT));
  return svg
    .replace(/<\?xml[^>]*>\s*/, '')
    .replace(/<!DOCTYPE[^>]*>\s*/, '')
    .replace(/<!--[\s\S]*?-->\s*/g, '')
    .replace(/<svg ([^>]*?)width="[^"]*"\s+height="[^"]*"/, '<svg $1')
    .replace(/<title>[^<]*<\/title>\s*/g, '')
    .replace(/\s(fill|stroke)="(?!none)[^"]*"/g, '')
    .replace(/\sfont-family="[^"]*"/g, '')
    .replace(
      /<svg /,
      `<svg role="img" aria-labelledby="${id}-title ${id}-desc" class="ld-diagram__svg" preserveAspectRatio="xMidYMin meet" style="min-width: ${minWidth}px; max-width: ${Math.round(naturalWidth * 1.25)}px" `,
    )
    .replace(/(<svg[^>]*>)/, `$1<title id="${id}-title">${escapeHtml(title)}</title><desc id="${id}-desc">${escapeHtml(alt)}</desc>`);
}

/** Hast nodes of an SVG string. */
function svgToHast(svg: string): unknown {
  const fragment = parseFragment(svg);
  const tree = fromParse5(fragment, {space: 'html'}) as {children: unknown[]};
  return tree.children[0];
}

export default function remarkDiagrams() {
  return async (tree: MdNode, file: {path?: string}) => {
    const found: MdNode[] = [];
    const walk = (node: MdNode) => {
      if (node.type === 'code' && node.lang === 'dot') found.push(node);
      node.children?.forEach(walk);
    };
    walk(tree);
    if (found.length === 0) return;
    viz ??= instance();
    const renderer = await viz;
    found.forEach((node, index) => {
      const where = `${file.path ?? 'a page'}:${node.position?.start.line ?? '?'}`;
      const title = attribute(node.meta ?? '', 'title');
      const alt = attribute(node.meta ?? '', 'alt');
      if (!title || !alt) throw new Error(`${where}: a dot diagram needs title="…" and alt="…" (its caption and text alternative).`);
      const result = renderer.render(node.value ?? '', {format: 'svg', engine: 'dot', ...DEFAULTS});
      if (result.status !== 'success') {
        throw new Error(`${where}: the diagram doesn't render: ${result.errors.map((e) => e.message).join('; ')}`);
      }
      const id = `diagram-${index + 1}`;
      const svg = svgToHast(cleanSvg(result.output, id, title, alt));
      Object.assign(node, {
        type: 'ldDiagram',
        data: {
          hName: 'figure',
          hProperties: {className: ['ld-diagram']},
          hChildren: [
            // On a phone a wide diagram scrolls inside its frame, which can take keyboard focus for that.
            {
              type: 'element',
              tagName: 'div',
              properties: {className: ['ld-diagram__frame'], role: 'region', tabIndex: 0, ariaLabel: `Diagram: ${title}`},
              children: [svg],
            },
            {type: 'element', tagName: 'figcaption', properties: {className: ['ld-diagram__caption']}, children: [{type: 'text', value: title}]},
          ],
        },
      });
      delete node.value;
      delete node.lang;
      delete node.meta;
    });
  };
}
