/**
 * The API console ("Try it") of a reference page: the reader's token, the
 * operation's parameters and body as labelled fields checked while they type,
 * Send, and the response explained. Loaded only when a reader opens it
 * (../client/TryIt.tsx), with the operation's data from ./spec.ts.
 * Safe by default: nothing is sent before Send; destructive operations ask
 * first, naming the resource; requests go only to the configured servers
 * (src/config/urls.ts), which the Content-Security-Policy's connect-src lists;
 * the token stays in this tab's sessionStorage (./state.ts) and never reaches
 * the page's samples, its markup or a log.
 */
import React, {useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useBaseUrl from '@docusaurus/useBaseUrl';
import type {ProductUrls} from '@site/src/config/urls';
import {LIVE_SAMPLES_EVENT} from './keys';
import {CONSOLE_CSS} from '../routes';
import {check, responseValidators} from '../../../simulation/client/validation';
import {closed, forget, load, save} from './state';
import {
  FAILURES,
  SHOWN_HEADERS,
  carriedValues,
  checkBody,
  confirmation,
  errorOf,
  liveSamples,
  parameterIssues,
  requestHeaders,
  requestUrl,
  statusLine,
  statusMeaning,
  type FailureKind,
  type RequestValidators,
  type SchemaIssue,
  type Values,
} from './request';
import type {ConsoleParam, ConsoleSpec} from './types';

export interface ConsoleProps {
  spec: ConsoleSpec;
  /** The contract's request checks (Ajv, compiled at build time). */
  validators: RequestValidators;
  /** Move the focus into the console (the reader pressed Open). */
  focus: boolean;
  onClose: () => void;
}

const TIMEOUT_MS = 30_000;

/** Hands the page's sample tabs their code (null: the contract's examples again). */
function setLiveSamples(samples: Record<string, string> | null): void {
  window.dispatchEvent(new CustomEvent(LIVE_SAMPLES_EVENT, {detail: samples}));
}

/**
 * Class names of ./console.css, which the console links when it opens: the
 * site puts every stylesheet it bundles into the one CSS file every page
 * loads, so the console's styles are served beside its data instead.
 */
const styles = {
  console: 'ld-console',
  group: 'ld-console__group',
  field: 'ld-console__field',
  label: 'ld-console__label',
  type: 'ld-console__type',
  control: 'ld-console__control',
  body: 'ld-console__body',
  hint: 'ld-console__hint',
  error: 'ld-console__error',
  ok: 'ld-console__ok',
  check: 'ld-console__check',
  actions: 'ld-console__actions',
  confirm: 'ld-console__confirm',
  announcement: 'ld-console__announcement',
  result: 'ld-console__result',
  status: 'ld-console__status',
  badge: 'ld-console__badge',
  success: 'ld-console__badge--success',
  clientError: 'ld-console__badge--client-error',
  serverError: 'ld-console__badge--server-error',
  headers: 'ld-console__headers',
  details: 'ld-console__details',
  pre: 'ld-console__pre',
  simulation: 'ld-console__simulation',
};
const TOKEN_PAGE = '/docs/api-tokens/personal-access-tokens/add-personal-access-token';

type Result =
  | {kind: 'response'; status: number; ms: number; headers: Array<[string, string]>; body: string; json?: unknown; mismatch: SchemaIssue[]; carried: Values}
  | {kind: 'failure'; failure: FailureKind};

function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

const isIdempotencyKey = (p: ConsoleParam) => p.in === 'header' && p.name === 'Idempotency-Key';

/** First values: carried IDs, else the contract's example; optional query parameters start empty. */
function initialValues(spec: ConsoleSpec, ids: Values): Values {
  const values: Values = {};
  for (const p of spec.params) {
    if (isIdempotencyKey(p)) values[p.name] = newKey();
    else if (p.in === 'path') values[p.name] = ids[p.name] ?? p.example ?? '';
    else values[p.name] = p.required ? (p.example ?? p.default ?? '') : '';
  }
  return values;
}

const exampleBody = (spec: ConsoleSpec) => (spec.body?.example === undefined ? '' : JSON.stringify(spec.body.example, null, 2));

/** Why the browser got no response: the probe's opaque answer means the server is there and CORS refused. */
async function failureOf(error: unknown, url: string, timedOut: boolean): Promise<FailureKind> {
  if (timedOut) return 'timeout';
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return 'offline';
  if ((error as Error)?.name === 'AbortError') return 'timeout';
  try {
    await fetch(new URL(url).origin, {mode: 'no-cors', credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer'});
    return 'cors';
  } catch {
    return 'network';
  }
}

interface FieldProps {
  param: ConsoleParam;
  value: string;
  issue?: string;
  onChange: (value: string) => void;
}

function Field({param, value, issue, onChange}: FieldProps): ReactNode {
  const id = `${useId()}-${param.name}`;
  const hint = [param.description, ...param.facts.map((f) => `${f.charAt(0).toUpperCase()}${f.slice(1)}.`)].filter(Boolean).join(' ');
  const describedBy = clsx(hint && `${id}-hint`, issue && `${id}-error`) || undefined;
  const common = {id, value, 'aria-describedby': describedBy, 'aria-invalid': issue ? true : undefined, 'aria-required': param.required || undefined};
  const options = param.enum ?? (param.type === 'boolean' ? ['true', 'false'] : undefined);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        <code>{param.name}</code>{' '}
        <span className={styles.type}>
          {param.type}
          {param.required ? ', required' : ''}
        </span>
      </label>
      <div className={styles.control}>
        {options ? (
          <select {...common} onChange={(e) => onChange(e.target.value)}>
            {(!param.required || value === '') && <option value="">{param.default ? `Not set (default ${param.default})` : 'Not set'}</option>}
            {options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...common}
            type="text"
            inputMode={param.type === 'integer' ? 'numeric' : undefined}
            placeholder={param.example ?? param.default ?? ''}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => onChange(e.target.value)}
          />
        )}
        {isIdempotencyKey(param) && (
          <button type="button" className="button button--secondary button--sm" onClick={() => onChange(newKey())}>
            New key
          </button>
        )}
      </div>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {issue && (
        <p id={`${id}-error`} className={styles.error}>
          <code>{param.name}</code> {issue}.
        </p>
      )}
    </div>
  );
}

const GROUPS = [
  ['path', 'Path parameters'],
  ['query', 'Query parameters'],
  ['header', 'Headers'],
] as const;

/** The simulation of the API (src/plugins/simulation), loaded when the console first sends to it. */
const simulation = () => import('../../../simulation/client/browser').then((m) => m.loadSimulation());

export default function Console({spec, validators, focus, onClose: close}: ConsoleProps): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const {servers} = spec;
  const productUrls = siteConfig.customFields?.urls as ProductUrls;
  const origins = useMemo(() => new Set(servers.filter((s) => !s.simulated).map((s) => new URL(s.url).origin)), [servers]);
  /** What samples show: the real API's URL, also while the simulation answers. */
  const realUrl = servers.find((s) => !s.simulated)?.url ?? servers[0]!.url;
  const kept = useMemo(() => load(), []);
  const cssUrl = useBaseUrl(CONSOLE_CSS);

  const [server, setServer] = useState(() => (servers.some((s) => s.url === kept.server) ? kept.server : servers[0]!.url));
  const [hasToken, setHasToken] = useState(kept.token !== '');
  const [values, setValues] = useState<Values>(() => initialValues(spec, kept.ids));
  const [ids, setIds] = useState<Values>(kept.ids);
  const [bodyText, setBodyText] = useState(() => exampleBody(spec));
  const [lastBody, setLastBody] = useState(spec.body?.example);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>();
  const [announcement, setAnnouncement] = useState('');
  const token = useRef<HTMLInputElement>(null);
  const first = useRef<HTMLElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const base = useId();

  // The token goes into the field's value property, never its markup.
  useEffect(() => {
    if (token.current) token.current.value = kept.token;
    if (focus) first.current?.focus();
  }, [kept, focus]);

  const simulated = servers.find((s) => s.url === server)?.simulated === true;
  const paramIssues = useMemo(() => parameterIssues(spec, values, validators), [spec, values, validators]);
  const body = useMemo(() => checkBody(spec, bodyText, validators), [spec, bodyText, validators]);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- keeps the last valid body; the samples read it only once the body is invalid
    if (body.value !== undefined && body.issues.length === 0) setLastBody(body.value);
  }, [body]);

  // The page's samples follow the fields; the last valid body stands while the editor holds an invalid one.
  useEffect(() => {
    setLiveSamples(liveSamples(spec, simulated ? realUrl : server, values, body.value !== undefined && !body.syntax ? body.value : lastBody));
  }, [spec, server, simulated, realUrl, values, body, lastBody]);
  useEffect(() => () => setLiveSamples(null), []);

  const keep = (next: Partial<{server: string; ids: Values}>) => save({token: token.current?.value ?? '', server: next.server ?? server, ids: next.ids ?? ids});

  const setValue = (param: ConsoleParam, value: string) => {
    setValues((old) => ({...old, [param.name]: value}));
    setConfirming(false);
    if (param.in === 'path') {
      const nextIds = {...ids, [param.name]: value};
      setIds(nextIds);
      keep({ids: nextIds});
    }
  };

  const problems = [
    ...Object.entries(paramIssues).map(([name, message]) => ({field: name, message})),
    ...(body.syntax ? [{field: 'body', message: body.syntax}] : []),
    ...body.issues.map((issue) => ({field: issue.field, message: issue.message})),
  ];
  const blocked = problems.length > 0;

  const send = async () => {
    const sim = simulated ? await simulation() : undefined;
    const url = requestUrl(spec, sim ? sim.apiUrl : server, values);
    setConfirming(false);
    if (!sim && !origins.has(new URL(url).origin)) {
      setResult({kind: 'failure', failure: 'blocked'});
      return;
    }
    const headers: Record<string, string> = {Accept: 'application/json'};
    const tokenValue = sim ? sim.token : (token.current?.value.trim() ?? '');
    if (spec.auth && tokenValue) headers.Authorization = `Bearer ${tokenValue}`;
    for (const [name, value] of requestHeaders(spec, values)) headers[name] = value;
    const sendsBody = spec.body !== undefined && body.value !== undefined;
    if (sendsBody) headers['Content-Type'] = 'application/json';

    setSending(true);
    setResult(undefined);
    setAnnouncement('Sending the request…');
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, TIMEOUT_MS);
    // eslint-disable-next-line react-hooks/purity -- `send` runs on a click, not during render (facebook/react#34046)
    const started = performance.now();
    let next: Result;
    try {
      const response = sim
        ? await sim.fetch(url, {method: spec.method, headers, ...(sendsBody ? {body: JSON.stringify(body.value)} : {})})
        : await fetch(url, {
            method: spec.method,
            headers,
            body: sendsBody ? JSON.stringify(body.value) : undefined,
            signal: controller.signal,
            credentials: 'omit',
            cache: 'no-store',
            referrerPolicy: 'no-referrer',
          });
      const text = await response.text();
      // eslint-disable-next-line react-hooks/purity -- `send` runs on a click, not during render (facebook/react#34046)
      const ms = Math.round(performance.now() - started);
      let json: unknown;
      if (/json/.test(response.headers.get('Content-Type') ?? '') && text) {
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
      }
      // The real API's answer against the contract; the simulation's is checked by its own tests.
      const mismatch: SchemaIssue[] =
        !sim && response.ok && json !== undefined ? check(await responseValidators(), `r_${spec.operationId}_${response.status}`, json) : [];
      const carried = response.ok ? carriedValues(spec, json) : {};
      if (Object.keys(carried).length) {
        const nextIds = {...ids, ...carried};
        setIds(nextIds);
        keep({ids: nextIds});
      }
      next = {
        kind: 'response',
        status: response.status,
        ms,
        headers: SHOWN_HEADERS.flatMap((name) => {
          const value = response.headers.get(name);
          return value === null ? [] : [[name, value] as [string, string]];
        }),
        body: json === undefined ? text : JSON.stringify(json, null, 2),
        json,
        mismatch,
        carried,
      };
      const code = errorOf(json)?.code;
      setAnnouncement(`Response: ${statusLine(response.status)}${code ? `, ${code}` : ''}, in ${ms} milliseconds.`);
    } catch (error) {
      const failure = await failureOf(error, url, timedOut);
      next = {kind: 'failure', failure};
      setAnnouncement(`No response: ${FAILURES[failure].title}.`);
    } finally {
      clearTimeout(timer);
      setSending(false);
    }
    setResult(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (blocked || sending) return;
    if (spec.destructive && !confirming) {
      setConfirming(true);
      return;
    }
    void send();
  };

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);

  const onForget = () => {
    forget();
    if (token.current) token.current.value = '';
    setHasToken(false);
    setIds({});
    setValues(initialValues(spec, {}));
    setBodyText(exampleBody(spec));
    setServer(servers[0]!.url);
    setResult(undefined);
    setConfirming(false);
    setAnnouncement('The console forgot your token and values.');
  };

  const onReset = async () => {
    (await simulation()).reset();
    setResult(undefined);
    setAnnouncement('The simulation started over from the example project.');
  };

  const onClose = () => {
    closed();
    setLiveSamples(null);
    close();
  };

  const groups = GROUPS.map(([where, legend]) => [legend, spec.params.filter((p) => p.in === where)] as const).filter(([, params]) => params.length);
  const errorCode = result?.kind === 'response' ? errorOf(result.json)?.code : undefined;
  const explained = errorCode ? spec.errors[errorCode] : undefined;
  const carried = result?.kind === 'response' ? Object.entries(result.carried) : [];

  return (
    <div className={styles.console} role="region" aria-label={`API console: ${spec.summary}`}>
      <link rel="stylesheet" href={cssUrl} precedence="default" />
      <form onSubmit={onSubmit} noValidate>
        <div className={styles.field}>
          <label htmlFor={`${base}-server`} className={styles.label}>
            Server
          </label>
          <div className={styles.control}>
            <select
              id={`${base}-server`}
              ref={first as React.RefObject<HTMLSelectElement>}
              value={server}
              onChange={(e) => {
                setServer(e.target.value);
                keep({server: e.target.value});
              }}>
              {servers.map((s) => (
                <option key={s.url} value={s.url}>
                  {s.simulated ? s.label : `${s.label}: ${s.url}`}
                </option>
              ))}
            </select>
          </div>
          {simulated ? (
            <div className={styles.simulation}>
              <p className={styles.hint}>
                <strong>Practice mode.</strong> The simulation runs in this tab: requests never leave your browser and no Launchdeck account changes. It answers
                as the API does, as Ada Lopez, the owner of the docs&apos; example project <code>acme-shop</code>, and it remembers what you do until you close
                the tab.
              </p>
              <button type="button" className="button button--secondary button--sm" onClick={() => void onReset()}>
                Reset simulation
              </button>
            </div>
          ) : (
            <p className={styles.hint}>Launchdeck has no sandbox: the Launchdeck API acts on your real projects.</p>
          )}
        </div>

        {spec.auth ? (
          <div className={styles.field} hidden={simulated}>
            <label htmlFor={`${base}-token`} className={styles.label}>
              Token
            </label>
            <div className={styles.control}>
              <input
                id={`${base}-token`}
                ref={token}
                type="password"
                autoComplete="off"
                spellCheck={false}
                placeholder={spec.tokenTypes.length ? 'ldpat_…' : 'ldpat_… or ldpak_…'}
                aria-describedby={`${base}-token-hint`}
                onChange={(e) => {
                  setHasToken(e.target.value.trim() !== '');
                  keep({});
                }}
              />
            </div>
            <p id={`${base}-token-hint`} className={styles.hint}>
              {spec.tokenTypes.length
                ? 'A personal access token: this operation refuses project API tokens.'
                : 'A personal access token or a project API token.'}{' '}
              It stays in this tab and is sent only to the server above. <Link to={TOKEN_PAGE}>Create a personal access token</Link>.
              {!hasToken && ' Without one, the API answers 401 unauthenticated.'}
            </p>
          </div>
        ) : (
          <p className={styles.hint}>This endpoint takes no token.</p>
        )}

        {groups.map(([legend, params]) => (
          <fieldset key={legend} className={styles.group}>
            <legend>{legend}</legend>
            {params.map((param) => (
              <Field key={param.name} param={param} value={values[param.name] ?? ''} issue={paramIssues[param.name]} onChange={(v) => setValue(param, v)} />
            ))}
          </fieldset>
        ))}

        {spec.body && (
          <fieldset className={styles.group}>
            <legend>Body</legend>
            <label htmlFor={`${base}-body`} className={styles.label}>
              JSON body{spec.body.required ? ', required' : ''}
            </label>
            <textarea
              id={`${base}-body`}
              className={styles.body}
              value={bodyText}
              rows={Math.min(20, Math.max(6, bodyText.split('\n').length + 1))}
              spellCheck={false}
              autoComplete="off"
              aria-invalid={body.syntax || body.issues.length ? true : undefined}
              aria-describedby={`${base}-body-check`}
              onChange={(e) => {
                setBodyText(e.target.value);
                setConfirming(false);
              }}
            />
            <div id={`${base}-body-check`} className={styles.check}>
              {body.syntax ? (
                <p className={styles.error}>{body.syntax}</p>
              ) : body.issues.length ? (
                <ul className={styles.error}>
                  {body.issues.map((issue) => (
                    <li key={`${issue.field} ${issue.message}`}>
                      <code>{issue.field}</code> {issue.message}.
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.ok}>The body matches the request schema.</p>
              )}
            </div>
            <button type="button" className="button button--secondary button--sm" onClick={() => setBodyText(exampleBody(spec))}>
              Reset to the example
            </button>
          </fieldset>
        )}

        {confirming ? (
          <div className={clsx('alert alert--warning', styles.confirm)}>
            <p>
              <strong>{confirmation(spec, values)}?</strong> This sends {spec.method} to {servers.find((s) => s.url === server)?.label ?? server} and can&apos;t
              be undone.
            </p>
            <div className={styles.actions}>
              <button ref={confirmButton} type="submit" className="button button--danger">
                Yes, send {spec.method}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className={styles.actions}>
            <button type="submit" className="button button--primary" disabled={blocked || sending} aria-describedby={blocked ? `${base}-blocked` : undefined}>
              {sending ? 'Sending…' : 'Send'}
            </button>
            <button type="button" className="button button--secondary" onClick={onForget}>
              Forget
            </button>
            <button type="button" className="button button--link" onClick={onClose}>
              Close the console
            </button>
          </div>
        )}
        {blocked && (
          <p id={`${base}-blocked`} className={styles.error}>
            Not sent until {problems.length === 1 ? 'this is' : `these ${problems.length} are`} fixed:{' '}
            {problems.map((p, i) => (
              <React.Fragment key={`${p.field}${i}`}>
                {i > 0 && '; '}
                <code>{p.field}</code> {p.message}
              </React.Fragment>
            ))}
            .
          </p>
        )}
      </form>

      <p role="status" className={styles.announcement}>
        {announcement}
      </p>

      {result?.kind === 'failure' && (
        <div className={clsx('alert alert--danger', styles.result)}>
          <p>
            <strong>{FAILURES[result.failure].title}.</strong> {FAILURES[result.failure].advice}
          </p>
          {result.failure === 'network' && (
            <p>
              <Link href={productUrls.status}>Launchdeck status page</Link>
            </p>
          )}
        </div>
      )}

      {result?.kind === 'response' && (
        <div className={styles.result}>
          <p className={styles.status}>
            <span className={clsx(styles.badge, result.status < 300 ? styles.success : result.status < 500 ? styles.clientError : styles.serverError)}>
              {statusLine(result.status)}
            </span>{' '}
            <span>{result.ms} ms</span>
          </p>
          <p>{statusMeaning(spec, result.status)}</p>
          {errorCode && (
            <div className="alert alert--warning">
              <p>
                <code>{errorCode}</code>: {explained?.meaning ?? 'An error code this page does not list.'}
              </p>
              <p>
                What to do: <Link to={explained?.help.to ?? '/docs/api#error-codes'}>{explained?.help.title ?? 'API overview: Error codes'}</Link>
              </p>
            </div>
          )}
          {result.mismatch.length > 0 && (
            <div className="alert alert--warning">
              <p>The response doesn&apos;t match the contract:</p>
              <ul>
                {result.mismatch.slice(0, 10).map((issue) => (
                  <li key={`${issue.field} ${issue.message}`}>
                    <code>{issue.field.replace(/^body/, 'response')}</code> {issue.message}.
                  </li>
                ))}
              </ul>
            </div>
          )}
          {carried.length > 0 && (
            <p className={styles.hint}>Kept for the next operations in this tab: {carried.map(([name, value]) => `${name} ${value}`).join(', ')}.</p>
          )}
          {result.headers.length > 0 && (
            <dl className={styles.headers}>
              {result.headers.map(([name, value]) => (
                <React.Fragment key={name}>
                  <dt>{name}</dt>
                  <dd>
                    <code>{value}</code>
                  </dd>
                </React.Fragment>
              ))}
            </dl>
          )}
          {result.body && (
            <details open className={styles.details}>
              <summary>Response body ({result.body.split('\n').length} lines)</summary>
              {/* A scrollable region must be reachable by keyboard. */}
              <pre tabIndex={0} className={styles.pre}>
                <code>{result.body}</code>
              </pre>
            </details>
          )}
        </div>
      )}
    </div>
  );
}
