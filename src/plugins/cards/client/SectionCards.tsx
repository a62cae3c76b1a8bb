import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useDocsSidebar} from '@docusaurus/plugin-content-docs/client';

interface Group {
  label: string;
  links: Array<{href: string; label: string}>;
}

/**
 * The docs home's "Documentation by topic": every top-level section of the
 * sidebar, under the sidebar's own group labels (src/plugins/navigation), as
 * compact lists of links. Adding a section folder adds its link without
 * editing the home page. Titles only: the entry points above the topics
 * describe where to start, and a description per section cost every reader
 * of the home a kilobyte of JavaScript.
 */
export default function SectionCards(): ReactNode {
  const sidebar = useDocsSidebar();
  const groups: Group[] = [];
  for (const item of sidebar?.items ?? []) {
    if (item.type === 'html') groups.push({label: item.value, links: []});
    else if (item.type === 'category' && item.href) {
      if (groups.length === 0) groups.push({label: '', links: []});
      groups.at(-1)!.links.push({href: item.href, label: item.label});
    }
  }
  return (
    <div className="ld-topics ld-card-list">
      {groups
        .filter((group) => group.links.length > 0)
        .map((group) => (
          <section key={group.label} className="ld-topics__group" aria-label={group.label || undefined}>
            {group.label && <p className="ld-topics__label">{group.label}</p>}
            <ul>
              {group.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}
