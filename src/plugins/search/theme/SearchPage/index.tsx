// Ejected from @easyops-cn/docusaurus-search-local: results come from the site's own engine in tiers (first results from the small first tier, the rest of the text loaded progressively) and render without HTML strings.
import React, {useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {useHistory, useLocation} from '@docusaurus/router';
import {PageMetadata} from '@docusaurus/theme-common';
import {getSearchWorker} from '@site/src/plugins/search/client/client';
import type {SearchContext} from '@site/src/plugins/search/client/contextPaths';
import {snippet} from '@site/src/plugins/search/client/snippet';
import type {SearchResult} from '@site/src/plugins/search/client/engine/results';
import styles from './styles.module.css';

/**
 * The search contexts with their labels (src/plugins/search/plugin.ts defines them at build time). Read here, not in
 * ../../client/contextPaths.ts, which the search box on every page loads: there a list with every section's label
 * cost every page about 8 bytes per section.
 */
const contexts: SearchContext[] = JSON.parse(process.env.LAUNCHDECK_SEARCH_CONTEXTS ?? '[]') as SearchContext[];

type Phase = 'idle' | 'loading' | 'ready' | 'failed';

interface State {
  results: SearchResult[];
  partial: boolean;
  complete: boolean;
  /** The query these results are for. */
  query: string;
}

const RESULT_LIMIT = 50;
/** Results shown before "Show more results". */
const FIRST_PAGE = 20;
/** How long after the first results the rest of the text starts loading. */
const REST_DELAY_MS = 300;
/** While the text arrives, search again after this many more files. */
const RESEARCH_EVERY = 8;

function Marked({text, positions, max}: {text: string; positions: Array<[number, number]>; max?: number}): ReactNode {
  return snippet(text, positions, max).map((segment, i) =>
    segment.mark ? <mark key={i}>{segment.text}</mark> : <React.Fragment key={i}>{segment.text}</React.Fragment>,
  );
}

function ResultItem({result}: {result: SearchResult}): ReactNode {
  const {document, page, tokens, metadata, summary} = result;
  const params = new URLSearchParams();
  for (const token of tokens.slice(0, 8)) params.append('_highlight', token);
  const search = params.toString();
  const to = `${document.u}${search ? `?${search}` : ''}${document.h ?? ''}`;
  const pageTitle = page?.t ?? document.t;
  const path = [...(page?.b ?? document.b ?? [])];
  // A result inside a page names the page in its path.
  if (page) path.push(page.t);
  const heading = result.type === 1 ? document.t : result.type === 4 ? document.s : undefined;
  const titlePositions = result.type === 0 ? Object.values(metadata).flatMap((m) => m.t.position) : [];
  return (
    <li className={styles.result}>
      <article>
        <h2 className={styles.resultTitle}>
          <Link to={to}>{result.type === 0 ? <Marked text={pageTitle} positions={titlePositions} max={200} /> : (heading ?? pageTitle)}</Link>
        </h2>
        <p className={styles.resultMeta}>
          <span className={clsx('ld-hit-mark', `ld-hit-mark--${result.mark.kind}`)}>{result.mark.label}</span>
          {path.length > 0 && (
            <span className={styles.resultPath} data-result-breadcrumb={heading ?? pageTitle}>
              {path.join(' › ')}
            </span>
          )}
        </p>
        {summary.text && (
          <p className={styles.resultSummary}>
            <Marked text={summary.text} positions={summary.positions} />
          </p>
        )}
      </article>
    </li>
  );
}

export default function SearchPage(): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const baseUrl = siteConfig.baseUrl;
  const location = useLocation();
  const history = useHistory();
  // The query is read after hydration, so the first render matches the static HTML.
  const isBrowser = useIsBrowser();
  const params = new URLSearchParams(isBrowser ? location.search : '');
  const urlQuery = params.get('q') ?? '';
  const urlContext = params.get('ctx') ?? '';
  const context = contexts.some((c) => c.path === urlContext) ? urlContext : '';

  const [query, setQuery] = useState(urlQuery);
  const [edited, setEdited] = useState(false);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState({loaded: 0, total: 0});
  const [state, setState] = useState<State>({results: [], partial: false, complete: false, query: ''});
  const [showAll, setShowAll] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- a new query or context folds the results again
  useEffect(() => setShowAll(false), [query, context]);
  const generation = useRef(0);

  // The address follows what the reader types, so results can be shared and reloaded.
  // Until they type, the address is what the query comes from: leave it alone (on the
  // first renders, before the page runs in the browser, the query is still empty).
  useEffect(() => {
    if (!edited) return;
    const next = new URLSearchParams(location.search);
    if (query) next.set('q', query);
    else next.delete('q');
    if (next.toString() !== new URLSearchParams(location.search).toString()) {
      history.replace({search: next.toString()});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the query changes, not when the address it writes does
  }, [query, edited]);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is read after hydration, so the first render matches the static HTML
  useEffect(() => setQuery(urlQuery), [urlQuery]);

  // Loads the first tier; first results come from it. Not before there is something to search for (a query in
  // the address, or the reader's first keystroke): the empty page downloads no index and starts no worker.
  const wanted = edited || urlQuery.trim() !== '';
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !wanted) return;
    let cancelled = false;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the loading state shows while the worker starts, outside React
    setPhase('loading');
    getSearchWorker()
      .then((worker) => worker.loadFirstTier(baseUrl, context))
      .then((current) => {
        if (cancelled) return;
        setProgress(current);
        setPhase('ready');
      })
      .catch(() => !cancelled && setPhase('failed'));
    return () => {
      cancelled = true;
    };
  }, [baseUrl, context, wanted]);

  // Once the first results are on screen, the rest of the text, one file at a time.
  const firstShown = phase === 'ready' && query.trim() !== '' && state.query !== '';
  useEffect(() => {
    if (!firstShown) return;
    let cancelled = false;
    (async () => {
      // A moment after the first results are painted, so they never wait for the rest.
      await new Promise((resolve) => window.setTimeout(resolve, REST_DELAY_MS));
      const worker = await getSearchWorker();
      let current = await worker.progress(baseUrl);
      while (!cancelled && current.loaded < current.total) {
        current = await worker.loadNext(baseUrl);
        if (!cancelled) setProgress(current);
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [firstShown, baseUrl]);

  // Searches whenever the query or the context changes, and again as the text arrives
  // (every few files, and when the last one is in: fewer re-renders on slow phones).
  const textLoaded = progress.loaded >= progress.total ? progress.total : Math.floor(progress.loaded / RESEARCH_EVERY);
  useEffect(() => {
    if (phase !== 'ready' || !query.trim()) return;
    const ticket = ++generation.current;
    void getSearchWorker()
      .then((worker) => worker.search(baseUrl, query, {limit: RESULT_LIMIT, context, typing: edited && !/\s$/.test(query)}))
      .then((response) => {
        if (ticket === generation.current) setState({...response, query});
      });
  }, [phase, query, context, textLoaded, baseUrl, edited]);

  const trimmed = query.trim();
  const title = trimmed ? `Search results for "${trimmed.slice(0, 80)}"` : 'Search the documentation';
  const contextLabel = contexts.find((c) => c.path === context)?.label;
  const shown = trimmed && state.query === query ? state.results : [];
  const searching = progress.total > 0 && progress.loaded < progress.total;
  const status = useMemo(() => {
    if (!trimmed) return '';
    if (phase === 'failed') return 'The search index could not be loaded. Check your connection and reload the page.';
    if (phase !== 'ready' || state.query !== query) return 'Searching…';
    if (shown.length === 0) return searching ? 'Searching the text of every page…' : 'No results';
    const count = `${shown.length}${shown.length === RESULT_LIMIT ? '+' : ''} ${shown.length === 1 ? 'page' : 'pages'} found`;
    return contextLabel ? `${count} in ${contextLabel}` : count;
  }, [trimmed, phase, state.query, query, shown.length, searching, contextLabel]);

  return (
    <Layout>
      <PageMetadata title={title} description="Search the Launchdeck documentation for servers, applications, pipelines, teams and the API." />
      <main className={clsx('container', 'margin-vert--lg', styles.page)}>
        <h1>{title}</h1>
        <form
          role="search"
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
          }}>
          <input
            type="search"
            name="q"
            className={styles.input}
            aria-label="Search"
            placeholder="Search the documentation"
            value={query}
            autoComplete="off"
            autoFocus={!urlQuery}
            onChange={(event) => {
              setEdited(true);
              setQuery(event.target.value);
            }}
          />
          {contexts.length > 0 && (
            <select
              name="ctx"
              className={styles.select}
              aria-label="Search in"
              value={context}
              onChange={(event) => {
                const next = new URLSearchParams(location.search);
                if (event.target.value) next.set('ctx', event.target.value);
                else next.delete('ctx');
                history.replace({search: next.toString()});
              }}>
              <option value="">Everywhere</option>
              {contexts.map((c) => (
                <option key={c.path} value={c.path}>
                  {c.label}
                </option>
              ))}
            </select>
          )}
          {/* Results follow the text as it is typed, so the button is hidden until it has keyboard focus; a form needs one
              all the same (Enter and assistive technology submit through it), and before hydration it submits ?q= natively. */}
          <button type="submit" className={clsx('button button--primary', styles.submit)}>
            Search
          </button>
        </form>

        {process.env.NODE_ENV !== 'production' ? (
          <p>Search works on a production build: run npm run build, then npm run serve.</p>
        ) : (
          <>
            <p className={styles.status} role="status" aria-live="polite">
              {status}
            </p>
            {shown.length > 0 && state.partial && (
              <p className={styles.partial}>No page contains every word you searched for. These pages match some of them.</p>
            )}
            {trimmed && status === 'No results' && (
              <p className={styles.hint}>
                Check the spelling, try fewer or more general words, or {context ? 'search everywhere, or ' : ''}browse the{' '}
                <Link to={`${baseUrl}docs/`}>documentation home</Link>.
              </p>
            )}
            {shown.length > 0 && (
              <ol className={styles.results} aria-label="Search results">
                {(showAll ? shown : shown.slice(0, FIRST_PAGE)).map((result) => (
                  <ResultItem key={result.document.i} result={result} />
                ))}
              </ol>
            )}
            {!showAll && shown.length > FIRST_PAGE && (
              <button type="button" className={clsx('button button--secondary', styles.more)} onClick={() => setShowAll(true)}>
                Show {shown.length - FIRST_PAGE} more results
              </button>
            )}
            {searching && phase === 'ready' && trimmed && (
              <p className={styles.progress}>
                <progress max={progress.total} value={progress.loaded} aria-label="Page text searched" /> Searching the text of every page ({progress.loaded} of{' '}
                {progress.total} sections)
              </p>
            )}
          </>
        )}
      </main>
    </Layout>
  );
}
