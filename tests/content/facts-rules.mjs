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
const {loadSiteContract} = jiti(path.join(repoRoot, 'src/api/contract.ts'));
const {apiCallsIn, findOperation} = jiti(path.join(repoRoot, 'src/api/calls.ts'));

export const facts = YAML.parse(fs.readFileSync(path.join(repoRoot, 'contributing/facts.yml'), 'utf8'));
export const contract = loadSiteContract(repoRoot);

const PLANS = ['free', 'pro', 'team', 'enterprise'];

/** Error codes of the contract: those its shared error responses list in their description's first sentence or show in examples. */
export function contractErrorCodes() {
  const codes = new Set();
  const walk = (node) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    if (node.error && typeof node.error.code === 'string') codes.add(node.error.code);
    Object.values(node).forEach(walk);
  };
  for (const response of Object.values(contract.doc.components.responses)) {
    // "Conflict: `already_exists`, … or `idempotency_conflict`." (words in parentheses explain a code)
    const listed = (response.description ?? '').replace(/\([^)]*\)/g, '').split('. ')[0];
    for (const m of listed.matchAll(/`([a-z]+(?:_[a-z]+)*)`/g)) codes.add(m[1]);
    walk(response.content);
  }
  return codes;
}

/** Lines of a page with their 1-based number; `code` says whether the line is inside a code block, `fence` its info string. */
function lines(page) {
  const out = [];
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

/** Front matter lines are not prose. */
function proseLines(page) {
  const all = lines(page);
  const fm = /^---\n[\s\S]*?\n---\n/.exec(page.raw);
  const skip = fm ? fm[0].split('\n').length - 1 : 0;
  return all.filter((l) => !l.code && l.n > skip);
}

/** Every error code the page names (after a status, in an error body's title or JSON, or called an error) exists in the contract. */
export function errorCodeRule(page, codes = contractErrorCodes()) {
  const failures = [];
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

/** Every permission the page names (`resource:verb` in code) is one of contributing/facts.yml. */
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

const toNumber = (s) => Number(String(s).replace(/,/g, ''));

/** Fixed limits ("25 credentials per environment") and plan limits ("Free 2, Pro 25, Team 200", Limits tables) match contributing/facts.yml. */
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

/** The actions an operation starts, by operationId. */
function actionsByOperation() {
  const map = new Map();
  for (const action of facts.actions) for (const id of action.operations) map.set(id, [...(map.get(id) ?? []), action]);
  return map;
}

/** A task page whose API tab starts an action says what it costs, and a fixed cost matches B17. */
export function creditRule(page) {
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
      `${page.file}:${stepsLine}: ${op.id} starts ${actions.map((a) => `\`${a.type}\``).join(' or ')}: say what it costs ("This task runs an action that uses N credits.", B17)`,
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

function headerParams(op) {
  return op.parameters.filter((p) => p.in === 'header').map((p) => p.name.toLowerCase());
}

/** `Idempotency-Key` only in requests to operations that take one. */
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
  for (const schema of Object.values(contract.doc.components.schemas)) {
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

export const rules = {errorCodeRule, permissionRule, limitRule, creditRule, idempotencyRule, shortenedRule};
