/**
 * What the simulation takes from the API contract (api/openapi.yaml), read
 * at build time and in Node: each object type's schema name and template (the
 * contract's own example of it), so that an object the simulation creates or
 * seeds has every field the contract requires, with the contract's values
 * where nothing more specific is known.
 */
import type {Json, Node} from '../api-reference/contract';

const isNode = (value: unknown): value is Node => !!value && typeof value === 'object' && !Array.isArray(value);

/** The schema name of each object type ("server" → "Server"), from the `object` field's `const`. */
export function objectSchemas(doc: Node): Map<string, string> {
  const out = new Map<string, string>();
  const schemas = isNode(doc.components) && isNode(doc.components.schemas) ? doc.components.schemas : {};
  for (const [name, schema] of Object.entries(schemas)) {
    const object = isNode(schema) && isNode(schema.properties) && isNode(schema.properties.object) ? schema.properties.object.const : undefined;
    if (typeof object === 'string' && !out.has(object)) out.set(object, name);
  }
  return out;
}

/** Every object (anything with a string `object`) in a value, depth first. */
function objectsIn(value: Json | undefined, out: Node[] = []): Node[] {
  if (Array.isArray(value)) value.forEach((item) => objectsIn(item, out));
  else if (isNode(value)) {
    if (typeof value.object === 'string') out.push(value);
    Object.values(value).forEach((item) => objectsIn(item, out));
  }
  return out;
}

/**
 * A template for each object type: the `example` of its schema in
 * `components.schemas`, else the first example of that type in a response of
 * the contract (in the order of `paths`). A copy: callers may change it.
 */
export function objectTemplates(doc: Node): Map<string, Node> {
  const schemas = isNode(doc.components) && isNode(doc.components.schemas) ? doc.components.schemas : {};
  const templates = new Map<string, Node>();
  for (const [object, name] of objectSchemas(doc)) {
    const schema = schemas[name];
    const example = isNode(schema) ? schema.example : undefined;
    if (isNode(example) && example.object === object) templates.set(object, example);
  }
  const paths = isNode(doc.paths) ? doc.paths : {};
  for (const item of Object.values(paths)) {
    if (!isNode(item)) continue;
    for (const op of Object.values(item)) {
      const responses = isNode(op) && isNode(op.responses) ? op.responses : {};
      for (const response of Object.values(responses)) {
        const content = isNode(response) && isNode(response.content) ? response.content : {};
        for (const media of Object.values(content)) {
          if (!isNode(media)) continue;
          const examples = [media.example, ...(isNode(media.examples) ? Object.values(media.examples).map((e) => (isNode(e) ? e.value : undefined)) : [])];
          for (const found of examples.flatMap((e) => objectsIn(e))) {
            if (!templates.has(String(found.object))) templates.set(String(found.object), found);
          }
        }
      }
    }
  }
  return new Map([...templates].map(([object, example]) => [object, structuredClone(example)]));
}
