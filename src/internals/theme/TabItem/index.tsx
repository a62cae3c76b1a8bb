// Ejected from @docusaurus/theme-classic 3.7.0 theme/TabItem/index.js (unsafe): the panel needs an id and aria-labelledby naming its tab (../Tabs passes both), and a wrapper cannot add attributes to its root div.
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import type {Props} from '@theme/TabItem';
import type {TabIds} from '../Tabs';
import styles from './styles.module.css';

export default function TabItem({children, hidden, className, panelId, tabId}: Props & TabIds): ReactNode {
  return (
    <div role="tabpanel" id={panelId} aria-labelledby={tabId} className={clsx(styles.tabItem, className)} {...{hidden}}>
      {children}
    </div>
  );
}
