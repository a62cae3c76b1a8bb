// Replaces @docusaurus/theme-classic 3.7.0 theme/NotFound/Content (eject: unsafe): DocRoot imports it, so its body (./Body.tsx) loads when a page is not found, not with every doc page (1 KB).
import React, {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/NotFound/Content';

const Body = lazy(() => import('./Body'));

export default function NotFoundContent(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <Body {...props} />
    </Suspense>
  );
}
