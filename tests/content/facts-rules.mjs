/**
 * The checkable part of "content you can trust": rules that read a page and
 * report each fact it states that disagrees with contributing/facts.yml or the
 * contract (api/openapi.yaml), as "file:line: what was expected". Each rule
 * takes a page ({file, raw}) and returns failures, so tests/content/facts.test.mjs
 * runs them on every page and on the bad examples of __fixtures__/facts/.
 */
import fs from 'node:fs';
import path from 'node:path';
import {createRequire} from 'node:module';
import YAML from 'yaml';
import {repoRoot} from '../helpers.mjs';

const jiti = createRequire(import.meta.url)('jiti')(import.meta.url, {interopDefault: true});
const {loadSiteContract} = /** @type {typeof import('../../src/plugins/api-reference/contract.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/contract.ts'))
);
const {apiCallsIn, findOperation} = /** @type {typeof import('../../src/plugins/api-reference/calls.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/api-reference/calls.ts'))
);

/**
 * What the rules read of contributing/facts.yml.
 * @typedef {object} Facts
 * @property {Array<{name: string}>} permissions
 * @property {Array<{id: string, label: string, free: number | string, pro: number | string, team: number | string, enterprise: number | string}>} plans
 * @property {Array<{id: string, value: number, noun: string, per: string}>} fixed_limits
 * @property {Array<{type: string, credits?: number | string, also?: number[], operations: string[]}>} actions
 * @property {Lifecycle[]} lifecycles
 * @property {{rules: Record<string, NameRule>, resources: NameRuleResource[]}} name_rules
 * @typedef {object} Lifecycle
 * @property {string} id
 * @property {string} section The section of the writer's reference that shows its states.
 * @property {string} nouns A regular expression's alternatives.
 * @property {Array<{event: string, from: string, op?: string | string[]}>} [transitions]
 * @property {Array<{name: string}>} states
 * @property {Record<string, string>} [kinds] Each kind of the resource, and the words that name it (a regular expression).
 * @property {LifecycleOperation[]} [operations]
 * @typedef {object} LifecycleOperation
 * @property {string} name
 * @property {string} [verb]
 * @property {string} [phrase]
 * @property {string[]} [label]
 * @property {string} [on]
 * @property {string} [to]
 * @property {'any' | string[] | Record<string, string[]>} from
 * @property {string} [refused]
 * @typedef {{chars: string, start: string, says: string, trailing_hyphen?: boolean, double_hyphen?: boolean}} NameRule
 * @typedef {{rule: string, resource: string, field: string, nouns: string, docs: string[], shown: string, min: number, max: number}} NameRuleResource
 * @typedef {{file: string, raw: string}} Page A page, as the rules read it.
 */

/** @type {Facts} */
export const facts = YAML.parse(fs.readFileSync(path.join(repoRoot, 'contributing/facts.yml'), 'utf8'));
export const contract = loadSiteContract(repoRoot);

/** @type {Array<'free' | 'pro' | 'team' | 'enterprise'>} */
const PLANS = ['free', 'pro', 'team', 'enterprise'];

/** Error codes of the contract: those its shared error responses list in their description's first sentence or show in examples. */
export function contractErrorCodes() {
  /** @type {Set<string>} */
  const codes = new Set();
  /** @param {any} node any JSON of the contract's responses */
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if (node.error && typeof node.error.code === 'string') codes.add(node.error.code);
    Object.values(node).forEach(walk);
  };
  for (const response of Object.values(/** @type {any} */ (contract.doc).components.responses)) {
    // "Conflict: `already_exists`, … or `idempotency_conflict`." (words in parentheses explain a code)
    const listed = (response.description ?? '').replace(/\([^)]*\)/g, '').split('. ')[0];
    for (const m of listed.matchAll(/`([a-z]+(?:_[a-z]+)*)`/g)) codes.add(m[1]);
    walk(response.content);
  }
  return codes;
}

/**
 * Lines of a page with their 1-based number; `code` says whether the line is inside a code block, `fence` its info string.
 * @param {Page} page
 */
function lines(page) {
  /** @typedef {{marker: string, info: string}} Fence */
  /** @type {Array<{text: string, n: number, code: boolean, opening?: Fence, fence?: Fence | null}>} */
  const out = [];
  /** @type {Fence | null} */
  let fence = null;
  page.raw.split('\n').forEach((text, i) => {
    const open = /^\s*(```|~~~)(.*)$/.exec(text);
    if (open && !fence) {
      fence = {marker: open[1], info: open[2]};
      out.push({text, n: i + 1, code: false, opening: fence});
      return;
    }
    if (fence && new RegExp(`^\\s*${fence.marker}\\s*$`).test(text)) {
      fence = null;
      out.push({text, n: i + 1, code: false});
      return;
    }
    out.push({text, n: i + 1, code: Boolean(fence), fence});
  });
  return out;
}

/**
 * Front matter lines are not prose.
 * @param {Page} page
 */
function proseLines(page) {
  const all = lines(page);
  const fm = /^---\n[\s\S]*?\n---\n/.exec(page.raw);
  const skip = fm ? fm[0].split('\n').length - 1 : 0;
  return all.filter((l) => !l.code && l.n > skip);
}

/**
 * Every error code the page names (after a status, in an error body's title or JSON, or called an error) exists in the contract.
 * @param {Page} page
 * @param {Set<string>} [codes]
 */
export function errorCodeRule(page, codes = contractErrorCodes()) {
  /** @type {string[]} */
  const failures = [];
  /**
   * @param {{n: number}} l
   * @param {string} code
   */
  const report = (l, code) => {
    if (!codes.has(code)) failures.push(`${page.file}:${l.n}: error code \`${code}\` is not an error code of the contract (api/openapi.yaml, C2)`);
  };
  for (const l of lines(page)) {
    if (l.code) {
      if (l.fence && /json/.test(l.fence.info)) for (const m of l.text.matchAll(/"code":\s*"([a-z_]+)"/g)) report(l, m[1]);
      continue;
    }
    for (const m of l.text.matchAll(/title="Error body: ([a-z_]+)"/g)) report(l, m[1]);
    for (const m of l.text.matchAll(/`?\b[45]\d\d\b`?(?:\s+[A-Z][a-z]+(?: [A-Z][a-z]+)*)?\s*(?:,\s*)?`([a-z]+(?:_[a-z]+)*)`/g)) report(l, m[1]);
    for (const m of l.text.matchAll(/`[45]\d\d ([a-z]+(?:_[a-z]+)+)`/g)) report(l, m[1]);
    for (const m of l.text.matchAll(/`([a-z]+(?:_[a-z]+)+)` error\b|\berror (?:code )?`([a-z]+(?:_[a-z]+)+)`/g)) report(l, m[1] ?? m[2]);
  }
  return failures;
}

/**
 * Every permission the page names (`resource:verb` in code) is one of contributing/facts.yml.
 * @param {Page} page
 */
export function permissionRule(page) {
  const known = new Set(facts.permissions.map((p) => p.name));
  // Launchdeck's resources, and their plurals, a likely slip: `servers:view`. Other `a:b` in code (a
  // provider's own scopes, `regions:read`) are not Launchdeck permissions.
  const resources = new Set(facts.permissions.flatMap((p) => [p.name.split(':')[0], `${p.name.split(':')[0]}s`]));
  const failures = [];
  for (const l of proseLines(page)) {
    // A sentence that shows a wrong name on purpose says so.
    if (/instead of|doesn't exist|unknown permission/.test(l.text)) continue;
    // A provider's own scopes and roles (DigitalOcean's `actions:read`) are named with the provider.
    if (/\b(AWS|Azure|DigitalOcean|Google Cloud|Hetzner|GitHub|GitLab)\b/.test(l.text)) continue;
    for (const m of l.text.matchAll(/`([a-z]+(?:_[a-z]+)*):([a-z]+(?:_[a-z]+)*)`/g)) {
      const name = `${m[1]}:${m[2]}`;
      if (resources.has(m[1]) && !known.has(name)) failures.push(`${page.file}:${l.n}: permission \`${name}\` is not in contributing/facts.yml (B6)`);
    }
  }
  return failures;
}

const toNumber = (/** @type {unknown} */ s) => Number(String(s).replace(/,/g, ''));

/**
 * Fixed limits ("25 credentials per environment") and plan limits ("Free 2, Pro 25, Team 200", Limits tables) match contributing/facts.yml.
 * @param {Page} page
 */
export function limitRule(page) {
  const failures = [];
  const prose = proseLines(page);
  for (const l of prose) {
    for (const limit of facts.fixed_limits) {
      const re = new RegExp(`\\b(\\d[\\d,]*) ${limit.noun} per ${limit.per}\\b`, 'gi');
      for (const m of l.text.matchAll(re)) {
        if (toNumber(m[1]) !== limit.value)
          failures.push(
            `${page.file}:${l.n}: "${m[0]}": the limit is ${limit.value} ${limit.noun.replace(/\(\?:|\)\?|`\?/g, '')} per ${limit.per} (contributing/facts.yml, ${limit.id})`,
          );
      }
    }
    for (const plan of facts.plans.filter((p) => typeof p.pro === 'number')) {
      const label = plan.label.replace(/^Active /, '(?:active )?');
      const re = new RegExp(`${label}[^.|]*?\\bFree (\\d[\\d,]*), Pro (\\d[\\d,]*),? (?:and )?Team (\\d[\\d,]*)`, 'gi');
      for (const m of l.text.matchAll(re)) {
        const said = [m[1], m[2], m[3]].map(toNumber);
        const expected = [plan.free, plan.pro, plan.team];
        if (said.join() !== expected.join())
          failures.push(
            `${page.file}:${l.n}: ${plan.label}: Free ${expected[0]}, Pro ${expected[1]}, Team ${expected[2]} (contributing/facts.yml, ${plan.id}), not ${said.join(', ')}`,
          );
      }
    }
    // A table row of plan limits: | Servers per project | 2 | 25 | 200 | Unlimited |
    const cells = /^\|(.+)\|\s*$/
      .exec(l.text)?.[1]
      .split('|')
      .map((c) => c.trim());
    if (cells?.length === 5) {
      const plan = facts.plans.find((p) => p.label.toLowerCase() === cells[0].toLowerCase().replace(/\*\*/g, ''));
      if (plan) {
        // Numbers must be the same (a note may follow them); "Unlimited" must be said; other text is free.
        PLANS.forEach((name, i) => {
          const fact = plan[name];
          const cell = cells[i + 1];
          const wrong = typeof fact === 'number' ? toNumber(/^[\d,]+/.exec(cell)?.[0] ?? 'NaN') !== fact : fact === 'Unlimited' && !/^unlimited/i.test(cell);
          if (wrong)
            failures.push(
              `${page.file}:${l.n}: ${plan.label} on ${name}: ${typeof fact === 'number' ? fact.toLocaleString('en-US') : fact} (contributing/facts.yml, ${plan.id}), not ${cell}`,
            );
        });
      }
    }
  }
  return failures;
}

/**
 * The contract's descriptions state the limits of contributing/facts.yml: every `description` and `summary`
 * of an OpenAPI document (YAML text), read as one line however YAML folds it, goes through limitRule. Each
 * failure names the line where the text starts and where it is: the operation, or the path of keys.
 * @param {Page} page The contract's YAML text.
 */
export function contractLimitRule(page) {
  const lineCounter = new YAML.LineCounter();
  const doc = YAML.parseDocument(page.raw, {lineCounter});
  /** @type {string[]} */
  const failures = doc.errors.map(
    (e) => `${page.file}:${e.linePos?.[0].line ?? 0}: the YAML doesn't parse, so its limits can't be read: ${e.message.split('\n')[0]}`,
  );
  YAML.visit(doc, {
    Pair(_, pair, ancestors) {
      const key = YAML.isScalar(pair.key) ? pair.key.value : pair.key;
      if ((key !== 'description' && key !== 'summary') || !YAML.isScalar(pair.value) || typeof pair.value.value !== 'string') return;
      const text = pair.value.value.replace(/\s+/g, ' ');
      const line = pair.value.range ? lineCounter.linePos(pair.value.range[0]).line : 0;
      const keys = ancestors.filter((n) => YAML.isPair(n)).map((n) => String(/** @type {any} */ (n).key?.value ?? n.key));
      const operation = [...ancestors].reverse().find((n) => YAML.isMap(n) && n.has('operationId'));
      const where = operation && YAML.isMap(operation) ? String(operation.get('operationId')) : keys.join('.');
      for (const failure of limitRule({file: page.file, raw: text})) failures.push(failure.replace(/^.*?:\d+: /, `${page.file}:${line}: ${where} ${key}: `));
    },
  });
  return failures;
}

/** The actions an operation starts, by operationId. */
function actionsByOperation() {
  /** @type {Map<string, Facts['actions']>} */
  const map = new Map();
  for (const action of facts.actions) for (const id of action.operations) map.set(id, [...(map.get(id) ?? []), action]);
  return map;
}

/**
 * A task page whose API tab starts an action says what it costs, and a fixed cost matches B17.
 * @param {Page} page
 */
export function creditRule(page) {
  /** @type {string[]} */
  const failures = [];
  const steps = /\n## Steps\n([\s\S]*?)(?=\n## )/.exec(page.raw);
  if (!steps) return failures;
  const stepsLine = page.raw.slice(0, steps.index).split('\n').length + 1;
  const first = apiCallsIn(steps[1]).find((c) => c.curl);
  if (!first) return failures;
  const op = findOperation(contract, first.method, first.path);
  const actions = op ? actionsByOperation().get(op.id) : undefined;
  if (!actions) return failures;
  const before = /\n## Before you begin\n([\s\S]*?)(?=\n## )/.exec(page.raw)?.[1] ?? '';
  const whole = page.raw;
  const stated = /\buses (\d+|no) credits?\b/.exec(before) ?? /\buses (\d+|no) credits?\b/.exec(whole);
  const where = stated ? page.raw.slice(0, page.raw.indexOf(stated[0], stated.input === before ? page.raw.indexOf(before) : 0)).split('\n').length : stepsLine;
  if (!stated && !/\bcredits?\b/.test(whole)) {
    failures.push(
      `${page.file}:${stepsLine}: ${op?.id} starts ${actions.map((a) => `\`${a.type}\``).join(' or ')}: say what it costs ("This task runs an action that uses N credits.", B17)`,
    );
    return failures;
  }
  const fixed = actions.filter((a) => typeof a.credits === 'number');
  if (!stated || fixed.length < actions.length) return failures; // a cost that depends on steps or servers is said in words
  const allowed = new Set(fixed.flatMap((a) => [a.credits, ...(a.also ?? [])]));
  const value = stated[1] === 'no' ? 0 : Number(stated[1]);
  if (!allowed.has(value))
    failures.push(
      `${page.file}:${where}: "${stated[0]}": ${actions.map((a) => `\`${a.type}\``).join(' or ')} uses ${[...allowed].join(' or ')} credits (contributing/facts.yml, B17)`,
    );
  return failures;
}

/** @param {import('../../src/plugins/api-reference/contract.ts').Operation} op */
function headerParams(op) {
  return op.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
}

/**
 * `Idempotency-Key` only in requests to operations that take one.
 * @param {Page} page
 */
export function idempotencyRule(page) {
  const failures = [];
  const raw = page.raw.split('\n');
  for (const call of apiCallsIn(page.raw).filter((c) => c.curl)) {
    // The command runs from its first line to the first line that doesn't end with a backslash.
    let end = call.line - 1;
    while (end < raw.length - 1 && /\\\s*$/.test(raw[end])) end += 1;
    const command = raw.slice(call.line - 1, end + 1).join('\n');
    if (!/Idempotency-Key/i.test(command)) continue;
    const op = findOperation(contract, call.method, call.path);
    if (op && !headerParams(op).includes('idempotency-key'))
      failures.push(`${page.file}:${call.line}: ${call.method} ${call.path} (${op.id}) takes no Idempotency-Key: every call is a new request`);
  }
  return failures;
}

/** Schemas by the value of their `object` field. */
function schemasByObject() {
  const map = new Map();
  for (const schema of Object.values(/** @type {any} */ (contract.doc).components.schemas)) {
    const kind = schema?.properties?.object?.const;
    if (typeof kind === 'string' && Array.isArray(schema.required)) map.set(kind, schema);
  }
  return map;
}

/**
 * A JSON example of an API object that leaves out fields is titled "Response (shortened)" (or "… (shortened)"):
 * C1 says responses never leave a field out (a field without a value is `null`). Fields the contract
 * describes as "Only in …" (an action's `steps`) and write-only ones don't count. The sentence that introduces
 * the block and calls it shortened ("left out", "omitted") needs the title too.
 * @param {Page} page
 */
export function shortenedRule(page) {
  const failures = [];
  const byObject = schemasByObject();
  const all = lines(page);
  for (let i = 0; i < all.length; i += 1) {
    const open = all[i].opening;
    if (!open || !/^json\b/.test(open.info.trim())) continue;
    const openLine = all[i].n;
    const body = [];
    let j = i + 1;
    for (; j < all.length && all[j].code; j += 1) body.push(all[j].text);
    i = j;
    if (/title="[^"]*\b(event|error)\b/i.test(open.info) || /shortened/i.test(open.info)) continue;
    let value;
    try {
      value = JSON.parse(body.join('\n'));
    } catch {
      continue; // examples.test.mjs reports JSON that doesn't parse
    }
    // The text just before says it's shortened: the title must say so too.
    const before =
      all
        .slice(0, i - body.length - 1)
        .reverse()
        .find((x) => x.text.trim())?.text ?? '';
    if (/\b(left out|leaves out|leave out|shortened|omitted|trimmed|abridged)\b/i.test(before)) {
      failures.push(`${page.file}:${openLine}: the text says this example is shortened: title the block \`title="Response (shortened)"\``);
      continue;
    }
    const items = Array.isArray(value?.data) ? value.data : [value];
    for (const item of items) {
      const schema = item && typeof item === 'object' ? byObject.get(item.object) : undefined;
      if (!schema) continue;
      const missing = Object.entries(schema.properties ?? {})
        .filter(([field, p]) => !p.writeOnly && !/^Only in\b/.test(p.description ?? '') && !(field in item))
        .map(([field]) => field);
      if (missing.length) {
        failures.push(
          `${page.file}:${openLine}: a \`${item.object}\` without ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}: show every field or title the block \`title="Response (shortened)"\``,
        );
        break;
      }
    }
  }
  return failures;
}

// ---------------------------------------------------------------------------
// States, plans and names: the reasoning of a page checked against contributing/facts.yml.

/**
 * The Markdown of a line as a reader reads it: links become their text, and HTML comments go. A link
 * to a page that the text names ("see [Stop a server](…)") becomes a quoted title, which the state
 * rule doesn't read as an instruction.
 */
const readable = (/** @type {string} */ text) =>
  text
    .replace(/<!--.*?-->/g, '')
    .replace(/\b(see|See|use|Use|follow|Follow|read|Read)( the page)? \[([^\]]*)\]\([^)]*\)/g, '$1$2 “$3”')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1');

/**
 * Sentences of a text, each with its offset: a sentence ends at ". ", "! " or "? " before a capital, a backtick, bold or a link.
 * @param {string} text
 */
function sentences(text) {
  /** @type {Array<{text: string, at: number}>} */
  const out = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?](?=\s+[A-Z`*[(“])/g)) {
    out.push({text: text.slice(start, m.index + 1), at: start});
    start = m.index + 1;
  }
  out.push({text: text.slice(start), at: start});
  return out
    .map((x) => {
      const lead = /** @type {RegExpExecArray} */ (/^\s*/.exec(x.text))[0].length;
      return {text: x.text.slice(lead), at: x.at + lead};
    })
    .filter((x) => x.text.trim());
}

/**
 * Prose units of a page (read once per page text): paragraphs, list items (with their indented
 * continuation), table rows and headings, as {kind, text, n, numbered, lines}: `text` joins the
 * readable lines with one space, `n` is the first line. Code blocks and front matter aren't prose.
 */
/** @typedef {ReturnType<typeof readUnits>[number]} Unit */
/** @type {Map<string, Unit[]>} */
const unitsCache = new Map();
/**
 * @param {Page} page
 * @returns {Unit[]}
 */
export function proseUnits(page) {
  const key = `${page.file}\n${page.raw}`;
  if (!unitsCache.has(key)) unitsCache.set(key, readUnits(page));
  return /** @type {Unit[]} */ (unitsCache.get(key));
}

/** @param {Page} page */
function readUnits(page) {
  /** @type {Array<{kind: 'item', numbered: boolean, indent: number, lines: Line[]} | {kind: 'paragraph', lines: Line[]} | {kind: 'row', lines: Line[]} | {kind: 'heading', depth: number, lines: Line[]}>} */
  const units = [];
  /** @typedef {{text: string, n: number}} Line */
  /** @type {{kind: 'item', numbered: boolean, indent: number, lines: Line[]} | {kind: 'paragraph', lines: Line[]} | null} */
  let current = null;
  const close = () => {
    if (current) units.push(current);
    current = null;
  };
  for (const l of proseLines(page)) {
    const raw = l.text;
    if (!raw.trim()) {
      // A blank line ends a paragraph; a list item goes on with its indented continuation.
      if (current && current.kind !== 'item') close();
      continue;
    }
    const item = /^(\s*)(?:(\d+)\.|[-*])\s+/.exec(raw);
    const indent = /** @type {RegExpExecArray} */ (/^\s*/.exec(raw))[0].length;
    const line = (/** @type {string} */ text) => ({text: readable(text.trim()), n: l.n});
    if (item) {
      close();
      current = {kind: 'item', numbered: Boolean(item[2]), indent: item[1].length, lines: [line(raw.slice(item[0].length))]};
    } else if (/^\s*\|/.test(raw)) {
      close();
      units.push({kind: 'row', lines: [line(raw)]});
    } else if (/^\s*(#{1,6}\s|:::|<\/?[A-Za-z]|import |export )/.test(raw)) {
      close();
      const heading = /^\s*(#{1,6})\s+(.*)$/.exec(raw);
      if (heading) units.push({kind: 'heading', depth: heading[1].length, lines: [line(heading[2])]});
    } else if (current?.kind === 'item' && indent > current.indent) {
      current.lines.push(line(raw));
    } else {
      if (current?.kind === 'item') close();
      current ??= {kind: 'paragraph', lines: []};
      current.lines.push(line(raw));
    }
  }
  close();
  return units.map((u) => ({...u, n: u.lines[0].n, text: u.lines.map((l) => l.text).join(' ')}));
}

/**
 * The page line of character `at` of a unit's text.
 * @param {{lines: Array<{text: string, n: number}>}} unit
 * @param {number} at
 */
function lineAt(unit, at) {
  let offset = 0;
  for (const l of unit.lines) {
    offset += l.text.length + 1;
    if (at < offset) return l.n;
  }
  return /** @type {{n: number}} */ (unit.lines.at(-1)).n;
}

// --- States ----------------------------------------------------------------

const lifecycles = facts.lifecycles;
const allStates = new Set(lifecycles.flatMap((l) => l.states.map((s) => s.name)));
/** Words before a state that isn't a Launchdeck resource's: the provider's state of a VM, a list filter. */
const NOT_A_RESOURCE = String.raw`provider(?:'s)? state|provider_state|filter`;
const nounRes = [...lifecycles.map((l) => ({id: l.id, re: new RegExp(`^(?:${l.nouns})$`, 'i')})), {id: null, re: new RegExp(`^(?:${NOT_A_RESOURCE})$`, 'i')}];
const ANY_NOUN = new RegExp(`\\b(?:${[...lifecycles.map((l) => l.nouns), NOT_A_RESOURCE].join('|')})\\b`, 'gi');
const KIND_WORDS = String.raw`cloud|self-hosted|Let's Encrypt|uploaded`;

/** The lifecycle a noun names ("server", "VM" → server; "provider state" → null; anything else → undefined). */
const ownerOf = (/** @type {string | undefined} */ word) => (word === undefined ? undefined : nounRes.find((n) => n.re.test(word))?.id);

/** Plain text: backticked spans other than states blanked out (same length), so that nouns and verbs in code don't count. */
const plain = (/** @type {string} */ text) => text.replace(/`([^`]*)`/g, (m, inner) => (allStates.has(inner) ? m : ' '.repeat(m.length)));

/**
 * The states an operation is allowed from, for the kind the sentence names (every kind when it names none or several).
 * @param {Lifecycle} lifecycle
 * @param {LifecycleOperation} op
 * @param {string} sentence
 * @returns {Set<string> & {kind?: string}}
 */
function allowedFrom(lifecycle, op, sentence) {
  const states = lifecycle.states.map((s) => s.name);
  if (op.from === 'any') return new Set(states);
  if (Array.isArray(op.from)) return new Set(op.from);
  const named = Object.entries(lifecycle.kinds ?? {})
    .filter(([, re]) => new RegExp(`\\b(?:${re})\\b`, 'i').test(sentence))
    .map(([kind]) => kind);
  return Object.assign(new Set((named.length === 1 ? named : Object.keys(op.from)).flatMap((k) => /** @type {Record<string, string[]>} */ (op.from)[k])), {
    kind: named.length === 1 ? named[0] : undefined,
  });
}

const NEGATION =
  /\b(?:not|isn't|aren't|wasn't|weren't|never|no longer|except|other than|unless|can't|cannot|don't|doesn't|didn't|won't|without|instead of|no need to|unable to)\b/i;
/** Before a state: the words that say the resource is in it ("is `stopped`", "in `failed`"), or must be ("must be `running`"). */
const ASSERTS =
  /\b(?:is|are|was|were|it's|stays|remains|becomes|become|in|(?:must|should|can|to) be|needs|requires)\s+(?:(?:still|already|now|either|the status|status)\s+)*$/i;
const NOT_IN = /\b(?:isn't|is not|aren't|are not|no longer)\s+(?:(?:still|yet)\s+)?$/i;
const REQUIRES = /\b(?:(?:must|should|can|to) be|needs|requires)\s+(?:(?:the status|status)\s+)?$/i;
/** An operation done outside Launchdeck: at the provider, on the machine, by hand. */
const OUTSIDE =
  /\bat the provider\b|provider's (?:console|tools)|hosting provider|with (?:its|their) own tools|\bon the machine\b|\bby hand\b|\bin the (?:AWS|Azure|Google Cloud|DigitalOcean|Hetzner)\b/i;
/** Words right after an operation that say it isn't done: "**Start** in Launchdeck isn't available". */
const REFUSED_AFTER = /^\W{0,3}(?:\s*in Launchdeck)?\s*(?:isn't|is not|aren't|doesn't|don't|can't|cannot|won't|fails|returns)\b/i;
const CLAUSE_BREAK = /[;:(]|,(?!\s*(?:or\s+|and\s+)?`)|\b(?:then|and|or|but)\b/g;
/** A sentence that starts another case, which names its own state: "If…", "For…", "In an archived environment, …". */
const ANOTHER_CASE = new RegExp(
  String.raw`^(?:If|For|When|Otherwise|Without)\b|^In an?\s+(?:\S+\s+){0,2}?(?:${[...lifecycles.map((l) => l.nouns), NOT_A_RESOURCE].join('|')})\b`,
);

/**
 * The text of a clause up to `at`: from the last clause break before it.
 * @param {string} text
 * @param {number} at
 */
function clauseBefore(text, at) {
  const head = text.slice(0, at);
  let start = 0;
  for (const m of head.matchAll(CLAUSE_BREAK)) start = m.index + m[0].length;
  return head.slice(start);
}

const escape = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "restart" → "restarting", "remove" → "removing", "stop" → "stopping": a verb after "by". */
const gerund = (/** @type {string} */ word) =>
  /[^e]e$/.test(word) ? `${word.slice(0, -1)}ing` : /^[^aeiou]*[aeiou][^aeiouwxy]$/.test(word) ? `${word}${word.at(-1)}ing` : `${word}ing`;

/** The operations of every lifecycle, with the patterns that find them in a sentence. */
const operationPatterns = lifecycles.flatMap((lifecycle) =>
  (lifecycle.operations ?? []).map((op) => {
    const object = String.raw`\s+(?:(?:the|a|an|this|that|your|its|each|every|another|any)\s+)?(?:(\`[a-z_]+\`)\s+)?(?:(?:${KIND_WORDS})\s+)?(?:${lifecycle.nouns})\b`;
    // "by restarting it": the simple verbs of `verb`, after "by".
    const byVerb = (op.verb ?? '')
      .split('|')
      .filter((v) => /^[a-z]+$/.test(v))
      .map((v) => `by ${gerund(v)}`);
    const verb = op.phrase ? `\\b(?:${op.phrase})\\b` : `\\b(?:${[op.verb, ...byVerb].join('|')})(?:${object}|\\s+(it|them)\\b)`;
    return {
      lifecycle,
      op,
      labels: (op.label ?? []).map((label) => new RegExp(`\\*\\*${escape(label)}\\*\\*`, 'g')),
      verb: new RegExp(verb, 'gi'),
    };
  }),
);

/**
 * An operation a sentence tells the reader to do: its pattern, where it is, and how it was found (a label, "it", a state before the noun).
 * @typedef {{p: (typeof operationPatterns)[number], at: number, end: number, label?: boolean, it?: boolean, objectState?: string}} FoundOperation
 */

/**
 * The operations a sentence tells the reader to do, in order, without overlaps.
 * @param {string} text
 */
function operationsIn(text) {
  const flat = plain(text);
  const quoted = [...text.matchAll(/“[^”]*”/g)].map((m) => [m.index, m.index + m[0].length]);
  /** @type {FoundOperation[]} */
  const found = [];
  for (const p of operationPatterns) {
    for (const re of p.labels)
      for (const m of text.matchAll(re)) {
        // A label is an instruction after "select" ("select **Restart**", "then **Restart server** in the dialog").
        if (/\b(?:select|choose|click)\b/i.test(text.slice(0, m.index))) found.push({p, at: m.index, end: m.index + m[0].length, label: true});
      }
    for (const m of flat.matchAll(p.verb)) {
      // "your change", "a run": a noun, not an instruction.
      if (p.op.on === 'contents' && /\b(?:your|the|a|an|this|that|its|their|each)\s+$/i.test(flat.slice(0, m.index))) continue;
      const object = m[0].match(/`([a-z_]+)`/)?.[1];
      found.push({p, at: m.index, end: m.index + m[0].length, it: Boolean(m[2]), objectState: object});
    }
  }
  found.sort((a, b) => a.at - b.at || b.end - a.end);
  /** @type {typeof found} */
  const out = [];
  for (const f of found) {
    if (quoted.some(([a, b]) => f.at >= a && f.at < b)) continue;
    if (out.some((o) => f.at < o.end && o.at < f.end && o.p === f.p)) continue;
    out.push(f);
  }
  return out;
}

/** @typedef {{at: number, end: number, states: string[], asserted?: boolean, negated?: boolean, requirement?: boolean, target?: boolean, noun?: string}} Mention */

/**
 * The state mentions of a sentence: groups of backticked states ("`starting`, `stopping` or `restarting`"), with the resource they're about.
 * @param {string} text
 */
function stateMentions(text) {
  const flat = plain(text);
  /** @type {Mention[]} */
  const mentions = [];
  for (const m of text.matchAll(/`([a-z_]+)`/g)) {
    if (!allStates.has(m[1])) continue;
    const prev = mentions.at(-1);
    if (prev && /^(?:,\s*|,?\s+or\s+|,?\s+and\s+)$/.test(text.slice(prev.end, m.index))) {
      prev.states.push(m[1]);
      prev.end = m.index + m[0].length;
    } else mentions.push({at: m.index, end: m.index + m[0].length, states: [m[1]]});
  }
  // "`unreachable` or stopped": a state without backticks at the end of a group.
  for (const mention of mentions) {
    const more = /^(?:,\s*|,?\s+or\s+|,?\s+and\s+)([a-z]+)\b/.exec(text.slice(mention.end));
    if (more && allStates.has(more[1])) {
      mention.states.push(more[1]);
      mention.end += more[0].length;
    }
  }
  for (const mention of mentions) {
    const clause = clauseBefore(text, mention.at);
    // "a `failed` server", "an `unreachable` cloud server": the noun after the state.
    const after = /** @type {RegExpExecArray} */ (new RegExp(`^\\s+(?:(?:${KIND_WORDS})\\s+)?|^`).exec(flat.slice(mention.end)))[0];
    const nounAfter = [...flat.slice(mention.end + after.length).matchAll(ANY_NOUN)].find((n) => n.index === 0)?.[0];
    const nounBefore = [...flat.slice(0, mention.at).matchAll(ANY_NOUN)].at(-1)?.[0];
    mention.asserted = Boolean(nounAfter) || (ASSERTS.test(clause) && !NEGATION.test(clause));
    // "isn't `running`": the resource is in any other state.
    mention.negated = !nounAfter && NOT_IN.test(clause);
    if (mention.negated) mention.asserted = true;
    mention.requirement = !nounAfter && REQUIRES.test(clause);
    mention.target = /\buntil\b/i.test(clause);
    mention.noun = nounAfter ?? nounBefore;
  }
  return mentions;
}

/**
 * The admonitions of a page (`:::tip` … `:::`, any type, nested ones in the outer one), as the line numbers of their opening and closing lines.
 * @param {Page} page
 */
function admonitions(page) {
  /** @type {Array<[number, number]>} */
  const boxes = [];
  /** @type {Array<{colons: string, n: number}>} */
  const open = [];
  for (const l of proseLines(page)) {
    const m = /^\s*(:{3,})([\w-]*)/.exec(l.text);
    if (!m) continue;
    if (m[2]) open.push({colons: m[1], n: l.n});
    else if (open.at(-1)?.colons === m[1]) {
      const box = /** @type {{n: number}} */ (open.pop());
      if (!open.length) boxes.push([box.n, l.n]);
    }
  }
  return boxes;
}

/**
 * A passage the state rule reads: units in order, each an instruction or a cause. A cause (a troubleshooting
 * problem's `**Cause:**` paragraph and the list that goes on from it) says which state the instructions after
 * it start from; it describes, so it isn't read as an instruction.
 * @typedef {Array<{unit: Unit, cause?: boolean}>} Passage
 */

/**
 * The state rule: an instruction must not tell the reader to do an operation on a resource in a state the
 * operation isn't allowed from ("restart the server" about a `stopped` server). It reads every instruction
 * of a page, wherever it is: each step (a numbered list item), each other list item and paragraph (the
 * bullets of `## Before you begin`, the API tab's prose, `## Check the result`, an FAQ answer) on its own,
 * each admonition as a whole, and each problem of `## Troubleshooting` (its paragraphs and lists, in order,
 * after the cause that says which state they start from). Tables and headings aren't instructions. A state
 * counts when the text says the resource is in it ("is `stopped`", "a `failed` server", "must be
 * `running`"). An operation done before ("start it, then restart it") moves the resource to the operation's
 * state. Negated operations ("doesn't need to be
 * stopped"), alternatives ("wait until it's `running`, or start it") and operations done outside Launchdeck
 * ("start it at the provider") don't count.
 * @param {Page} page
 */
export function stateRule(page) {
  const units = proseUnits(page);
  const prose = (/** @type {Unit} */ u) => u.kind === 'item' || u.kind === 'paragraph';
  /** @type {Passage[]} */
  const passages = units.filter((u) => u.kind === 'item' && u.numbered).map((unit) => [{unit}]);
  for (const [open, close] of admonitions(page)) passages.push(units.filter((u) => prose(u) && u.n > open && u.n < close).map((unit) => ({unit})));
  let section = '';
  /** @type {Passage | null} */
  let problem = null; // the troubleshooting problem being read
  let inCause = false; // in a cause: its paragraph, then the list that goes on from it
  for (const u of units) {
    if (u.kind === 'heading' && u.depth <= 3) {
      if (problem) passages.push(problem);
      if (u.depth === 2) section = u.text;
      problem = section === 'Troubleshooting' ? [] : null;
      inCause = false;
      continue;
    }
    if (!prose(u)) continue;
    if (problem) {
      inCause = /^\*\*Cause:\*\*/.test(u.text) || (inCause && u.kind === 'item');
      problem.push({unit: u, cause: inCause});
    } else if (u.kind === 'paragraph' || !u.numbered) passages.push([{unit: u}]);
  }
  if (problem) passages.push(problem);
  // Only a passage that names a state can tell the reader to act from a wrong one.
  const namesState = (/** @type {string} */ text) => [...text.matchAll(/`([a-z_]+)`/g)].some((m) => allStates.has(m[1]));
  const failures = passages.filter((parts) => parts.some(({unit}) => namesState(unit.text))).flatMap((parts) => checkPassage(page, parts));
  // A unit can be in two passages (a paragraph of an admonition); in the order of the page.
  const line = (/** @type {string} */ f) => Number(f.slice(page.file.length + 1).split(':')[0]);
  return [...new Set(failures)].sort((a, b) => line(a) - line(b));
}

/**
 * The state rule's failures in one passage.
 * @param {Page} page
 * @param {Passage} parts
 */
function checkPassage(page, parts) {
  /** @type {string[]} */
  const failures = [];
  /** @typedef {string[] & {not?: string[]}} States */
  /** @type {Map<string, States>} */
  let ctx = new Map(); // lifecycle id → the states the text says the resource is in
  /** @type {string | undefined} */
  let noun; // the last resource noun: what "it" is
  /**
   * @param {Map<string, States>} map
   * @param {Mention} mention
   */
  const set = (map, mention) => {
    const owner = ownerOf(mention.noun ?? noun);
    if (!mention.asserted || owner === null) return map;
    const next = new Map(map);
    for (const l of lifecycles) {
      if (owner !== undefined && owner !== l.id) continue;
      const names = l.states.map((s) => s.name);
      if (!mention.states.every((s) => names.includes(s))) continue;
      const states = mention.negated
        ? Object.assign(
            names.filter((s) => !mention.states.includes(s)),
            {not: mention.states},
          )
        : mention.states;
      next.set(l.id, states);
    }
    return next;
  };
  /** @type {Map<string, States> | null} */
  let carried = null; // an operation's result, carried to a next sentence that starts with "Then"
  let inCause = false;
  const all = parts.flatMap(({unit, cause}) => {
    const lead = /^\*\*Fix:\*\*\s*/.exec(unit.text)?.[0].length ?? 0;
    return sentences(unit.text.slice(lead)).map((x) => ({...x, at: x.at + lead, unit, cause}));
  });
  for (const s of all) {
    const {unit} = s;
    if (s.cause) {
      // A cause describes the state the instructions after it start from (a new cause, a new state).
      if (!inCause) [ctx, carried] = [new Map(), null];
      inCause = true;
      for (const mention of stateMentions(s.text)) if (!mention.requirement) ctx = set(ctx, mention);
      noun = [...plain(s.text).matchAll(ANY_NOUN)].at(-1)?.[0] ?? noun;
      continue;
    }
    inCause = false;
    const text = s.text;
    const flat = plain(text);
    // "If…", "For…", "In an archived environment…": another case, which names its own state.
    if (ANOTHER_CASE.test(text)) ctx = new Map();
    const ops = operationsIn(text);
    const mentions = stateMentions(text).filter((m) => !ops.some((o) => m.at >= o.at && m.at < o.end));
    /** @type {Map<string, States>} */
    let here = carried && /^(?:Then|After that|Afterwards|Next)\b/.test(text) ? new Map([...ctx, ...carried]) : ctx;
    carried = null;
    // "Wait for the action to finish": the resource leaves the state it was in.
    const waits = [...flat.matchAll(/\bwait\b/gi)].map((m) => ({at: m.index, end: m.index + m[0].length, wait: true}));
    /** @type {{at: number, end: number, wait?: boolean, mention?: Mention, op?: FoundOperation}[]} */
    const events = [...mentions.map((m) => ({at: m.at, end: m.end, mention: m})), ...ops.map((o) => ({at: o.at, end: o.end, op: o})), ...waits].sort(
      (a, b) => a.at - b.at,
    );
    const atStart = here;
    const previous = new Map(); // lifecycle id → {event, before}: the last event about it and the context before that event
    for (const e of events) {
      noun = [...flat.slice(0, e.at).matchAll(ANY_NOUN)].at(-1)?.[0] ?? noun;
      if (e.wait) {
        for (const id of here.keys()) previous.set(id, {event: e, before: here});
        here = new Map();
        continue;
      }
      if (e.mention) {
        // "restart it if it's `unreachable`": the condition of the operation before, whose result stands.
        const lastOp = events.filter((x) => x.op && x.end <= e.at).at(-1);
        if (lastOp && /^[^.;]*\b(?:if|when|while|whose)\b/i.test(text.slice(lastOp.end, e.at)) && !/[;:]|\bthen\b/.test(text.slice(lastOp.end, e.at))) continue;
        const next = set(here, e.mention);
        for (const [id, states] of next) if (here.get(id) !== states) previous.set(id, {event: e, before: here});
        here = next;
        continue;
      }
      const {p, it, label, objectState} = /** @type {FoundOperation} */ (e.op);
      const {lifecycle, op} = p;
      let before = here;
      const last = previous.get(lifecycle.id);
      if (last) {
        const between = text.slice(last.event.end, e.at);
        const sameOp = last.event.op?.p === p;
        const alternative = /\bor\b/.test(between) && !/\bthen\b/.test(between);
        const untilThen = last.event.mention?.target && !/\bthen\b/.test(between);
        if (sameOp || alternative || untilThen) before = last.before;
      }
      previous.set(lifecycle.id, {event: e, before});
      // "restart it", "**Restart**": about the resource named last, when a resource is named.
      const owner = ownerOf(noun);
      if ((it || label) && owner !== undefined && owner !== lifecycle.id) continue;
      const clause = clauseBefore(text, e.at);
      if (NEGATION.test(clause) || REFUSED_AFTER.test(text.slice(e.end)) || OUTSIDE.test(text)) continue;
      /** @type {States | undefined} */
      let states = objectState ? [objectState] : before.get(lifecycle.id);
      if (!objectState) {
        // "Restart the server if it's `running`": a condition after the operation.
        const condition = mentions.find(
          (m) =>
            m.at > e.end &&
            m.asserted &&
            /** @type {Array<string | null | undefined>} */ ([undefined, lifecycle.id]).includes(ownerOf(m.noun)) &&
            /\b(?:if|when|while|whose|that's|that is|which is)\b/i.test(text.slice(e.end, m.at)),
        );
        if (condition && !mentions.some((m) => m.at < e.at && m.asserted)) states = condition.states;
      }
      // An operation on what the resource holds ("deploy again") reads only what this sentence says.
      if (op.on === 'contents' && !objectState && before.get(lifecycle.id) === atStart.get(lifecycle.id)) states = undefined;
      const names = new Set(lifecycle.states.map((x) => x.name));
      if (states?.every((x) => names.has(x))) {
        const allowed = allowedFrom(lifecycle, op, text);
        const wrong = states.filter((x) => !allowed.has(x));
        if (wrong.length) {
          const list = (/** @type {string[]} */ xs) =>
            xs
              .map((x) => `\`${x}\``)
              .join(', ')
              .replace(/, ([^,]*)$/, ' or $1');
          const [status, code] = (op.refused ?? '').split(' ');
          const name =
            owner === lifecycle.id
              ? /** @type {string} */ (noun)
                  .toLowerCase()
                  .replace(/(?<!s)s$/, '')
                  .replace(/^ssl /, 'SSL ')
              : lifecycle.id.replace('ssl_', 'SSL ').replace(/_/g, ' ');
          const what = `${/^(?:[aeiou]|SSL)/.test(name) ? 'an' : 'a'} ${name}`;
          const state = states.not ? `that isn't ${list(states.not)}` : `that is ${list(wrong)}`;
          failures.push(
            `${page.file}:${lineAt(unit, s.at + e.at)}: "${text.slice(e.at, e.end).trim()}" on ${what} ${state}: ${op.name}${allowed.kind ? ` (${allowed.kind})` : ''} is allowed only from ${list([...allowed]) || 'no state'}${op.refused ? ` (otherwise \`${status}\` \`${code}\`)` : ''} (contributing/facts.yml, lifecycles: ${lifecycle.id})`,
          );
        }
      }
      if (op.to) here = new Map([...here, [lifecycle.id, [op.to]]]);
    }
    // What the sentence says the resources are in stays; an operation's result goes on only to a "Then…" sentence.
    const said = waits.length ? new Map() : mentions.filter((m) => !m.requirement).reduce((map, m) => set(map, m), ctx);
    carried = new Map([...here].filter(([id, states]) => said.get(id) !== states && ctx.get(id) !== states));
    ctx = said;
    noun = [...flat.matchAll(ANY_NOUN)].at(-1)?.[0] ?? noun;
  }
  return failures;
}

// --- Plans ------------------------------------------------------------------

/**
 * Pages about the reader's own account (B7, B8, and personal access tokens, B25: all under Account
 * settings), the legal pages and the changelog: there, "your plan" is the reader's own.
 */
const OWN_ACCOUNT_PAGES = /^docs\/(?:users|legal|changelog|api-tokens\/personal-access-tokens)\//;
const YOUR_PLAN = /\byour (?:plan(?:'s)?|subscription(?:'s)?|credits)\b/gi;

/**
 * The plan rule: on a page about project resources, "your plan", "your subscription" and "your credits"
 * name the wrong person. A project's limits, credits and log retention are the project owner's (B2, B8).
 * A sentence may say them when it names the project owner before them ("you become the project owner, so
 * your subscription pays"), speaks of what the reader owns ("projects you own", "your own account"), of
 * the reader's account ("Account settings", the `/user` endpoints), or of an Azure subscription.
 * @param {Page} page
 */
export function planRule(page) {
  if (OWN_ACCOUNT_PAGES.test(page.file)) return [];
  const failures = [];
  const azurePage = /azure/.test(page.file);
  for (const unit of proseUnits(page)) {
    for (const s of sentences(unit.text)) {
      for (const m of s.text.matchAll(YOUR_PLAN)) {
        const before = s.text.slice(0, m.index);
        if (/\bproject(?:'s)? owner\b/i.test(before)) continue;
        if (/\bown\b|\baccount\b|`\/user/i.test(s.text)) continue;
        if (/subscription/i.test(m[0]) && (azurePage || /\b(?:Azure|Microsoft)\b/.test(s.text))) continue;
        failures.push(
          `${page.file}:${lineAt(unit, s.at + m.index)}: "${m[0]}": on a project's page, the plan, subscription and credits are the project owner's (B2, B8): write "the project owner's plan" (or subscription, credits), or say that you're the project owner`,
        );
      }
    }
  }
  return failures;
}

// --- Names -------------------------------------------------------------------

const nameRules = facts.name_rules;
/** The parts of a rule's wording on a page. */
/** @type {Record<string, RegExp>} */
const CHARSETS = {
  slug: /\blowercase letters\b(?:\s*`a`–`z`)?,?\s*(?:the\s+)?digits\b(?:\s*`0`–`9`)?,?\s*and\s+hyphens\b/i,
  role: /\bletters,\s*digits,\s*spaces\s+and\s+hyphens\b/i,
  variable: /\buppercase letters,\s*digits\s+and\s+underscores\b/i,
};
// A rule can be stated as what's wrong ("a name that ends with a hyphen or has consecutive hyphens"), so these don't ask for a "not".
const STARTS = /\b(?:start(?:s|ing)?|begin(?:s|ning)?) with an? (?:lowercase |uppercase )?letter\b|\bfirst character is a letter\b/i;
const NO_TRAILING = /\bend(?:s|ing)? (?:with|in) a hyphen\b|\btrailing hyphen\b|\bends? with a letter or (?:a )?digit\b/i;
const NO_DOUBLE = /\b(?:two|2) hyphens in a row\b|\bconsecutive hyphens\b|\bdouble hyphens?\b/i;

/**
 * The rule as the reference words it: "2–63 characters: lowercase letters, digits and hyphens; starts with a letter; …".
 * @param {NameRuleResource} r
 */
function describeNameRule(r) {
  const rule = nameRules.rules[r.rule];
  return [
    `${r.min}–${r.max} characters: ${rule.chars}`,
    `starts with ${rule.start}`,
    ...(rule.trailing_hyphen === false ? ["doesn't end with a hyphen"] : []),
    ...(rule.double_hyphen === false ? ['no consecutive hyphens'] : []),
  ].join('; ');
}

/**
 * The resource a unit states a name rule for: a noun before "name" ("Team names", "the key name", "**Slug**"), else the page's section.
 * @param {Page} page
 * @param {Unit} unit
 * @param {string} charset
 */
function nameRuleResource(page, unit, charset) {
  const candidates = nameRules.resources.filter((r) => r.rule === charset);
  const text = plain(unit.text);
  for (const r of candidates) {
    const re =
      r.field === 'name'
        ? new RegExp(`\\b(?:${r.nouns})(?:'s)?\\s+names?\\b|\\bnames? of (?:the |a |an )?(?:${r.nouns})\\b`, 'i')
        : new RegExp(`\\b(?:${r.nouns})\\b`, 'i');
    if (re.test(text)) return r;
  }
  const section = page.file.split('/')[1];
  return candidates.find((r) => r.docs.includes(section)) ?? (candidates.length === 1 ? candidates[0] : undefined);
}

/**
 * The name rule: a page that states a resource's name rule ("lowercase letters, digits and hyphens, …")
 * states all of it, as the reference does: the length bounds, the characters, and where the reference gives
 * them, "starts with a letter", "doesn't end with a hyphen" and "no consecutive hyphens".
 * @param {Page} page
 */
export function nameRule(page) {
  const failures = [];
  for (const unit of proseUnits(page)) {
    if (unit.kind === 'heading') continue;
    const charset = Object.keys(CHARSETS).find((c) => CHARSETS[c].test(unit.text));
    if (!charset) continue;
    const r = nameRuleResource(page, unit, charset);
    if (!r) continue;
    const rule = nameRules.rules[r.rule];
    const text = unit.text;
    const problems = [];
    const range = /\b(\d+)\s*[–-]\s*(\d+)\s+(?:characters|(?:lowercase |uppercase )?letters)\b/.exec(text);
    const upTo = /\b(?:up to|at most) (\d+)\s+(?:characters|(?:lowercase |uppercase )?letters)\b/.exec(text);
    const [min, max] = range ? [Number(range[1]), Number(range[2])] : upTo ? [1, Number(upTo[1])] : [];
    if (min === undefined) problems.push('no length');
    else if (min !== r.min || max !== r.max) problems.push(`${min}–${max} characters`);
    if (!STARTS.test(text)) problems.push('no "starts with a letter"');
    if (rule.trailing_hyphen === false && !NO_TRAILING.test(text)) problems.push(`no "doesn't end with a hyphen"`);
    if (rule.double_hyphen === false && !NO_DOUBLE.test(text)) problems.push('no "no consecutive hyphens"');
    if (problems.length)
      failures.push(
        `${page.file}:${lineAt(unit, /** @type {RegExpExecArray} */ (CHARSETS[charset].exec(text)).index)}: the ${r.resource} ${r.field} rule (${problems.join(', ')}) must read: ${describeNameRule(r)} (contributing/facts.yml, name_rules)`,
      );
  }
  return failures;
}

export const rules = {errorCodeRule, permissionRule, limitRule, contractLimitRule, creditRule, idempotencyRule, shortenedRule, stateRule, planRule, nameRule};
