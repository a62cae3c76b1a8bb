// Ejected: the site-wide fallback reuses the themed ErrorPageContent so every crash looks the same.
import React, {type ReactNode} from 'react';
import ErrorBoundary from '@docusaurus/ErrorBoundary';
import Layout from '@theme/Layout';
import ErrorPageContent from '@theme/ErrorPageContent';
import type {Props} from '@theme/Error';

function BareError({error, tryAgain}: Props): ReactNode {
  return <ErrorPageContent error={error} tryAgain={tryAgain} />;
}

export default function Error({error, tryAgain}: Props): ReactNode {
  // If the layout itself throws, show the error without it.
  return (
    <ErrorBoundary fallback={() => <BareError error={error} tryAgain={tryAgain} />}>
      <Layout title="Page Error">
        <BareError error={error} tryAgain={tryAgain} />
      </Layout>
    </ErrorBoundary>
  );
}
