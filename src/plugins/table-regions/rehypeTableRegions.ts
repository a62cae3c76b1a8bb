/**
 * Rehype plugin: puts every table in a labelled region that scrolls sideways
 * on its own when the table is wider than the column (on a phone), instead of
 * making the whole page scroll. The region can take keyboard focus, so its
 * content can be scrolled without a pointer, and its name says which table it
 * is: its caption if it has one, else the heading above it ("Table: States"),
 * with its position when several tables share that heading ("Table: States
 * (2 of 2)"), else (before any heading) its first column. A screen reader lists the
 * regions of a page by name, so no two regions of a page share one: a name
 * that still repeats (two headings of the same text) is numbered.
 *
 * It also marks two kinds of column for the design system (src/css/design.css):
 * a column of prose (body cells of 40 characters or more on average) keeps a
 * readable width on a phone (`ld-col-prose`), and a column that only says Yes
 * or No, as a permission matrix does, shows ✓ and — (`ld-cell-yes`,
 * `ld-cell-no`) while its text stays Yes or No for screen readers, search
 * and copying.
 */
import type {HastNode} from '../../utils/hast';

const textOf = (node: HastNode): string => (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join(''));
const squash = (text: string): string => text.replace(/\s+/g, ' ').trim();
/** An element of that tag, as HTML or as MDX's JSX (a `<table>` written in an .mdx page). */
const is = (node: HastNode, tag: string): boolean =>
  (node.type === 'element' && node.tagName === tag) ||
  ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && (node as HastNode & {name?: string}).name === tag);
/** The first element of that tag in the node, depth first. */
const first = (node: HastNode, tag: string): HastNode | undefined => {
  for (const child of node.children ?? []) {
    const found = is(child, tag) ? child : first(child, tag);
    if (found) return found;
  }
  return undefined;
};

const PROSE_MIN_AVERAGE = 40;
const cellsOf = (row: HastNode): HastNode[] => (row.children ?? []).filter((c) => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th'));
const rowsOf = (node: HastNode, tag: 'thead' | 'tbody'): HastNode[] => {
  const part = (node.children ?? []).find((c) => c.type === 'element' && c.tagName === tag);
  return (part?.children ?? []).filter((c) => c.type === 'element' && c.tagName === 'tr');
};
const addClass = (cell: HastNode, name: string): void => {
  const properties = (cell.properties ??= {});
  const current = properties.className;
  properties.className = [...(Array.isArray(current) ? current : current ? [String(current)] : []), name];
};

/** Marks the prose and the Yes/No columns of an HTML table (an MDX `<table>` is left as written). */
export function markColumns(table: HastNode): void {
  if (table.type !== 'element') return;
  const body = rowsOf(table, 'tbody').map(cellsOf);
  const head = rowsOf(table, 'thead').map(cellsOf);
  const columns = Math.max(0, ...body.map((row) => row.length));
  for (let column = 0; column < columns; column++) {
    const cells = body.map((row) => row[column]).filter((cell): cell is HastNode => cell !== undefined);
    if (cells.length === 0) continue;
    const texts = cells.map((cell) => squash(textOf(cell)));
    if (texts.every((text) => text === 'Yes' || text === 'No')) {
      cells.forEach((cell, i) => addClass(cell, texts[i] === 'Yes' ? 'ld-cell-yes' : 'ld-cell-no'));
      for (const row of head) if (row[column]) addClass(row[column], 'ld-col-mark');
    } else if (texts.reduce((sum, text) => sum + text.length, 0) / texts.length >= PROSE_MIN_AVERAGE) {
      for (const cell of cells) addClass(cell, 'ld-col-prose');
      for (const row of head) if (row[column]) addClass(row[column], 'ld-col-prose');
    }
  }
}

interface Found {
  region: HastNode;
  caption: string;
  /** The heading above the table, and which occurrence of a heading it is (two headings may have the same text). */
  heading: string;
  headingIndex: number;
  firstHeaderCell: string;
}

/** The region names of one page, in document order (exported for tests). */
export function regionNames(found: Omit<Found, 'region'>[]): string[] {
  const underHeading = new Map<number, number>();
  for (const table of found) if (!table.caption && table.heading) underHeading.set(table.headingIndex, (underHeading.get(table.headingIndex) ?? 0) + 1);
  const position = new Map<number, number>();
  const names = found.map((table) => {
    if (table.caption) return `Table: ${table.caption}`;
    if (table.heading) {
      const count = underHeading.get(table.headingIndex) ?? 1;
      const n = (position.get(table.headingIndex) ?? 0) + 1;
      position.set(table.headingIndex, n);
      return count > 1 ? `Table: ${table.heading} (${n} of ${count})` : `Table: ${table.heading}`;
    }
    return `Table${table.firstHeaderCell ? `: ${table.firstHeaderCell}` : ''}`;
  });
  // Still the same name twice (two "Example" headings, two captions alike): number every one of them.
  const total = new Map<string, number>();
  for (const name of names) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((name) => {
    if (total.get(name) === 1) return name;
    const n = (seen.get(name) ?? 0) + 1;
    seen.set(name, n);
    let numbered = `${name} (${n})`;
    while (total.has(numbered)) numbered = `${numbered}*`; // a name of the page already ends in (n): cannot happen with the names above, but never collide
    return numbered;
  });
}

export default function rehypeTableRegions() {
  return (tree: HastNode): void => {
    const found: Found[] = [];
    let heading = '';
    let headingIndex = -1;
    const walk = (node: HastNode): void => {
      const children = node.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'element' && /^h[1-6]$/.test(child.tagName ?? '')) {
          heading = squash(textOf(child));
          headingIndex++;
          continue;
        }
        if (is(child, 'table')) {
          const thead = first(child, 'thead');
          const th = thead && first(thead, 'th');
          const caption = child.children?.find((c) => is(c, 'caption'));
          const region: HastNode = {
            type: 'element',
            tagName: 'div',
            properties: {className: ['ld-table'], role: 'region', tabIndex: 0},
            children: [child],
          };
          markColumns(child);
          children[i] = region;
          found.push({
            region,
            caption: caption ? squash(textOf(caption)) : '',
            heading,
            headingIndex,
            // One or two words of the first column's heading.
            firstHeaderCell: /^\S+(?: \S+)?/.exec(th ? squash(textOf(th)) : '')?.[0] ?? '',
          });
          continue;
        }
        walk(child);
      }
    };
    walk(tree);
    const names = regionNames(found);
    found.forEach((table, i) => {
      table.region.properties!.ariaLabel = names[i];
    });
  };
}
