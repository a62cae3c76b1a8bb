// Ejected (swizzle-safe) from @docusaurus/theme-classic 3.7.0 src/theme/DocCardList/index.tsx: draws the cards itself, so the unsafe DocCard component needs no ejecting.
/*
 * What changed from upstream:
 * - the cards are drawn here (upstream renders @theme/DocCard): no emoji in
 *   card titles (screen readers announce them, some systems show boxes), and
 *   descriptions wrap to three lines instead of being cut to one;
 * - descriptions come from the page, added at build time by
 *   src/plugins/cards/remarkCardDescriptions.ts as the `descriptions` prop (the docs
 *   metadata every page loads no longer carries them, see src/internals);
 * - the list has the `ld-card-list` class, which the search index skips
 *   (ignoreCssSelectors in docusaurus.config.ts): a card's title would
 *   otherwise be a hit pointing at the section page instead of the page.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useCurrentSidebarCategory, filterDocCardListItems, findFirstSidebarItemLink} from '@docusaurus/plugin-content-docs/client';
import {usePluralForm} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Heading from '@theme/Heading';
import type {Props as UpstreamProps} from '@theme/DocCardList';
import type {PropSidebarItem} from '@docusaurus/plugin-content-docs';
import {CardDescriptionsContext, parseCardDescriptions, useCardDescriptions} from '@site/src/plugins/cards/client/CardDescriptions';
import {docIdOf, indexDocIdOf} from '@site/src/utils/docRoutes';
import styles from './styles.module.css';

type Props = UpstreamProps & {
  /** Set at build time by src/plugins/cards/remarkCardDescriptions.ts (doc id to description, JSON). */
  descriptions?: string;
};

function Card({href, title, description}: {href: string; title: string; description?: string}): ReactNode {
  return (
    <Link href={href} className={clsx('card padding--lg', styles.cardContainer)}>
      <Heading as="h2" className={styles.cardTitle}>
        {title}
      </Heading>
      {description && <p className={styles.cardDescription}>{description}</p>}
    </Link>
  );
}

function ItemCard({item}: {item: PropSidebarItem}): ReactNode {
  const descriptions = useCardDescriptions();
  const {selectMessage} = usePluralForm();
  if (item.type === 'link') {
    // The sidebar's links carry no doc id in the browser (see src/internals): it comes from the link.
    return <Card href={item.href} title={item.label} description={item.description ?? descriptions[item.docId ?? docIdOf(item.href)]} />;
  }
  if (item.type !== 'category') return null;
  const href = findFirstSidebarItemLink(item);
  if (!href) return null;
  const count = selectMessage(
    item.items.length,
    translate(
      {
        message: '1 item|{count} items',
        id: 'theme.docs.DocCard.categoryDescription.plurals',
        description: 'The default description for a category card in the generated index about how many items this category includes',
      },
      {count: item.items.length},
    ),
  );
  const indexDescription = item.href ? descriptions[indexDocIdOf(item.href)] : undefined;
  return <Card href={href} title={item.label} description={item.description ?? indexDescription ?? count} />;
}

function CurrentCategoryCards({className}: Props): ReactNode {
  const category = useCurrentSidebarCategory();
  return <Cards items={category.items} className={className} />;
}

function Cards({items, className}: {items: PropSidebarItem[]; className?: string}): ReactNode {
  return (
    <section className={clsx('row ld-card-list', className)}>
      {filterDocCardListItems(items).map((item, index) => (
        <article key={index} className="col col--6 margin-bottom--lg">
          <ItemCard item={item} />
        </article>
      ))}
    </section>
  );
}

export default function DocCardList({items, className, descriptions}: Props): ReactNode {
  const list = items ? <Cards items={items} className={className} /> : <CurrentCategoryCards className={className} />;
  // Without its own descriptions (for example inside SectionCards), keep the enclosing ones.
  if (descriptions === undefined) return list;
  return <CardDescriptionsContext.Provider value={parseCardDescriptions(descriptions)}>{list}</CardDescriptionsContext.Provider>;
}
