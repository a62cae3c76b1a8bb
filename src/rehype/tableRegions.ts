/**
 * Rehype plugin: puts every table in a labelled region that scrolls sideways
 * on its own when the table is wider than the column (on a phone), instead of
 * making the whole page scroll. The region can take keyboard focus, so its
 * content can be scrolled without a pointer, and its name says which table it
 * is (the heading above it).
 */
import type {HastNode} from './hast';

const textOf = (node: HastNode): string => (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join(''));

export default function rehypeTableRegions() {
  return (tree: HastNode): void => {
    let heading = '';
    const walk = (node: HastNode): void => {
      const children = node.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === 'element' && /^h[1-6]$/.test(child.tagName ?? '')) {
          heading = textOf(child).trim();
          continue;
        }
        if (child.type === 'element' && child.tagName === 'table') {
          const header = textOf({type: 'root', children: child.children?.filter((c) => c.tagName === 'thead')}).trim();
          const firstHeaderCell = /^\S+(?: \S+)?/.exec(header)?.[0];
          children[i] = {
            type: 'element',
            tagName: 'div',
            properties: {
              className: ['ld-table'],
              role: 'region',
              tabIndex: 0,
              ariaLabel: heading ? `Table: ${heading}` : `Table${firstHeaderCell ? `: ${firstHeaderCell}` : ''}`,
            },
            children: [child],
          };
          continue;
        }
        walk(child);
      }
    };
    walk(tree);
  };
}
