// Ejected from @docusaurus/theme-classic 3.7.0 theme/TabItem/index.js (unsafe): the panel needs an id and aria-labelledby naming its tab (../Tabs provides both), and a wrapper cannot add attributes to its root div.
import React, {useContext, type ReactNode} from 'react';
import clsx from 'clsx';
import {useTabs} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/TabItem';
import {TabIds} from '../Tabs';
import styles from './styles.module.css';

/** theme-common 3.10's useTabs(): the enclosing Tabs' state, read from its context (3.7's takes the Tabs' props). */
const useTabsContext = useTabs as unknown as () => {selectedValue: string; lazy: boolean};

function Panel({children, hidden, className, value}: Props): ReactNode {
  const ids = useContext(TabIds)(value);
  return (
    <div role="tabpanel" id={ids?.panelId} aria-labelledby={ids?.tabId} className={clsx(styles.tabItem, className)} {...{hidden}}>
      {children}
    </div>
  );
}

/** From Docusaurus 3.10, a TabItem hides itself, or draws nothing when the Tabs are lazy, from the Tabs' context. */
function ContextPanel(props: Props): ReactNode {
  const {selectedValue, lazy} = useTabsContext();
  if (props.value !== selectedValue && lazy) return null;
  return <Panel {...props} hidden={props.value !== selectedValue} />;
}

export default function TabItem(props: Props): ReactNode {
  // 3.7's Tabs gives each panel `hidden`, or draws only the selected one, with its margin class added, when lazy;
  // 3.10's gives neither (npm run upgrade:rehearse). Which one applies depends on the installed Docusaurus, never on the render.
  const drawnByTabs = props.hidden !== undefined || Boolean(props.className?.includes('margin-top--md'));
  return drawnByTabs ? <Panel {...props} /> : <ContextPanel {...props} />;
}
