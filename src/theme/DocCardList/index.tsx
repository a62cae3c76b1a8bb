import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import DocCardList from '@theme-original/DocCardList';
import type DocCardListType from '@theme/DocCardList';
import type {WrapperProps} from '@docusaurus/types';
import {CardDescriptionsContext, parseCardDescriptions} from '@site/src/components/CardDescriptions';

type Props = WrapperProps<typeof DocCardListType> & {
  /** Set at build time by src/remark/cardDescriptions.ts. */
  descriptions?: string;
};

/**
 * Marks card lists so the search index skips them (ignoreCssSelectors in
 * docusaurus.config.ts): a card's title would otherwise show up as a search
 * hit that points at the section page instead of the page itself.
 * Also hands the list's card descriptions (see src/remark/cardDescriptions.ts)
 * to its cards.
 */
export default function DocCardListWrapper({descriptions, ...props}: Props): ReactNode {
  const list = <DocCardList {...props} className={clsx(props.className, 'ld-card-list')} />;
  // Without its own descriptions (for example inside SectionCards), keep the enclosing ones.
  if (descriptions === undefined) return list;
  return <CardDescriptionsContext.Provider value={parseCardDescriptions(descriptions)}>{list}</CardDescriptionsContext.Provider>;
}
