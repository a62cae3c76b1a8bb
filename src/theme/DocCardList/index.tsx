import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import DocCardList from '@theme-original/DocCardList';
import type DocCardListType from '@theme/DocCardList';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof DocCardListType>;

/**
 * Marks card lists so the search index skips them (ignoreCssSelectors in
 * docusaurus.config.ts): a card's title would otherwise show up as a search
 * hit that points at the section page instead of the page itself.
 */
export default function DocCardListWrapper(props: Props): ReactNode {
  return <DocCardList {...props} className={clsx(props.className, 'ld-card-list')} />;
}
