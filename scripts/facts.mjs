#!/usr/bin/env node
/**
 * The product facts of contributing/facts.yml as the writer's reference shows
 * them (permissions, plans, fixed limits, credit costs, the states of each
 * resource with their transitions, and the object tables of A2's sample world):
 * writes the tables between `<!-- facts:<name> -->` and `<!-- /facts:<name> -->`
 * in contributing/writers-reference.md.
 *
 *   npm run facts              # rewrite the tables from contributing/facts.yml
 *   npm run facts -- --check   # exit 1 when a table differs from the file (the content test does this too)
 */
import fs from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const factsFile = path.join(root, 'contributing/facts.yml');
export const referenceFile = path.join(root, 'contributing/writers-reference.md');

/**
 * contributing/facts.yml, as far as the tables read it.
 * @typedef {object} Facts
 * @property {{name: string, level: 'project' | 'environment', allows: string, roles: string[]}[]} permissions
 * @property {({id: string, label: string} & Record<Plan, number | string>)[]} plans
 * @property {{id: string, value: number, noun: string, per: string, limit_name: string}[]} fixed_limits
 * @property {{type: string, started_by: string, steps: string, credits: number | string, note?: string}[]} actions
 * @property {{name: string, type: string, does: string}[]} deploy_pipeline_steps
 * @property {Lifecycle[]} lifecycles
 * @property {SampleWorld} sample_world
 */
/** @typedef {'free' | 'pro' | 'team' | 'enterprise'} Plan */
/**
 * A resource's states and transitions (`table: false`: the reference states them in prose).
 * @typedef {object} Lifecycle
 * @property {string} id
 * @property {false} [table]
 * @property {{name: string, meaning: string, can?: string, applies_to?: string}[]} states
 * @property {{from: string, event: string, to: string, extra?: string}[]} [transitions]
 * @property {{applies_to?: string, event?: string, extra?: string}} [columns]
 */

/**
 * A2's sample world: when the simulation's clock starts, and the rows of A2's five object tables.
 * @typedef {{epoch: string} & Record<WorldTable, WorldRow[]>} SampleWorld
 */
/** @typedef {'people' | 'project' | 'infrastructure' | 'actions' | 'action_steps'} WorldTable */
/**
 * A row of an A2 table: its cells as the reference shows them, and the objects the simulation creates for it
 * (`object` and fields of that type's schema in api/openapi.yaml).
 * @typedef {object} WorldRow
 * @property {string[]} row
 * @property {Seed | Seed[]} [seed]
 */
/** @typedef {{object: string, id?: string} & Record<string, unknown>} Seed */

/** @param {string} [file] @returns {Facts} */
export function loadFacts(file = factsFile) {
  return YAML.parse(fs.readFileSync(file, 'utf8'));
}

/** @type {Plan[]} */
const PLANS = ['free', 'pro', 'team', 'enterprise'];
/** A2's object tables: the marker of each, and its header row. @type {[WorldTable, string, string[]][]} */
const WORLD_TABLES = [
  ['people', 'world-people', ['Thing', 'Name / value', 'ID', 'Notes']],
  ['project', 'world-project', ['Thing', 'Name', 'ID', 'Notes']],
  ['infrastructure', 'world-infrastructure', ['Thing', 'Name', 'ID', 'Key values']],
  ['actions', 'world-actions', ['Action ID', 'Type', 'Subject', 'Notes']],
  ['action_steps', 'world-action-steps', ['Action step ID', 'Action', 'Step', 'Server']],
];
/** @param {number | string} value */
const number = (value) => (typeof value === 'number' ? value.toLocaleString('en-US') : value);
/** A table row; a cell left out (undefined) is empty. @param {(string | undefined)[]} cells */
const row = (cells) => `| ${cells.join(' | ')} |`;
/** Action types and other dotted identifiers in code style: server.provision (cloud) → `server.provision` (cloud). @param {string} text */
const codeIds = (text) => text.replace(/\b[a-z_]+\.[a-z_]+\b/g, (id) => `\`${id}\``);

/**
 * Each table the reference shows, by marker name.
 * @param {Facts} facts
 * @returns {Record<string, string>}
 */
export function renderTables(facts) {
  const levels = {project: 'P', environment: 'E'};
  const roles = ['owner', 'admin', 'developer', 'viewer'];
  return {
    permissions: [
      row(['Permission', 'Level', 'Allows', 'Owner', 'Admin', 'Developer', 'Viewer']),
      row(['---', '---', '---', '---', '---', '---', '---']),
      ...facts.permissions
        .map((p) => row([`\`${p.name}\``, levels[p.level], p.allows, ...roles.map((r) => (p.roles.includes(r) ? 'Y' : ''))]))
        .map((l) => l.replace(/ {2}\|/g, ' |')),
    ].join('\n'),
    plans: [
      row(['', 'Free', 'Pro', 'Team', 'Enterprise']),
      row(['---', '---', '---', '---', '---']),
      ...facts.plans.map((p) => row([p.label, ...PLANS.map((plan) => number(p[plan]))])),
    ]
      .join('\n')
      .replace(/^\| {2}\|/, '| |'),
    'fixed-limits': [
      row(['Limit', 'Value', '`limit_name`']),
      row(['---', '---', '---']),
      ...facts.fixed_limits.map((l) => row([`${humanNoun(l.noun)} per ${l.per}`, number(l.value), `\`${l.limit_name}\``])),
    ].join('\n'),
    'deploy-pipeline': [
      row(['Position', 'Step name', 'Step `type`', 'What it does']),
      row(['---', '---', '---', '---']),
      ...facts.deploy_pipeline_steps.map((step, i) => row([String(i + 1), step.name, `\`${step.type}\``, step.does])),
    ].join('\n'),
    credits: [
      row(['Action type', 'Started by', 'Steps (names as shown in the web app)', 'Credits']),
      row(['---', '---', '---', '---']),
      ...facts.actions.map((a) => row([codeIds(a.type), a.started_by, a.steps, `${number(a.credits)}${a.note ? ` ${a.note}` : ''}`])),
    ].join('\n'),
    ...Object.fromEntries(facts.lifecycles.filter((l) => l.table !== false).map((l) => [`states-${l.id}`, stateTables(l)])),
    // A2: the cells as they are; an empty cell is one space wide, as in the tables above.
    ...Object.fromEntries(
      WORLD_TABLES.map(([key, marker, head]) => [
        marker,
        [row(head), row(head.map(() => '---')), ...facts.sample_world[key].map((r) => row(r.row).replace(/ {2}\|/g, ' |'))].join('\n'),
      ]),
    ),
  };
}

/**
 * A resource's states table, then its transitions table (B3, B10…): the columns are those of the reference.
 * @param {Lifecycle} lifecycle
 * @returns {string}
 */
function stateTables(lifecycle) {
  const {states, transitions = [], columns = {}} = lifecycle;
  const can = states.some((s) => s.can);
  const head = ['State', ...(columns.applies_to ? [columns.applies_to] : []), 'Meaning', ...(can ? ['What you can do'] : [])];
  const stateRows = states.map((s) => row([`\`${s.name}\``, ...(columns.applies_to ? [s.applies_to] : []), s.meaning, ...(can ? [s.can] : [])]));
  const tables = [[row(head), row(head.map(() => '---')), ...stateRows].join('\n')];
  if (transitions.length) {
    const head2 = ['From', columns.event ?? 'Event', 'To', ...(columns.extra ? [columns.extra] : [])];
    const rows = transitions.map((t) => row([t.from, t.event, t.to, ...(columns.extra ? [t.extra ?? ''] : [])]).replace(/ {2}\|/g, ' |'));
    tables.push([row(head2), row(head2.map(() => '---')), ...rows].join('\n'));
  }
  return tables.join('\n\n');
}

/**
 * The noun of a fixed limit as readers see it: "(?:active )?personal access tokens" → "Active personal access tokens".
 * @param {string} pattern
 * @returns {string}
 */
function humanNoun(pattern) {
  const text = pattern.replace(/\(\?:`\?([^`)]*)`\? \)\?/g, '$1 ').replace(/\(\?:([^)]*)\)\?/g, '$1');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The text of a section of the reference named as facts.yml names it: "B10 / States" (the first `### States`
 * of chapter B10), "B8" (the whole chapter), or "Configuration states" (a `###` heading anywhere).
 * @param {string} text
 * @param {string} section
 * @returns {string}
 */
export function referenceSection(text, section) {
  const lines = text.split('\n');
  const [chapter, heading] = section.includes(' / ') ? section.split(' / ') : /^[A-Z]\d+$/.test(section) ? [section, null] : [null, section];
  let start = chapter ? lines.findIndex((l) => l.startsWith(`## ${chapter}. `)) : 0;
  if (start < 0) throw new Error(`contributing/writers-reference.md has no chapter ${chapter}`);
  let level = 2;
  if (heading) {
    start = lines.findIndex((l, i) => i > start && l === `### ${heading}`);
    if (start < 0) throw new Error(`contributing/writers-reference.md has no "### ${heading}"${chapter ? ` in ${chapter}` : ''}`);
    level = 3;
  }
  const end = lines.findIndex((l, i) => i > start && new RegExp(`^#{2,${level}} `).test(l));
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/**
 * The reference with its fact tables replaced; throws when a marker is missing.
 * @param {string} text
 * @param {Record<string, string>} tables
 * @returns {string}
 */
export function applyTables(text, tables) {
  let out = text;
  for (const [name, table] of Object.entries(tables)) {
    const re = new RegExp(`(<!-- facts:${name} [^\\n]*-->\\n\\n)[\\s\\S]*?(\\n\\n<!-- /facts:${name} -->)`);
    if (!re.test(out)) throw new Error(`contributing/writers-reference.md has no <!-- facts:${name} … --> … <!-- /facts:${name} --> block`);
    out = out.replace(re, (_, /** @type {string} */ open, /** @type {string} */ close) => `${open}${table}${close}`);
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = fs.readFileSync(referenceFile, 'utf8');
  const next = applyTables(text, renderTables(loadFacts()));
  if (process.argv.includes('--check')) {
    if (next !== text) {
      console.error('contributing/writers-reference.md: a facts table differs from contributing/facts.yml. Run npm run facts.');
      process.exit(1);
    }
    console.log('The fact tables of the writer’s reference match contributing/facts.yml.');
  } else {
    fs.writeFileSync(referenceFile, next);
    console.log(next === text ? 'Nothing to change.' : 'Rewrote the fact tables of contributing/writers-reference.md.');
  }
}
