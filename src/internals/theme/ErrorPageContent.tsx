// Ejected: adds the "Page Error" document title and a layout that matches the not-found page.
import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {ErrorBoundaryTryAgainButton} from '@docusaurus/theme-common';
import {getErrorCausalChain} from '@docusaurus/utils-common';
import Heading from '@theme/Heading';
import type {Props} from '@theme/Error';

export default function ErrorPageContent({error, tryAgain}: Props): ReactNode {
  const chain = getErrorCausalChain(error)
    .map((e) => e.message)
    .join('\n\nCause:\n');
  return (
    <main className="container ld-status-page" role="alert">
      <Head>
        <title>Page Error</title>
        <meta name="robots" content="noindex" />
      </Head>
      <div className="row">
        <div className="col col--8 col--offset-2">
          <p className="ld-status-page__code">Page Error</p>
          <Heading as="h1">This page crashed.</Heading>
          <p>
            Something went wrong while showing this page. Try again; if it keeps happening, go back to the <Link to="/docs/">documentation home</Link>.
          </p>
          <div className="margin-vert--lg">
            <ErrorBoundaryTryAgainButton onClick={tryAgain} className="button button--primary" />
          </div>
          <details open>
            <summary>Error details</summary>
            <pre className="ld-error-chain" data-testid="error-chain">
              {chain}
            </pre>
          </details>
        </div>
      </div>
    </main>
  );
}
