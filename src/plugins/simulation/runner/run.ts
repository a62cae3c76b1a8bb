/**
 * The docs runner: does what a task page tells the reader to do, against a
 * fresh simulation of the sample world, and reports where the product
 * disagrees with the page (writer's reference, "Docs that run"):
 * 1. the steps run in order, IDs flowing from one call into the next, each
 *    answering what the page shows (status and the fields it states);
 * 2. as a caller that holds only the permissions "Before you begin" names;
 * 3. the calls of "Check the result" run after the steps, and again after the
 *    steps without the page's main call, where they must show something else;
 * 4. each troubleshooting fix that starts from a state runs from that state,
 *    as the page's reader, and must not be refused.
 */
import type {Simulation} from '../client/engine/engine';
import type {Json, Obj, SimResponse} from '../client/engine/types';
import {Ids, pair} from '../client/ids';
import type {Call, Event, Expectation, RunPage, Trouble} from './page';

export interface Finding {
  file: string;
  line: number;
  rule: 'response' | 'permission' | 'check' | 'fix' | 'precondition' | 'simulation';
  message: string;
}

export interface PageResult {
  file: string;
  calls: number;
  findings: Finding[];
  /** What leaving out the main call did to "Check the result". */
  check: 'fails-without-main' | 'same-without-main' | 'manual' | 'read-only' | 'no-main-call';
  /** Calls the runner couldn't send as written, and why. */
  skipped: Array<{line: number; reason: string}>;
}

export interface RunnerContext {
  /** A fresh simulation of the sample world, without the objects the test says. */
  simulation(without?: (obj: Obj) => boolean): Simulation;
  /** The main call of each task page (the reference's C3): page path ("servers/stop-server") → method and path template. */
  mainCalls: Map<string, {method: string; path: string}>;
  /** The sample world's project: the runner's caller gets the page's permissions in it. */
  project: string;
  /** Its owner, as whom pages about your own account run. */
  owner: string;
  /** The contract's example body of each operation, for the calls a fix makes. */
  examples: Map<string, Json>;
  /** By lifecycle: the operations on what its objects hold (facts.yml `on: contents`: what runs on a server). */
  contents: Map<string, string[]>;
  /** By lifecycle: the state each operation's action runs in and the state it ends in. */
  during: Map<string, Array<{during: string; to: string}>>;
}

/** Fields a page states that the runner compares: states, kinds, flags and counts. */
const isObj = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);

const STATED =
  /^(?:status|state|enabled|type|kind|object|provider_state|connected|last_run_status|process_state|built_in|protected|secret|default|direction|protocol|scope|source|trigger|plan|role_name|team_name|code|credits_used|disabled_reason)$|_count$/;
/** Where the simulation's answer disagrees with what the page says about it (empty: it agrees). */
function disagreements(expect: Expectation, response: SimResponse, ids: Ids, success: boolean, exists: (id: string) => boolean = () => false): string[] {
  const out: string[] = [];
  const body = response.body;
  const expected = expect.status ?? (success ? undefined : undefined);
  if (expected !== undefined && response.status !== expected) out.push(`returns ${response.status}${errorOf(body)}, the page says ${expected}`);
  else if (expected === undefined && response.status >= 400) out.push(`returns ${response.status}${errorOf(body)}`);
  if (out.length) return out;
  if (expect.errorCode && (!isObj(body) || !isObj(body.error) || body.error.code !== expect.errorCode))
    out.push(`answers${errorOf(body) || ' without an error'}, the page says \`${expect.errorCode}\``);
  const compare = (page: Json | undefined, sim: Json | undefined, path: string) => {
    if (Array.isArray(page)) {
      if (!Array.isArray(sim)) return;
      for (const item of page) {
        const other = pair(item, sim, ids);
        // A shown item of the world must be there by its ID; a new one (the page's own example ID) pairs by its other fields.
        const known = isObj(item) && typeof item.id === 'string' && (exists(ids.get(item.id)) || ids.get(item.id) !== item.id);
        if (isObj(item) && typeof item.id === 'string' && known && (!isObj(other) || other.id !== ids.get(item.id))) {
          // An item on another page of results, or sorted otherwise by the world's history, isn't what the page gets wrong.
          if (!exists(ids.get(item.id))) out.push(`${path} has no ${ids.get(item.id)}${item.name ? ` (${String(item.name)})` : ''}, which the page shows`);
        } else if (isObj(item) && !isObj(other)) {
          out.push(`${path} has nothing like the page's ${JSON.stringify(item).slice(0, 80)}`);
        } else compare(item, other, `${path}[]`);
      }
      return;
    }
    if (!isObj(page) || !isObj(sim)) return;
    for (const [key, value] of Object.entries(page)) {
      const at = path ? `${path}.${key}` : key;
      if (isObj(value) || Array.isArray(value)) compare(value, sim[key], at);
      else if (
        STATED.test(key) &&
        key in sim &&
        !(typeof value === 'string' && /^[a-z]+_[A-Za-z0-9]{20,}$/.test(value)) &&
        JSON.stringify(sim[key]) !== JSON.stringify(typeof value === 'string' ? ids.get(value) : value)
      ) {
        out.push(`\`${at}\` is ${JSON.stringify(sim[key])}, the page shows ${JSON.stringify(value)}`);
      }
    }
  };
  if (expect.json !== undefined) compare(expect.json, body, '');
  for (const member of expect.members) {
    const found = findKey(body, member.key);
    const values = member.values.map((v) => (typeof v === 'string' ? ids.get(v) : v));
    if (!found.length) out.push(`has no \`${member.key}\`, the page says ${member.values.map((v) => JSON.stringify(v)).join(' or ')}`);
    else if (!found.some((f) => values.some((v) => JSON.stringify(v) === JSON.stringify(f)))) {
      out.push(`\`${member.key}\` is ${JSON.stringify(found[0])}, the page says ${member.values.map((v) => JSON.stringify(v)).join(' or ')}`);
    }
  }
  const text = JSON.stringify(body ?? null);
  for (const id of expect.absent) if (text.includes(ids.get(id))) out.push(`still contains ${ids.get(id)}, the page says it no longer does`);
  return out;
}

function findKey(value: Json | undefined, key: string, out: Json[] = []): Json[] {
  if (Array.isArray(value)) value.forEach((v) => findKey(v, key, out));
  else if (isObj(value)) {
    if (key in value) out.push(value[key]!);
    Object.values(value).forEach((v) => findKey(v, key, out));
  }
  return out;
}

function errorOf(body: Json | undefined): string {
  if (!isObj(body) || !isObj(body.error)) return '';
  const fields = isObj(body.error.details) && Array.isArray(body.error.details.fields) ? body.error.details.fields.filter(isObj) : [];
  const said = fields.length ? `: ${fields.map((f) => `${String(f.field)} ${String(f.message)}`).join('; ')}` : '';
  return ` \`${String(body.error.code)}\` (${String(body.error.message)}${said})`;
}

const says = (e: Expectation) => e.status !== undefined || e.json !== undefined || e.members.length > 0 || e.absent.length > 0 || e.errorCode !== undefined;

interface Session {
  sim: Simulation;
  ids: Ids;
  /** The page's reader: a caller with the page's permissions. */
  token: string;
  /** The project owner, for what a page does on the owner's own account. */
  owner: string;
  calls: number;
  ctx: RunnerContext;
}

/** The token a call sends: the page's reader's, or none. */
function tokenFor(call: Call, session: Session, page: RunPage): string | undefined {
  if (call.token === 'none') return undefined;
  if (call.token === 'subject') {
    // The token the page creates or revokes: without the main step, the reader has none.
    // Only on a page about a token ("the new token" elsewhere is a provider's).
    const main = mainCallOf(page, session, session.ctx);
    if (main && /-tokens\b/.test(main.path)) {
      const subject = subjectOf(page, session, main);
      return subject && typeof subject.$secret === 'string' ? subject.$secret : 'ldpat_none';
    }
  }
  const route = session.sim.route(call.method, session.ids.apply(call.path));
  // Operations that take only personal access tokens of their own user (your account) run as the sample world's owner.
  if (route && route.op.tokenTypes.length && !route.op.permission) return session.owner;
  if (page.permissionKind === 'account') return session.owner;
  return session.token;
}

/** Sends a call; a GET the page shows a later state of is sent again as the clock moves, as a reader polls. */
function send(call: Call, session: Session, page: RunPage, poll: boolean): {response: SimResponse; problems: string[]} {
  const token = tokenFor(call, session, page);
  const request = () => {
    session.calls++;
    return session.sim.handle({
      method: call.method,
      path: session.ids.apply(call.path),
      headers: {
        ...Object.fromEntries(Object.entries(call.headers).filter(([name]) => name.toLowerCase() !== 'authorization')),
        ...(token ? {Authorization: `Bearer ${token}`} : {}),
      },
      ...(call.body !== undefined ? {body: session.ids.apply(call.body)} : {}),
    });
  };
  let response = request();
  const exists = (id: string) => session.sim.store.get(id) !== undefined;
  let problems = disagreements(call.expect, response, session.ids, true, exists);
  for (let i = 0; poll && call.method === 'GET' && problems.length && response.status < 400 && i < 200 && session.sim.actions.busy(); i++) {
    session.sim.advance(5);
    response = request();
    problems = disagreements(call.expect, response, session.ids, true, exists);
  }
  return {response, problems};
}

const permissionOf = (response: SimResponse): string | undefined => {
  const body = response.body;
  return response.status === 403 && isObj(body) && isObj(body.error) && body.error.code === 'permission_denied' && isObj(body.error.details)
    ? String(body.error.details.required_permission)
    : undefined;
};

/** The object a page is about: what its main call creates, else the one it names, else the first its calls name. */
function subjectOf(page: RunPage, session: Session, main: Call | undefined): Obj | undefined {
  const shown = main && isObj(main.expect.json) ? main.expect.json : undefined;
  const made = shown ? (shown.object === 'action' && isObj(shown.subject) ? shown.subject.id : shown.id) : undefined;
  const created = main?.method === 'POST' && typeof made === 'string' ? session.sim.store.get(session.ids.get(made)) : undefined;
  if (created) return created;
  for (const call of [main, ...page.steps, ...page.checks]) {
    if (!call || call.kind !== 'call') continue;
    const route = session.sim.route(call.method, session.ids.apply(call.path));
    const ids = Object.values(route?.params ?? {}).reverse();
    for (const id of ids) {
      const obj = session.sim.store.get(id);
      if (obj) return obj;
    }
  }
  return undefined;
}

/** The object of a lifecycle a page's prerequisite or cause names ("the server", "the daemon"): the subject, or what holds it. */
function related(session: Session, subject: Obj | undefined, lifecycle: string, nouns: RegExp, text: string): Obj | undefined {
  if (!subject) return undefined;
  const {sim} = session;
  if (sim.lifecycles.of(subject)?.id === lifecycle && nouns.test(text)) return subject;
  for (const field of ['server_id', 'environment_id', 'application_id', 'credential_id', 'certificate_id']) {
    const obj = sim.store.get(subject[field] as string);
    if (obj && sim.lifecycles.of(obj)?.id === lifecycle) return obj;
  }
  if (subject.object === 'link') {
    const target = sim.store.get(String((subject.target as Obj).id));
    if (target && sim.lifecycles.of(target)?.id === lifecycle) return target;
  }
  for (const link of sim.store.where('link', (l) => (l.source as Obj).id === subject.id)) {
    const target = sim.store.get(String((link.target as Obj).id));
    if (target && sim.lifecycles.of(target)?.id === lifecycle) return target;
  }
  return sim.lifecycles.of(subject)?.id === lifecycle ? subject : undefined;
}

export interface Lifecycle {
  id: string;
  nouns: RegExp;
  states: string[];
}

/** "The server's status must be `stopped`": the state a prerequisite asks of an object, by lifecycle. */
export function requiredStates(text: string, lifecycles: Lifecycle[]): Array<{lifecycle: Lifecycle; states: string[]}> {
  const out: Array<{lifecycle: Lifecycle; states: string[]}> = [];
  const m = /\b(?:must be|is|are|has to be|needs to be)\s+((?:`[a-z_]+`(?:,\s*|,?\s+or\s+)?)+)/.exec(text);
  if (!m || /\b(?:not|isn't|aren't|no longer|every|each|all)\b/i.test(text.slice(0, m.index + 8))) return out;
  const states = [...m[1]!.matchAll(/`([a-z_]+)`/g)].map((x) => x[1]!);
  const before = text.slice(0, m.index);
  for (const lifecycle of lifecycles) {
    if (!lifecycle.nouns.test(before)) continue;
    const own = states.filter((s) => lifecycle.states.includes(s));
    if (own.length) out.push({lifecycle, states: own});
  }
  return out;
}

/** The contract operation of the main call of a page (C3), as the runner finds it among its calls. */
/** A page whose main step the runner can't send as written (a CI script's shell variables): its check is the reader's to make. */
function mainUnrunnable(page: RunPage, session: Session, ctx: RunnerContext): Call | undefined {
  const row = ctx.mainCalls.get(page.rel.replace(/\.mdx?$/, ''));
  if (!row) return undefined;
  const template = session.sim.route(row.method, row.path.replace(/\{[^}]+\}/g, 'x0000000'));
  const calls = page.steps.filter((c): c is Call => c.kind === 'call');
  if (calls.some((c) => !c.unrunnable && session.sim.route(c.method, c.path)?.op.id === template?.op.id)) return undefined;
  return calls.find(
    (c) => c.unrunnable && c.method === row.method && session.sim.route(c.method, c.path.replace(/\$\{?[A-Z_]+\}?/g, 'x0000000'))?.op.id === template?.op.id,
  );
}

function mainCallOf(page: RunPage, session: Session, ctx: RunnerContext): Call | undefined {
  if (mainUnrunnable(page, session, ctx)) return undefined;
  const row = ctx.mainCalls.get(page.rel.replace(/\.mdx?$/, ''));
  const calls = page.steps.filter((c): c is Call => c.kind === 'call' && !c.unrunnable);
  if (row) {
    const template = session.sim.route(row.method, row.path.replace(/\{[^}]+\}/g, 'x0000000'));
    const found = calls.find((c) => session.sim.route(c.method, c.path)?.op.id === template?.op.id);
    if (found) return found;
  }
  // A page the reference has no row for (the quick start): its last change is what the page is for.
  return calls.filter((c) => c.method !== 'GET').at(-1) ?? calls[0];
}

/** The IDs a page's calls create that the sample world already has: the page starts from a world without them. */
function createdIds(page: RunPage, sim: Simulation): Set<string> {
  const out = new Set<string>();
  for (const call of page.steps) {
    if (call.kind !== 'call' || call.method !== 'POST' || !isObj(call.expect.json)) continue;
    const route = sim.route(call.method, call.path);
    if (!route || !/^(?:create|generate|link)/.test(route.op.id)) continue;
    const json = call.expect.json;
    const id = json.object === 'action' && isObj(json.subject) ? json.subject.id : json.id;
    if (typeof id === 'string' && sim.store.get(id)) out.add(id);
  }
  return out;
}

interface Outcome {
  findings: Finding[];
  checkProblems: string[];
  skipped: Array<{line: number; reason: string}>;
  calls: number;
  session: Session;
}

/** Runs a page's steps (all, or without its main call) and then its checks. */
function play(page: RunPage, ctx: RunnerContext, lifecycles: Lifecycle[], options: {withoutMain: boolean; report: boolean}): Outcome {
  const probe = ctx.simulation();
  const created = createdIds(page, probe);
  const sim = ctx.simulation((obj) => created.has(String(obj.id)));
  const owner = sim.tokenOf(ctx.owner);
  const token = page.permissionKind === 'account' ? owner : sim.principalWith(ctx.project, page.permissions);
  const session: Session = {sim, ids: new Ids(), token, owner, calls: 0, ctx};
  const findings: Finding[] = [];
  const skipped: Outcome['skipped'] = [];
  const main = mainCallOf(page, session, ctx);
  const subject = subjectOf(page, session, main);

  // What "Before you begin" asks of the page's object: its state.
  for (const prerequisite of page.prerequisites) {
    for (const {lifecycle, states} of requiredStates(prerequisite.text, lifecycles)) {
      const obj = related(session, subject, lifecycle.id, lifecycle.nouns, prerequisite.text);
      if (obj && !states.includes(String(obj.status))) obj.status = states[0]!;
    }
  }

  const run = (items: Array<Call | Event>, checks: boolean): string[] => {
    const problems: string[] = [];
    for (const item of items) {
      if (item.kind === 'agent') {
        const server = sim.store.where('server', (s) => s.status === 'waiting_for_agent').sort((a, b) => Number(b.$seq) - Number(a.$seq))[0];
        if (server) sim.provisionSelfHosted(server);
        continue;
      }
      if (item.unrunnable) {
        skipped.push({line: item.line, reason: item.unrunnable});
        continue;
      }
      // The main call, in whichever tab the page shows it (the web tab may show the same call: an incoming webhook's).
      if (options.withoutMain && main && (item === main || (item.method === main.method && item.path === main.path))) {
        // Without the main call, the reader has none of the IDs it would have given them: those its answer shows that the world doesn't have.
        // (An ID the reader sent it, such as the server they restarted, they still have.)
        const sent = `${main.path} ${main.body ?? ''}`;
        for (const id of JSON.stringify(main.expect.json ?? null).match(/\b[a-z]+_[A-Za-z0-9]{6,}\b/g) ?? [])
          if (!sent.includes(id)) session.ids.unavailable.add(id);
        continue;
      }
      const missing = options.withoutMain ? session.ids.missing(`${item.path} ${item.body ?? ''}`) : undefined;
      if (missing) {
        if (checks) problems.push(`${item.method} ${item.path}: no ${missing} without the main step`);
        continue;
      }
      const {response, problems: found} = send(item, session, page, true);
      session.ids.learn(item.expect.json, response.body, false);
      if (checks) {
        if (!says(item.expect) && main && main.method !== 'GET') {
          if (options.report)
            findings.push({
              file: page.file,
              line: item.line,
              rule: 'check',
              message: `the check's ${item.method} ${item.path} doesn't say what its response shows`,
            });
        }
        problems.push(...found.map((p) => `${item.method} ${item.path} ${p}`));
      }
      if (!options.report) continue;
      const denied = permissionOf(response);
      if (denied) {
        findings.push({
          file: page.file,
          line: page.permissionLine,
          rule: 'permission',
          message: `${item.method} ${item.path} (line ${item.line}) needs \`${denied}\`, which "Before you begin" doesn't name`,
        });
      } else if (!checks) {
        for (const p of found) findings.push({file: page.file, line: item.expect.line, rule: 'response', message: `${item.method} ${item.path} ${p}`});
      } else {
        for (const p of found) findings.push({file: page.file, line: item.expect.line, rule: 'check', message: `${item.method} ${item.path} ${p}`});
      }
    }
    return problems;
  };

  run(page.steps, false);
  sim.settle();
  const unrunnable = mainUnrunnable(page, session, ctx);
  if (unrunnable) {
    for (const c of page.checks)
      if (c.kind === 'call') skipped.push({line: c.line, reason: `the main step (line ${unrunnable.line}) can't be sent as written: ${unrunnable.unrunnable}`});
    return {findings, checkProblems: [], skipped, calls: session.calls, session};
  }
  const checkProblems = run(page.checks, true);
  return {findings, checkProblems, skipped, calls: session.calls, session};
}

/** Runs a page's troubleshooting fixes from the states their causes name. */
function fixes(page: RunPage, ctx: RunnerContext, lifecycles: Lifecycle[], verbs: Verb[]): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const trouble of page.troubles) {
    for (const finding of fix(page, trouble, ctx, lifecycles, verbs)) {
      const key = `${finding.line} ${finding.message}`;
      if (!seen.has(key)) out.push(finding);
      seen.add(key);
    }
  }
  return out;
}

export interface Verb {
  lifecycle: string;
  op: string;
  api: string[];
  pattern: RegExp;
  /** The task page whose main call this operation is, when a link in a fix names it. */
  pages?: string[];
}

/** Words that say the operation isn't done here: negated, done outside Launchdeck, or only described. */
const NEGATED = /\b(?:not|isn't|aren't|never|no longer|can't|cannot|don't|doesn't|won't|without|instead of|no need to|unable to)\b/i;
const OUTSIDE =
  /\bat the provider\b|provider's (?:console|tools)|hosting provider|with (?:its|their) own tools|\bon the machine\b|\bby hand\b|\bin the (?:AWS|Azure|Google Cloud|DigitalOcean|Hetzner)\b/i;
/** Before an operation's verb: a determiner makes it a noun ("your change", "the restart"). */
// "the start", "a server you start accepts…": a noun or a relative clause, not an instruction.
const NOUN_BEFORE = /\b(?:your|the|a|an|this|that|its|their|each|any|you|we|which|who)\s+$/i;
/** Before a state: the words that make it where the object ends, not where the fix starts from. */
const TARGET_BEFORE = /\b(?:until|till|to|back to|becomes?|is now|changes to)\s+(?:it's\s+|it is\s+|the status is\s+|its status is\s+)?$/i;
const AGAIN = /\b(?:send (?:the|your) request again|send it again|try again|run it again|save (?:it|the change) again|then send)\b/i;

/** The clauses of a fix: where one instruction ends and the next begins, and whether it comes after another ("…, then …"). */
const clausesOf = (sentence: string): Array<{text: string; then: boolean}> => {
  const out: Array<{text: string; then: boolean}> = [];
  let then = false;
  for (const part of sentence.split(/(;|:\s|,\s+(?:and\s+)?then\s+|,\s+(?:and|or)\s+|\.\s+|\s+then\s+)/)) {
    if (/^(?:;|:\s|,\s+(?:and\s+)?then\s+|,\s+(?:and|or)\s+|\.\s+|\s+then\s+)$/.test(part)) {
      // "…, then …" and "…, and …" come after what the clause before did; "…, or …" is another way.
      then = /then|and/.test(part);
      continue;
    }
    if (part.trim()) out.push({text: part, then});
  }
  return out;
};

/** A sentence without its UI labels: the **Servers** tab names no server. */
// …nor does "its action" name what the sentence is about: "it" is.
const plain = (text: string) => text.replace(/\*\*[^*]+\*\*/g, '').replace(/\b(?:its|their)\s+\w+/gi, '');

function fix(page: RunPage, trouble: Trouble, ctx: RunnerContext, lifecycles: Lifecycle[], verbs: Verb[]): Finding[] {
  const findings: Finding[] = [];
  /** The lifecycles an operation's starting state can be of: its own, and its container's (a server, for what runs on it). */
  const lifecyclesOf = (verb: Verb): Lifecycle[] => {
    const contents = ctxContents(verb, lifecycles, ctx);
    return lifecycles.filter((l) => l.id === verb.lifecycle || contents.includes(l.id));
  };
  const known = new Set(lifecycles.flatMap((l) => l.states));
  /** The states a text says something is in, in order: backticked, or a state word after "is" ("if it's stopped"); not one it will be in ("until", "becomes") or isn't in ("wasn't"). */
  const mentions = (text: string): Array<{state: string; at: number}> =>
    [...text.matchAll(/`([a-z_]+)`|\b(?:it's|it is|is|are)\s+([a-z_]+)\b/g)]
      .map((m) => ({state: (m[1] ?? m[2])!, at: m.index}))
      .filter(
        ({state, at}) =>
          known.has(state) &&
          !TARGET_BEFORE.test(text.slice(0, at)) &&
          !/\buntil\b/i.test(text.slice(0, at).split(',').pop() ?? '') &&
          !/\b(?:isn't|wasn't|aren't|weren't|not|no longer)\s+$/i.test(text.slice(0, at)),
      );
  const nonTarget = (text: string) => mentions(text).map((m) => m.state);
  const sentences = trouble.fix.text.split(/(?<=\.)\s+/);
  sentences.forEach((sentence, index) => {
    const nouns = lifecycles.filter((l) => l.nouns.test(plain(sentence)));
    // "Wait until … is `stopped`": the object starts in the state that becomes `stopped`.
    const targets = [...sentence.matchAll(/\buntil\b[^`]*`([a-z_]+)`/gi)].map((m) => m[1]!);
    // A clause after another instruction ("…, then archive it again") starts where that one left things; after a wait only, where the cause did.
    let acted = false;
    for (const {text: clause, then: afterClause} of clausesOf(sentence)) {
      const then = afterClause && acted;
      // Outside Launchdeck, or someone else's job ("ask an Owner to restart it"): nothing the reader sends.
      if (OUTSIDE.test(clause)) continue;
      if (/\bask\b/i.test(clause)) {
        // What someone else does for the reader still comes first ("Ask an Admin to unarchive it, …, then archive it again").
        acted = true;
        continue;
      }
      const asks = false;
      const waits = /\bwait\b/i.test(sentence);
      // The operations the clause tells the reader to do.
      const found: Verb[] = [];
      const where = new Map<Verb, number>();
      // A verb named by a link: the linked task page, whose main call is the fix's operation.
      const via = new Map<Verb, string>();
      for (const verb of verbs) {
        // A verb acts on its own kind of object: the sentence names one ("remove it" about a server isn't a link's removal).
        const kind = lifecycles.find((l) => l.id === verb.lifecycle);
        const named = kind ? kind.nouns.test(sentence) : false;
        // A link names its page's operation (below); its words aren't another operation's verb.
        const words = clause.replace(/\[([^\]]*)\]\([^)]*\)/g, (m) => ' '.repeat(m.length));
        for (const m of words.matchAll(new RegExp(verb.pattern.source, 'gi'))) {
          const before = words.slice(0, m.index);
          // "Unlink" names its object by itself.
          if ((!named && !/^unlink/i.test(m[0])) || NOUN_BEFORE.test(before) || NEGATED.test(before.split(/,\s*/).pop() ?? '')) continue;
          if (!found.includes(verb)) found.push(verb);
          if (!where.has(verb)) where.set(verb, m.index);
        }
        for (const target of verb.pages ?? []) {
          const link = new RegExp(
            `\\]\\((?:\\.\\.?/)*(?:[a-z-]+/)*${target
              .split('/')
              .pop()!
              .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.md(?:#[^)]*)?\\)`,
          ).exec(clause);
          if (link && !found.includes(verb)) {
            found.push(verb);
            where.set(verb, link.index);
            via.set(verb, target);
          }
        }
      }
      const again = AGAIN.test(clause);
      if (found.length) acted = true;
      const tries: Array<{label: string; verb?: Verb; via?: string}> = found
        .filter((v) => v.api.length)
        .map((verb) => ({label: verb.op, verb, ...(via.has(verb) ? {via: via.get(verb)!} : {})}));
      if (again) tries.push({label: 'the request again'});
      for (const attempt of tries) {
        const candidates = attempt.verb ? lifecyclesOf(attempt.verb) : lifecycles;
        // The state it starts from: named in the clause, else in the sentence; else, for the fix's first sentence or a
        // request sent again, each state the cause names, of what the sentence is about ("Then …" follows what came before).
        // The state nearest the operation in its clause: right after it ("[Start] a `stopped` server, [restart] an `unreachable` one"),
        // else just before it ("If it's `failed`, remove the rule").
        const at = attempt.verb ? (where.get(attempt.verb) ?? 0) : 0;
        const near = mentions(clause);
        const after = near.find((m) => m.at > at && m.at - at < 60);
        const nearest = after ?? near.filter((m) => m.at < at).at(-1) ?? near[0];
        const inClause = nearest ? [nearest.state] : [];
        // A sentence's condition ("If the server is `starting`, …, then send the request again") applies to its other clauses.
        // "… unlink it first": "it" is the object the sentence, or the one before, names with its state.
        const pronoun = /\b(?:it|them)\b/i.test(clause);
        const inSentence = !then && (/^\s*(?:If|When|While|For)\b/.test(sentence) || pronoun) ? nonTarget(sentence) : [];
        // Else "it" is what the sentence before named in a state.
        const before = pronoun && !inSentence.length && index > 0 ? nonTarget(sentences[index - 1]!) : [];
        // What comes after another instruction ("…, then archive it again") starts from where that one left it: unknown here.
        const fallback = !then && !/^\s*Then\b/.test(sentence) && (index === 0 || !attempt.verb) ? nonTarget(trouble.cause.text) : [];
        const pool = inClause.length ? inClause : inSentence.length ? inSentence : before.length ? before : fallback;
        // "If it's `failed`, …": what "it" is, when the sentence names nothing, the sentence before names ("the link's status").
        const about = nouns.length || !pronoun || index === 0 ? nouns : lifecycles.filter((l) => l.nouns.test(plain(sentences[index - 1]!)));
        const causeNouns = lifecycles.filter((l) => l.nouns.test(trouble.cause.text));
        for (const lifecycle of candidates) {
          if (about.length && !about.includes(lifecycle) && (!inClause.length || !lifecycle.nouns.test(plain(clause)))) continue;
          // States taken from the cause, or from a sentence that names nothing, are about what the cause names.
          if ((pool === fallback || !about.length) && causeNouns.length && !causeNouns.includes(lifecycle)) continue;
          // "Wait until it's `stopped`, then send the request again": it was on its way there.
          const leading = waits && !attempt.verb ? targets.flatMap((t) => lifecycleStatesLeadingTo(ctx, lifecycle.id, t)) : [];
          for (const state of [...new Set([...pool, ...leading])].filter((x) => lifecycle.states.includes(x))) {
            if (process.env.DOCS_RUN_DEBUG)
              console.error(
                `[fix] ${page.file} "${clause}" ${attempt.label} ${lifecycle.id} from ${state} (pool ${pool.join(',')}; leading ${leading.join(',')})`,
              );
            const finding = attemptFix(
              page,
              trouble,
              ctx,
              lifecycles,
              verbs,
              {lifecycle, state, waits, asks, label: attempt.label, ...(attempt.verb ? {verb: attempt.verb} : {}), ...(attempt.via ? {via: attempt.via} : {})},
              sentence,
            );
            if (finding) findings.push(finding);
          }
        }
      }
    }
  });
  return findings;
}

/** The states an object is in while an operation that ends in `target` runs (`stopping` for `stopped`). */
function lifecycleStatesLeadingTo(ctx: RunnerContext, lifecycle: string, target: string): string[] {
  return (ctx.during.get(lifecycle) ?? []).filter((d) => d.to === target).map((d) => d.during);
}

/** The lifecycles whose `on: contents` operations include one of the verb's (what holds the object: its server). */
function ctxContents(verb: Verb, lifecycles: Lifecycle[], ctx: RunnerContext): string[] {
  return lifecycles.filter((l) => (ctx.contents.get(l.id) ?? []).some((api) => verb.api.includes(api))).map((l) => l.id);
}

/** Puts the simulation in the state, waits if the fix says so, and does the fix's operation as the page's reader. */
function attemptFix(
  page: RunPage,
  trouble: Trouble,
  ctx: RunnerContext,
  lifecycles: Lifecycle[],
  verbs: Verb[],
  attempt: {lifecycle: Lifecycle; state: string; waits: boolean; asks: boolean; label: string; verb?: Verb; via?: string},
  sentence: string,
  withMain = false,
): Finding | undefined {
  const {session} = play(page, ctx, lifecycles, {withoutMain: !withMain, report: false});
  const main = mainCallOf(page, session, ctx);
  const subject = subjectOf(page, session, main);
  const holder = related(session, subject, attempt.lifecycle.id, attempt.lifecycle.nouns, `${sentence} ${trouble.cause.text}`);
  if (!holder) return undefined;
  enter(session, holder, attempt.state, attempt.lifecycle.id, verbs, ctx);
  if (attempt.waits) session.sim.settle();
  let response: SimResponse | undefined;
  let what = '';
  if (!attempt.verb) {
    if (!main) return undefined;
    response = send(main, session, page, false).response;
    what = `${main.method} ${main.path}`;
  } else {
    // The operation acts on the object of its own lifecycle: the subject, or what the subject holds (a server's link);
    // of the operation's API calls, the one for that object ("unlink": DELETE /links/{link_id}).
    const own = related(session, subject, attempt.verb.lifecycle, new RegExp('.'), '') ?? holder;
    // "Remove the rule": of the verb's operations, the one on the object the sentence names (DELETE /network-rules/{network_rule_id}, not /networks/{network_id}).
    // "[Deploy the key](./deploy-ssh-key.md)": the linked page's own operation (POST /ssh-keys/{id}/deploy, not DELETE /links/{id}).
    const row = attempt.via ? ctx.mainCalls.get(attempt.via) : undefined;
    const linked = row ? session.sim.route(row.method, row.path.replace(/\{[^}]+\}/g, 'x0000000'))?.op.id : undefined;
    const named =
      linked && attempt.verb.api.includes(linked)
        ? [linked]
        : attempt.verb.api.filter((api) => {
            const op = session.sim.operation(api);
            const param = op ? /\{([a-z_]+)_id\}$/.exec(op.path)?.[1] : undefined;
            return param ? new RegExp(`\\b(?:${param.replace(/_/g, ' ')}|${param.split('_').pop()})s?\\b`, 'i').test(sentence) : false;
          });
    let op: ReturnType<Simulation['operation']>;
    let target: string | undefined;
    for (const api of named.length ? named : attempt.verb.api) {
      op = session.sim.operation(api);
      target = op ? (targetFor(session, op.path, own) ?? targetFor(session, op.path, holder)) : undefined;
      if (target) break;
    }
    // The object the fix acts on is the one the page's main step creates ("remove the rule" on Add a network rule).
    if ((!op || !target) && named.length && !withMain) return attemptFix(page, trouble, ctx, lifecycles, verbs, attempt, sentence, true);
    if (!op || !target) return undefined;
    const as = (token: string) =>
      session.sim.handle({
        method: op!.method,
        path: target!,
        headers: {Authorization: `Bearer ${token}`, 'Content-Type': 'application/json'},
        ...(op!.body !== undefined ? {body: JSON.stringify(ctx.examples.get(op!.id) ?? {})} : {}),
      });
    response = as(session.token);
    if (process.env.DOCS_RUN_DEBUG) console.error(`  [fix] ${op.method} ${target} -> ${response.status} ${errorOf(response.body)}`);
    what = `${op.method} ${target}`;
    // Someone who holds the permission (the one the page should send the reader to) tries it too: is it refused anyway?
    if (permissionOf(response)) {
      const denied = permissionOf(response)!;
      // Someone who has it (whom "…, or ask someone with `server:operate`" sends the reader to) may be refused too.
      const retried = as(session.owner);
      const refused = retried.status === 409 || retried.status === 404;
      const named = trouble.fix.text.includes(`\`${denied}\``) || page.permissions.includes(denied);
      if (named && !refused) return undefined;
      return {
        file: page.file,
        line: trouble.fix.line,
        rule: 'fix',
        message: refused
          ? `"${trouble.title}": from a \`${attempt.state}\` ${attempt.lifecycle.id.replace(/_/g, ' ')}${attempt.waits ? ' and after waiting' : ''}, the fix (${attempt.label}: ${what}) returns ${retried.status}${errorOf(retried.body)}, even for someone with \`${denied}\``
          : `"${trouble.title}": the fix (${attempt.label}) needs \`${denied}\`, which "Before you begin" doesn't name; say whom to ask`,
      };
    }
  }
  const denied = permissionOf(response);
  if (denied) {
    if (attempt.asks || trouble.fix.text.includes(`\`${denied}\``)) return undefined;
    return {
      file: page.file,
      line: trouble.fix.line,
      rule: 'fix',
      message: `"${trouble.title}": the fix (${attempt.label}) needs \`${denied}\`, which "Before you begin" doesn't name; say whom to ask`,
    };
  }
  if (response.status === 409 || response.status === 404 || (response.status === 422 && !/validation_failed/.test(errorOf(response.body)))) {
    return {
      file: page.file,
      line: trouble.fix.line,
      rule: 'fix',
      message: `"${trouble.title}": from a \`${attempt.state}\` ${attempt.lifecycle.id.replace(/_/g, ' ')}${attempt.waits ? ' and after waiting' : ''}, the fix (${attempt.label}: ${what}) returns ${response.status}${errorOf(response.body)}`,
    };
  }
  return undefined;
}

/**
 * Puts an object in a state: through the operation that leads there when there is one (removing, deleting, stopping,
 * pending: the API call, as the world's owner, from a state it is allowed from, so that its action runs and waiting
 * ends it), else by setting it, as an event would (failed, unreachable).
 */
function enter(session: Session, obj: Obj, state: string, lifecycle: string, verbs: Verb[], ctx: RunnerContext): void {
  const {sim} = session;
  const spec = sim.lifecycles.get(lifecycle);
  const leading = spec?.operations.find((o) => (o.during ?? o.to) === state && o.api.length && !o.contents);
  if (spec && leading && verbs.some((v) => v.op === leading.name)) {
    const allowed = sim.lifecycles.allowed(leading, spec, obj);
    if (!allowed.includes(String(obj.status)) && allowed[0]) obj.status = allowed[0];
    for (const api of leading.api) {
      const op = sim.operation(api);
      const path = op ? targetFor(session, op.path, obj) : undefined;
      if (!op || !path) continue;
      const response = sim.handle({
        method: op.method,
        path,
        headers: {Authorization: `Bearer ${session.owner}`, 'Content-Type': 'application/json'},
        ...(op.body !== undefined ? {body: JSON.stringify(ctx.examples.get(op.id) ?? {})} : {}),
      });
      if (response.status < 300 && sim.store.get(String(obj.id))?.status === state) return;
    }
  }
  obj.$before = obj.status ?? null;
  obj.status = state;
}

/** The path of an operation on an object: its own ID, or the link or server the operation takes. */
function targetFor(session: Session, path: string, obj: Obj): string | undefined {
  const names = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  if (names.length !== 1) return undefined;
  const name = names[0]!;
  if (name !== `${String(obj.object)}_id` && name !== 'link_id' && !(name === 'api_token_id' && obj.object === 'project_api_token')) return undefined;
  let id: string | undefined = obj.id as string;
  if (name === 'link_id' && obj.object !== 'link') {
    id = session.sim.store.where('link', (l) => (l.target as Obj).id === obj.id || (l.source as Obj).id === obj.id)[0]?.id as string | undefined;
  }
  return id ? path.replace(`{${name}}`, id) : undefined;
}

export function runPage(page: RunPage, ctx: RunnerContext, lifecycles: Lifecycle[], verbs: Verb[]): PageResult {
  const first = play(page, ctx, lifecycles, {withoutMain: false, report: true});
  const findings = [...first.findings];
  let calls = first.calls;
  const main = mainCallOf(page, first.session, ctx);
  const checkCalls = page.checks.filter((c): c is Call => c.kind === 'call' && !c.unrunnable);
  let check: PageResult['check'];
  if (!main) check = mainUnrunnable(page, first.session, ctx) ? 'manual' : 'no-main-call';
  else if (main.method === 'GET') check = 'read-only';
  else if (!checkCalls.length) check = 'manual';
  else {
    const second = play(page, ctx, lifecycles, {withoutMain: true, report: false});
    calls += second.calls;
    check = first.checkProblems.length === 0 && second.checkProblems.length === 0 ? 'same-without-main' : 'fails-without-main';
    if (check === 'same-without-main') {
      findings.push({
        file: page.file,
        line: checkCalls[0]!.expect.line,
        rule: 'check',
        message: `"Check the result" reads the same without the main step (${main.method} ${main.path}, line ${main.line}): it can't tell success from failure`,
      });
    }
  }
  findings.push(...fixes(page, ctx, lifecycles, verbs));
  return {file: page.file, calls, findings, check, skipped: first.skipped};
}
