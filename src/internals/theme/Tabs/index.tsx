import React, {Children, cloneElement, isValidElement, useId, type ReactNode} from 'react';
import Tabs from '@theme-init/Tabs';
import type TabsType from '@theme/Tabs';
import type {Props as TabItemProps} from '@theme/TabItem';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof TabsType>;

/** What this wrapper gives each TabItem beside theme-classic's props: the ids of its panel and of its tab (../TabItem draws them). */
export interface TabIds {
  panelId?: string;
  tabId?: string;
}

/**
 * Ties each tab to its panel, as the ARIA tabs pattern asks: the tab
 * (`<li role="tab">`) gets an id and `aria-controls` naming its panel, the
 * panel (`<div role="tabpanel">`, ../TabItem) an id and `aria-labelledby`
 * naming its tab. theme-classic 3.7's Tabs spreads each TabItem's (or each
 * `values` entry's) `attributes` prop onto its tab, and clones each TabItem
 * keeping its props, so both ends are set here, in the server-rendered HTML.
 * The ids come from useId: unique on the page, and the same on the server and
 * the client (this wrapper is outside the remount Tabs does after hydration).
 * With `lazy` (the API reference's code samples), only the selected panel is
 * drawn: every tab then names that one panel, which names the selected tab.
 * Tabs given by a `values` prop (none on this site) keep theme-classic's
 * markup: theme-classic then reads each tab's attributes from `values`.
 * Every task page loads this file: keep it small (the 160 KB budget).
 */
export default function TabsWrapper(props: Props): ReactNode {
  const base = useId();
  let n = 0;
  const children = Children.map(props.children, (item) => {
    if (!isValidElement<TabItemProps & TabIds>(item)) return item;
    const tabId = `${base}tab-${n}`;
    const panelId = props.lazy ? `${base}panel` : `${base}panel-${n}`;
    // eslint-disable-next-line react-hooks/immutability -- Children.map calls this during the render, in order
    n += 1;
    return cloneElement(item, {attributes: {...item.props.attributes, id: tabId, 'aria-controls': panelId}, panelId, tabId});
  });
  return <Tabs {...props}>{children}</Tabs>;
}
