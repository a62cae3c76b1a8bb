/**
 * The sample world (contributing/facts.yml, `sample_world`): the objects that
 * the API simulation (src/plugins/simulation) starts from, seeded row by row
 * from A2's object tables. A seed belongs to its row (the row shows its ID),
 * is an object of the contract (api/openapi.yaml) with only its schema's
 * fields and none that the simulation works out or keeps secret, holds to its
 * schema once the contract's example of its type fills in the rest (as the
 * simulation fills it in), and refers only to seeded objects, by the names
 * they have. Each check is shown failing on __fixtures__/world/bad.yml (the
 * failures it must report are in bad.expected beside it), so a check that
 * stops matching anything fails here too.
 */
import {test} from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import createJiti from 'jiti';
import YAML from 'yaml';
import {loadFacts} from '../../scripts/facts.mjs';
import {repoRoot} from '../helpers.mjs';

/**
 * @typedef {import('../../scripts/facts.mjs').SampleWorld} SampleWorld
 * @typedef {import('../../scripts/facts.mjs').Seed} Seed
 * @typedef {import('../../src/plugins/api-reference/contract.ts').Node} ContractNode
 * @typedef {import('ajv/dist/2020.js').ValidateFunction} ValidateFunction
 * @typedef {{where: string, row: string[], seed: Seed}} Planted
 */

const jiti = createJiti(import.meta.url, {interopDefault: true});
// The simulation's own reading of the contract: each type's schema name and template.
const {objectSchemas, objectTemplates} = /** @type {typeof import('../../src/plugins/simulation/contractData.ts')} */ (
  jiti(path.join(repoRoot, 'src/plugins/simulation/contractData.ts'))
);

/** @type {ContractNode} */
const contract = YAML.parse(fs.readFileSync(path.join(repoRoot, 'api/openapi.yaml'), 'utf8'));
const schemaNames = objectSchemas(contract);
const templates = objectTemplates(contract);
const schemas = /** @type {Record<string, {properties?: Record<string, unknown>}>} */ (
  /** @type {{components: {schemas: unknown}}} */ (contract).components.schemas
);
const fixtures = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__/world');
const world = loadFacts().sample_world;
const bad = loadFacts(path.join(fixtures, 'bad.yml')).sample_world;

const ID = 'https://launchdeck.test/openapi.json';
// Both packages are CommonJS whose module.exports is the class (the function): Node's default import, not their types' `default`.
const ajv = new /** @type {typeof Ajv2020.default} */ (/** @type {unknown} */ (Ajv2020))({strict: false, allErrors: true, validateFormats: true});
/** @type {typeof addFormats.default} */ (/** @type {unknown} */ (addFormats))(ajv);
ajv.addSchema({...contract, $id: ID});
/** @type {Map<string, ValidateFunction>} */
const validators = new Map();
/** @param {string} schema */
function validatorOf(schema) {
  if (!validators.has(schema)) validators.set(schema, ajv.compile({$ref: `${ID}#/components/schemas/${schema}`}));
  return /** @type {ValidateFunction} */ (validators.get(schema));
}

/**
 * Every seed of the world, with its row and where it is ("infrastructure: Server (AWS) | `web-1` → server srv_6Yp2Mx9K").
 * @param {SampleWorld} sample
 * @returns {Planted[]}
 */
function seedsOf(sample) {
  return Object.entries(sample).flatMap(([table, rows]) =>
    Array.isArray(rows)
      ? rows.flatMap(({row, seed}) =>
          [seed ?? []].flat().map((s) => ({where: `${table}: ${row[0]} | ${row[1]} → ${s.object}${s.id ? ` ${s.id}` : ''}`, row, seed: s})),
        )
      : [],
  );
}

/** A2's object tables, as sample_world names them (scripts/facts.mjs writes one table from each). */
const TABLES = /** @type {const} */ (['people', 'project', 'infrastructure', 'actions', 'action_steps']);

/** A value that reads as an ID of the contract: a lowercase prefix, an underscore, letters and digits. */
const isId = (/** @type {unknown} */ value) => typeof value === 'string' && /^[a-z]+_[A-Za-z0-9]+$/.test(value);

/**
 * The IDs an object refers to, with their paths: fields named `…_id`, items of `…_ids`, and the `id` of a nested
 * object (an action's `subject`, a link's ends, an actor, an event's `data.object`).
 * @param {unknown} value
 * @param {string} [at]
 * @returns {{path: string, id: string, name?: unknown, type?: unknown}[]}
 */
function referencesIn(value, at = '') {
  if (Array.isArray(value)) return value.flatMap((item, i) => referencesIn(item, `${at}[${i}]`));
  if (!value || typeof value !== 'object') return [];
  const node = /** @type {Record<string, unknown>} */ (value);
  return Object.entries(node).flatMap(([key, v]) => {
    const here = at ? `${at}.${key}` : key;
    if ((key.endsWith('_id') || (key === 'id' && at)) && isId(v))
      return [{path: here, id: /** @type {string} */ (v), ...(key === 'id' ? {name: node.name, type: node.type} : {})}];
    if (key.endsWith('_ids') && Array.isArray(v)) return v.filter(isId).map((id, i) => ({path: `${here}[${i}]`, id}));
    return referencesIn(v, here);
  });
}

/** The name another object shows for an object: a file's path, otherwise its name. @param {Seed} seed */
const nameOf = (seed) => (seed.object === 'file' ? seed.path : seed.name);

/** The template of a seed's type, filled in with the seed, as the simulation stores it. @param {Seed} seed */
const filledIn = (seed) => ({...(templates.get(seed.object) ?? {}), ...seed});

/** Fields that the simulation works out from other objects (B-chapters: "Read-only" counts and the built-in roles). */
const derived = (/** @type {Seed} */ seed, /** @type {string} */ key) => key.endsWith('_count') || (key === 'permissions' && seed.built_in === true);
/** Secrets and write-only material, by type: the simulation never keeps them in an object. */
const SECRETS = /** @type {Record<string, string[]>} */ ({
  personal_access_token: ['token'],
  project_api_token: ['token'],
  outgoing_webhook: ['secret'],
  incoming_webhook: ['url'],
  credential: ['secrets'],
  ssh_key: ['private_key'],
  ssl_certificate: ['certificate', 'private_key'],
});

/** The checks, each a function of a world that returns what it finds wrong. */
const checks = {
  /** @param {SampleWorld} sample */
  'five tables and an epoch': (sample) => [
    ...TABLES.filter((table) => !(Array.isArray(sample[table]) && sample[table].some((r) => r.seed))).map((table) => `sample_world.${table} has no seeds`),
    ...(typeof sample.epoch === 'string' && !Number.isNaN(Date.parse(sample.epoch)) ? [] : ["sample_world.epoch isn't a time"]),
  ],

  /** @param {SampleWorld} sample */
  'row shows the ID': (sample) =>
    seedsOf(sample)
      .filter(({row, seed}) => seed.id !== undefined && !row.some((cell) => cell.includes(`\`${seed.id}\``)))
      .map(({where}) => `${where}: the row doesn't show this ID in backticks`),

  /** @param {SampleWorld} sample */
  'schema fields only': (sample) =>
    seedsOf(sample).flatMap(({where, seed}) => {
      const schema = schemaNames.get(seed.object);
      if (!schema) return [`${where}: "${seed.object}" isn't an object type of the contract`];
      const fields = Object.keys(schemas[schema]?.properties ?? {});
      return Object.keys(seed)
        .filter((key) => !fields.includes(key))
        .map((key) => `${where}: \`${key}\` isn't a field of ${schema}`);
    }),

  /** @param {SampleWorld} sample */
  'nothing derived or secret': (sample) =>
    seedsOf(sample).flatMap(({where, seed}) => [
      ...Object.keys(seed)
        .filter((key) => derived(seed, key))
        .map((key) => `${where}: \`${key}\` is worked out by the simulation`),
      // A secret that the template holds counts too: the seed sets it to null, as the API shows it after creation.
      ...(SECRETS[seed.object] ?? []).filter((key) => (filledIn(seed)[key] ?? null) !== null).map((key) => `${where}: \`${key}\` is a secret`),
      ...(seed.object === 'variable' && filledIn(seed).secret === true && typeof filledIn(seed).value === 'string' ? [`${where}: \`value\` is a secret`] : []),
    ]),

  /** @param {SampleWorld} sample */
  'valid against the contract': (sample) =>
    seedsOf(sample).flatMap(({where, seed}) => {
      const schema = schemaNames.get(seed.object);
      if (!schema) return [];
      const validate = validatorOf(schema);
      return validate(filledIn(seed)) ? [] : (validate.errors ?? []).map((e) => `${where}: ${e.instancePath || '/'} ${e.message}`);
    }),

  /** @param {SampleWorld} sample */
  'unique IDs and known references': (sample) => {
    const planted = seedsOf(sample);
    /** @type {Map<string, Seed>} */
    const byId = new Map();
    /** @type {string[]} */
    const problems = [];
    for (const {where, seed} of planted) {
      const key = seed.id ?? (seed.object === 'team_member' ? `${seed.team_id} ${seed.user_id}` : undefined);
      if (key === undefined) continue;
      if (byId.has(key)) problems.push(`${where}: seeded twice`);
      else byId.set(key, seed);
    }
    for (const {where, seed} of planted) {
      // The fields the seed leaves out come from the template: what they refer to must be seeded too.
      for (const ref of referencesIn(filledIn(seed))) {
        const target = byId.get(ref.id);
        if (!target) problems.push(`${where}: \`${ref.path}\` refers to ${ref.id}, which isn't seeded`);
        else if (ref.type !== undefined && ref.type !== target.object)
          problems.push(`${where}: \`${ref.path}\` is ${ref.id}, a ${target.object}, not a ${ref.type}`);
        else if (ref.name !== undefined && ref.name !== nameOf(target))
          problems.push(`${where}: \`${ref.path}\` is ${ref.id}, named "${nameOf(target)}", not "${ref.name}"`);
      }
    }
    return problems;
  },
};

for (const name of /** @type {(keyof typeof checks)[]} */ (Object.keys(checks))) {
  test(`sample world: ${name}`, () => {
    assert.deepEqual(checks[name](world), []);
  });
}

test('each sample world check fails on its bad example in __fixtures__/world/bad.yml', () => {
  const expectedFile = path.join(fixtures, 'bad.expected');
  const got = Object.entries(checks).flatMap(([name, check]) => check(bad).map((line) => `${name}: ${line}`));
  if (process.env.UPDATE_FIXTURES) fs.writeFileSync(expectedFile, `${got.join('\n')}\n`);
  const expected = fs.readFileSync(expectedFile, 'utf8').trim().split('\n');
  for (const name of Object.keys(checks))
    assert.ok(
      got.some((line) => line.startsWith(`${name}: `)),
      `${name}: reports nothing on bad.yml`,
    );
  assert.deepEqual(got, expected);
});
