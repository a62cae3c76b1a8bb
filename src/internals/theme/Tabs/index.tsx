import React, {Children, cloneElement, createContext, isValidElement, useId, type ReactNode} from 'react';
import Tabs from '@theme-init/Tabs';
import type TabsType from '@theme/Tabs';
import type {Props as TabItemProps} from '@theme/TabItem';
import type {WrapperProps} from '@docusaurus/types';

type Props = WrapperProps<typeof TabsType>;

/** The ids of the tab and the panel of the TabItem with a given value, or none (tabs given by a `values` prop). */
export const TabIds = createContext<(value: string) => {tabId: string; panelId: string} | undefined>(() => undefined);

/**
 * Ties each tab to its panel, as the ARIA tabs pattern asks, in the server-rendered HTML: the tab (`<li role="tab">`)
 * gets an id and `aria-controls` through its TabItem's documented `attributes` prop, the panel (../TabItem) an id and
 * `aria-labelledby` from this context, by its `value`: public API only. The ids come from useId (the same on the server
 * and the client: this wrapper is outside the remount Tabs does after hydration). When `lazy` (the API reference's code
 * samples), only the selected panel is drawn, and every tab names it. Tabs given by a `values` prop (none here) keep
 * theme-classic's markup. Every task page loads this file: keep it small (the 160 KB budget).
 */
export default function TabsWrapper(props: Props): ReactNode {
  const base = useId();
  const values: string[] = [];
  const ids = (value: string) => {
    const n = values.indexOf(value);
    return n < 0 ? undefined : {tabId: `${base}tab-${n}`, panelId: props.lazy ? `${base}panel` : `${base}panel-${n}`};
  };
  const children = Children.map(props.children, (item) => {
    if (!isValidElement<TabItemProps>(item)) return item;
    values.push(item.props.value);
    const {tabId, panelId} = ids(item.props.value)!;
    return cloneElement(item, {attributes: {...item.props.attributes, id: tabId, 'aria-controls': panelId}});
  });
  return (
    <TabIds value={ids}>
      <Tabs {...props}>{children}</Tabs>
    </TabIds>
  );
}
