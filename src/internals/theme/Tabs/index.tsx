import React, {Children, cloneElement, isValidElement, useId, type ReactElement, type ReactNode} from 'react';
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
 */
export default function TabsWrapper(props: Props): ReactNode {
  const base = useId();
  const items = Children.toArray(props.children).filter((child): child is ReactElement<TabItemProps> => isValidElement(child));
  const indexOf = new Map(items.map((item, i) => [item.props.value, i]));
  const tabId = (i: number) => `${base}tab-${i}`;
  const panelId = (i: number) => (props.lazy ? `${base}panel` : `${base}panel-${i}`);
  const tabAttributes = (value: string, attributes: TabItemProps['attributes']) => {
    const i = indexOf.get(value);
    if (i === undefined) return attributes;
    return {...attributes, id: tabId(i), 'aria-controls': panelId(i)};
  };
  const children = items.map((item, i) =>
    cloneElement(item as ReactElement<TabItemProps & TabIds>, {
      attributes: tabAttributes(item.props.value, item.props.attributes),
      panelId: panelId(i),
      tabId: tabId(i),
    }),
  );
  // With `values`, theme-classic reads the tabs (and their attributes) from it instead of from the children.
  const values = props.values?.map((entry) => ({...entry, attributes: tabAttributes(entry.value, entry.attributes)}));
  return (
    <Tabs {...props} {...(values ? {values} : {})}>
      {children}
    </Tabs>
  );
}
