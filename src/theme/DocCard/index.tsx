// Ejected: no emoji icons in card titles (screen readers announce them, some systems show boxes), descriptions wrap to three lines instead of being cut to one, and come from the page (src/remark/cardDescriptions.ts).
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {findFirstSidebarItemLink} from '@docusaurus/plugin-content-docs/client';
import {usePluralForm} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/DocCard';
import type {PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';
import {useCardDescriptions} from '@site/src/components/CardDescriptions';
import {indexDocIdOf, docIdOf} from '@site/src/utils/docRoutes';
import styles from './styles.module.css';

function CardLayout({href, title, description}: {href: string; title: string; description?: string}): ReactNode {
  return (
    <Link href={href} className={clsx('card padding--lg', styles.cardContainer)}>
      <Heading as="h2" className={styles.cardTitle}>
        {title}
      </Heading>
      {description && <p className={styles.cardDescription}>{description}</p>}
    </Link>
  );
}

function CardCategory({item}: {item: PropSidebarItemCategory}): ReactNode {
  const href = findFirstSidebarItemLink(item);
  const {selectMessage} = usePluralForm();
  const descriptions = useCardDescriptions();
  if (!href) {
    return null;
  }
  const fallback = selectMessage(
    item.items.length,
    translate({message: '1 item|{count} items', id: 'theme.docs.DocCard.categoryDescription.plurals'}, {count: item.items.length}),
  );
  const indexDescription = item.href ? descriptions[indexDocIdOf(item.href)] : undefined;
  return <CardLayout href={href} title={item.label} description={item.description ?? indexDescription ?? fallback} />;
}

function CardLink({item}: {item: PropSidebarItemLink}): ReactNode {
  const descriptions = useCardDescriptions();
  // The sidebar's links carry no doc id in the browser (src/plugins/stripDocDescriptions.cjs).
  const description = item.description ?? descriptions[item.docId ?? docIdOf(item.href)];
  return <CardLayout href={item.href} title={item.label} description={description} />;
}

export default function DocCard({item}: Props): ReactNode {
  switch (item.type) {
    case 'link':
      return <CardLink item={item} />;
    case 'category':
      return <CardCategory item={item} />;
    default:
      throw new Error(`unknown item type ${JSON.stringify(item)}`);
  }
}
