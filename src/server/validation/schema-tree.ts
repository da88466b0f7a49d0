// A request schema compiled once, node by node: each node keeps its schema (whose `description` is
// the rule an error message states), a check of its whole subtree, and a check of its own keywords
// alone, so a walk can stop at the first fault of a valid-looking subtree and list the faults of an
// invalid one without asking ajv for every error of a 10,000-element array. Also what the shape of
// the schema bounds: the longest array, and how many values a body can hold.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { isObject } from '../../common/is-object.js';

/** A JSON schema (draft 2020-12 keywords; the subset request bodies use). */
export type JsonSchema = { readonly [keyword: string]: unknown };

export interface SchemaNode {
  readonly schema: JsonSchema;
  /** The rule this place follows, as a message states it ("an integer from 1 to 1000"). */
  readonly rule: string;
  /**
   * Checks the whole subtree, stopping at its first fault: on a leaf, at the top, and on each element
   * of a list, where the walk starts (absent above a list, which is checked one element at a time).
   */
  readonly whole?: ValidateFunction;
  /** Checks this node's own keywords with every error, its members and elements taken as valid; absent on a leaf. */
  readonly own?: ValidateFunction;
  readonly properties: ReadonlyMap<string, SchemaNode>;
  /** The schema of every member of a map (additionalProperties as a schema), e.g. names to arrays. */
  readonly members?: SchemaNode;
  readonly items?: SchemaNode;
  /** The elements are objects: a walk gives the event loop a turn after each. */
  readonly stepwise: boolean;
}

/** Where the values a schema checks come from: a JSON body, or a query string (every value a string, a repeated name an array, coerced to the schema's types). */
export type Source = 'body' | 'query';

// one pair of compilers per source, shared by every schema, and what each has compiled: a compile
// costs milliseconds, and the bodies share their fields' schemas (src/server/schemas/fields.ts).
// The schemas are not checked against the draft's meta-schema at every start (compiling it was most
// of a server's start-up compile, 0.6-1 s under load): test/server/request-schemas.test.ts does,
// and strict mode still refuses an unknown keyword here.
interface Compilers { firstFault: Ajv2020; everyFault: Ajv2020; owns: WeakMap<JsonSchema, ValidateFunction> }
const COMPILERS: Record<Source, Compilers> = {
  body: { firstFault: new Ajv2020({ allErrors: false, strict: true, validateSchema: false }), everyFault: new Ajv2020({ allErrors: true, strict: true, validateSchema: false }), owns: new WeakMap() },
  query: {
    firstFault: new Ajv2020({ allErrors: false, strict: true, validateSchema: false, coerceTypes: 'array' }),
    everyFault: new Ajv2020({ allErrors: true, strict: true, validateSchema: false, coerceTypes: 'array' }),
    owns: new WeakMap(),
  },
};

// a node's own keywords' check, compiled once per schema object
function ownCheck(c: Compilers, schema: JsonSchema): ValidateFunction {
  let check = c.owns.get(schema);
  if (check === undefined) c.owns.set(schema, check = c.everyFault.compile(own(schema)));
  return check;
}

function own(schema: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = { ...schema };
  if (isObject(schema.properties)) out.properties = Object.fromEntries(Object.keys(schema.properties).map((k) => [k, true]));
  if (isObject(schema.items)) out.items = true;
  if (isObject(schema.additionalProperties)) out.additionalProperties = true;
  return out;
}

function hasStepwise(node: SchemaNode): boolean {
  if (node.stepwise) return true;
  for (const child of node.properties.values()) if (hasStepwise(child)) return true;
  return (node.members !== undefined && hasStepwise(node.members)) || (node.items !== undefined && hasStepwise(node.items));
}

/**
 * Compiles `schema` into its tree. Every node must state its rule (`description`), every array its
 * `maxItems` and every object its members (`additionalProperties: false`, or `maxProperties` for a
 * map): a request body is bounded by its schema, and every error says what the rule is.
 */
export function compileTree(schema: JsonSchema, source: Source = 'body', at = '#', start = true): SchemaNode {
  if (typeof schema.description !== 'string') throw new Error(`request schema ${at} has no description: every field states its rule`);
  const c = COMPILERS[source];
  const properties = new Map<string, SchemaNode>();
  if (isObject(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) properties.set(name, compileTree(child as JsonSchema, source, `${at}/properties/${name}`, false));
  }
  const members = isObject(schema.additionalProperties) ? compileTree(schema.additionalProperties as JsonSchema, source, `${at}/additionalProperties`, false) : undefined;
  const itemSchema = isObject(schema.items) ? schema.items as JsonSchema : undefined;
  // a list's elements are where a walk starts again
  const items = itemSchema !== undefined ? compileTree(itemSchema, source, `${at}/items`, itemSchema.type === 'object') : undefined;
  if (schema.type === 'array' && typeof schema.maxItems !== 'number') throw new Error(`request schema ${at} has no maxItems: every array is bounded`);
  if (schema.type === 'object' && schema.additionalProperties !== false && typeof schema.maxProperties !== 'number') {
    throw new Error(`request schema ${at} takes any member without maxProperties: every object is bounded`);
  }
  const leaf = properties.size === 0 && members === undefined && items === undefined && schema.type !== 'object' && schema.type !== 'array';
  const node: SchemaNode = {
    schema,
    rule: schema.description,
    properties,
    members,
    items,
    stepwise: items !== undefined && items.schema.type === 'object',
    ...(leaf ? {} : { own: ownCheck(c, schema) }),
  };
  // ajv keeps what it compiled by schema object: a field shared by bodies is compiled once
  return (leaf || start) && !hasStepwise(node) ? { ...node, whole: c.firstFault.compile(schema) } : node;
}

/** The most elements any array of a body may have: an array past it makes the body invalid wherever it is. */
export function longestArray(node: SchemaNode): number {
  let most = typeof node.schema.maxItems === 'number' ? node.schema.maxItems : 0;
  for (const child of [...node.properties.values(), node.members, node.items]) if (child !== undefined) most = Math.max(most, longestArray(child));
  return most;
}

/** The most values (elements and members, at every depth) a valid body of this schema holds; with `outside`, not counting its arrays of objects. */
export function mostValues(node: SchemaNode, outside = false): number {
  if (outside && node.stepwise) return 0;
  let n = 0;
  for (const child of node.properties.values()) n += 1 + mostValues(child, outside);
  if (node.members !== undefined) n += (node.schema.maxProperties as number) * (1 + mostValues(node.members, outside));
  if (node.items !== undefined) n += (node.schema.maxItems as number) * (1 + mostValues(node.items, outside));
  else if (typeof node.schema.maxItems === 'number') n += node.schema.maxItems;
  return n;
}

/** The member-name paths, from the top, of the arrays of objects a body holds (a batch's series): the lists parsed in slices. */
export function listPaths(node: SchemaNode, at: readonly string[] = []): string[][] {
  return [...node.properties].flatMap(([name, child]) => (child.stepwise ? [[...at, name]] : listPaths(child, [...at, name])));
}

/** Every member name the schema knows, at any depth. */
export function namesOf(node: SchemaNode, into = new Set<string>()): Set<string> {
  for (const [name, child] of node.properties) {
    into.add(name);
    namesOf(child, into);
  }
  if (node.members !== undefined) namesOf(node.members, into);
  if (node.items !== undefined) namesOf(node.items, into);
  return into;
}
