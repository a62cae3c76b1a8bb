// Replaces @docusaurus/core 3.7.0 client/theme-fallback/Loading/index.js (no swizzle rating): a part of a page whose code is late or failed to load says so in the site's styles, not in the fallback's inline red box and animated SVG (0.5 KB less on every page).
import React, {type ReactNode} from 'react';
import type LoadingType from '@theme/Loading';

/** react-loadable's LoadingComponentProps (the type of @docusaurus/module-type-aliases). */
type Props = Parameters<typeof LoadingType>[0];

/** What the route's component shows before its code has loaded: nothing for 200 ms, then a spinner; on failure, a way to try again. */
export default function Loading({error, retry, pastDelay}: Props): ReactNode {
  if (error) {
    return (
      <div role="alert" className="ld-loading ld-loading--failed">
        <p>This part of the page did not load. Check your connection, then try again.</p>
        <button type="button" className="button button--primary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  return pastDelay ? <div role="status" aria-label="Loading" className="ld-loading ld-loading--waiting" /> : null;
}
