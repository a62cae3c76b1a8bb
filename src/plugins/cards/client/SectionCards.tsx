import React, {type ReactNode} from 'react';
import DocCardList from '@theme/DocCardList';
import {useDocsSidebar} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {CardDescriptionsContext, parseCardDescriptions} from './CardDescriptions';
import {indexDocIdOf} from '../../../utils/docRoutes';

/**
 * Cards for every top-level section of the sidebar, for the docs home.
 * Each card shows the section's title and the description of its index page,
 * so adding a section folder adds its card without editing the home page.
 */
export default function SectionCards({descriptions}: {descriptions?: string}): ReactNode {
  const sidebar = useDocsSidebar();
  const items: PropSidebarItem[] = (sidebar?.items ?? []).flatMap((item) => {
    if (item.type !== 'category' || !item.href) {
      return [];
    }
    return [{type: 'link', href: item.href, label: item.label, docId: indexDocIdOf(item.href), unlisted: false}];
  });
  return (
    <CardDescriptionsContext.Provider value={parseCardDescriptions(descriptions)}>
      <DocCardList items={items} />
    </CardDescriptionsContext.Provider>
  );
}
