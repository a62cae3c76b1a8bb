/**
 * The changelog in the sidebar: its page, then its six tag pages (New
 * features, Improvements…), never its entries. Every entry in the sidebar
 * would grow the sidebar every page loads, forever; readers reach entries
 * from the changelog's lists, its tag pages, its feeds and the announcement
 * bar, and an entry page still shows the sidebar (`displayed_sidebar`, set by
 * the feature's `frontMatter` in plugin.ts). Everything else keeps the order
 * Docusaurus gives it.
 */
import type {PluginOptions} from '@docusaurus/plugin-content-docs';

type Generator = NonNullable<PluginOptions['sidebarItemsGenerator']>;
type Items = Awaited<ReturnType<Generator>>;

const CHANGELOG_INDEX = 'changelog/index';

export function changelogOnly(items: Items): Items {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    if (item.link?.type === 'doc' && item.link.id === CHANGELOG_INDEX) {
      // The tags folder's pages, without their folder's category; the entries left out.
      const tagPages = item.items.flatMap((child) => (child.type === 'category' ? child.items : []));
      return {...item, items: tagPages};
    }
    return {...item, items: changelogOnly(item.items)};
  });
}
