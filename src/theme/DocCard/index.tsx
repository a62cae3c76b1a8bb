// Ejected: no emoji icons in card titles (screen readers announce them, some systems show boxes), and descriptions wrap to three lines instead of being cut to one.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useDocById, findFirstSidebarItemLink} from '@docusaurus/plugin-content-docs/client';
import {usePluralForm} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props} from '@theme/DocCard';
import type {PropSidebarItemCategory, PropSidebarItemLink} from '@docusaurus/plugin-content-docs';
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
  if (!href) {
    return null;
  }
  const fallback = selectMessage(
    item.items.length,
    translate(
      {message: '1 item|{count} items', id: 'theme.docs.DocCard.categoryDescription.plurals'},
      {count: item.items.length},
    ),
  );
  return <CardLayout href={href} title={item.label} description={item.description ?? fallback} />;
}

function CardLink({item}: {item: PropSidebarItemLink}): ReactNode {
  const doc = useDocById(item.docId ?? undefined);
  return <CardLayout href={item.href} title={item.label} description={item.description ?? doc?.description} />;
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
