/**
 * Seam "route-tables" (wrap: unsafe, theme-classic 3.7.0 `theme/DocVersionRoot`): the sidebar every docs page loads
 * lists each section without its pages (../../loaders/routeTables.cjs); each section's items come with its route table
 * (../../client/lazyRoutes.tsx). This puts the items of every section loaded so far back into the version metadata the
 * docs theme reads (sidebar, breadcrumbs, card lists, pagination), and renders again when another section loads. On
 * the server, and with the seam off, nothing has been left out and nothing changes.
 */
import React, {useMemo, useSyncExternalStore, type ReactNode} from 'react';
import DocVersionRoot from '@theme-init/DocVersionRoot';
import type DocVersionRootType from '@theme/DocVersionRoot';
import type {WrapperProps} from '@docusaurus/types';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {loadedSidebarItems, sidebarsVersion, subscribeSidebars} from '../../client/routeGroups';

type Props = WrapperProps<typeof DocVersionRootType>;

/** The items with each category whose section has loaded filled in, at any depth; the same array when nothing changed. */
function withLoadedItems(items: PropSidebarItem[]): PropSidebarItem[] {
  let changed = false;
  const out = items.map((item) => {
    if (item.type !== 'category') return item;
    const loaded = item.href ? (loadedSidebarItems(item.href) as PropSidebarItem[] | undefined) : undefined;
    const inner = withLoadedItems(loaded ?? item.items);
    if (inner === item.items) return item;
    changed = true;
    return {...item, items: inner};
  });
  return changed ? out : items;
}

export default function DocVersionRootWrapper(props: Props): ReactNode {
  // Renders again when a section loads. How many have is read from the store itself, not the snapshot (0 while
  // hydrating): after hydration, the same version and element, so React doesn't render the whole page a second time.
  useSyncExternalStore(subscribeSidebars, sidebarsVersion, () => 0);
  const loaded = sidebarsVersion();
  const {version} = props;
  const filled = useMemo(() => {
    if (loaded === 0) return version;
    const sidebars = Object.fromEntries(Object.entries(version.docsSidebars).map(([name, items]) => [name, withLoadedItems(items)]));
    return Object.entries(sidebars).every(([name, items]) => items === version.docsSidebars[name]) ? version : {...version, docsSidebars: sidebars};
  }, [version, loaded]);
  return useMemo(() => <DocVersionRoot {...props} version={filled} />, [props, filled]);
}
