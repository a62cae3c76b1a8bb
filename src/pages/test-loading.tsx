/**
 * Test-only page (built only when LAUNCHDECK_TEST_BUILD=1): @theme/Loading
 * given what react-loadable gives it while a route's code is loading (Docusaurus's
 * ComponentCreator passes it as `loading`), so the end-to-end tests can check
 * what a reader sees: first a failed load (`error` and `retry`); after
 * "Try again", a late one (`pastDelay` from 200 ms), then the part itself.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Loading from '@theme/Loading';
import useIsBrowser from '@docusaurus/useIsBrowser';

type Phase = 'failed' | 'loading' | 'late' | 'loaded';

function LatePart(): ReactNode {
  const [phase, setPhase] = useState<Phase>('failed');
  useEffect(() => {
    if (phase !== 'loading' && phase !== 'late') return undefined;
    const timer = window.setTimeout(() => setPhase(phase === 'loading' ? 'late' : 'loaded'), phase === 'loading' ? 200 : 800);
    return () => window.clearTimeout(timer);
  }, [phase]);
  if (phase === 'loaded') return <p>The late part loaded.</p>;
  return (
    <Loading
      isLoading={phase !== 'failed'}
      pastDelay={phase === 'late'}
      timedOut={false}
      error={phase === 'failed' ? new Error('Loading chunk 1234 failed.') : null}
      retry={() => setPhase('loading')}
    />
  );
}

export default function TestLoading(): ReactNode {
  const isBrowser = useIsBrowser();
  return (
    <Layout title="Loading test" noFooter>
      <main className="container margin-vert--xl">
        <h1>Loading test</h1>
        {isBrowser && <LatePart />}
      </main>
    </Layout>
  );
}
