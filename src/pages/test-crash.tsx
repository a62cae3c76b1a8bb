/**
 * Test-only page (built only when LAUNCHDECK_TEST_BUILD=1): it throws after
 * hydration so the end-to-end tests can check the error page and its
 * "Try again" button. Setting localStorage `ld-test-crash` to `off` before
 * pressing "Try again" lets the page render normally.
 */
import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import useIsBrowser from '@docusaurus/useIsBrowser';

function CrashingContent(): ReactNode {
  const isBrowser = useIsBrowser();
  if (isBrowser && window.localStorage.getItem('ld-test-crash') !== 'off') {
    throw new Error('Test crash: the component threw on purpose', {
      cause: new Error('Root cause: simulated failure'),
    });
  }
  return (
    <main className="container margin-vert--xl">
      <h1>Crash test recovered</h1>
      <p>This page rendered without an error.</p>
    </main>
  );
}

export default function TestCrash(): ReactNode {
  return (
    <Layout title="Crash test" noFooter>
      <CrashingContent />
    </Layout>
  );
}
