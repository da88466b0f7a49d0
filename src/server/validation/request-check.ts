// The one request validator: a body's schema (compiled once, src/server/validation/schema-tree.ts)
// walked against the parsed body, then what the schema cannot say (dates, cross-field lengths),
// every finding formatted by one list (field-errors.ts). Written as steps (src/common/steps.ts): an
// array of objects (a batch's series) gives the event loop a turn between its elements when the
// server runs it in slices; the CLI runs it at once.
import type { FieldError } from '../../common/codes.js';
import { isObject } from '../../common/is-object.js';
import { atOnce, inSlices, type Steps } from '../../common/steps.js';
import { crowded } from '../crowded-object.js';
import { FieldErrorList, type Path, type Report } from './field-errors.js';
import { compileTree, listPaths, longestArray, mostValues, type JsonSchema, type SchemaNode, type Source } from './schema-tree.js';

/** How a body is read before it is checked. */
export interface BodyReading {
  /** Most bytes, after gzip inflation. */
  maxBytes: number;
  /** Most values in all when the route bounds them more tightly than the schema does (a batch's total). */
  maxElements?: number;
  /** The body may be tens of MiB: decode and parse it in slices. */
  inSlices?: boolean;
}

/** A request body (or a query string): its schema, what the schema cannot say, and how it is read. Body is its TypeScript type. */
export interface RequestDefinition<Body, Accepted> {
  /** The body's JSON schema: validated here, published in the OpenAPI document. */
  schema: JsonSchema;
  /** Where the values come from (default 'body'); a query's strings are coerced to the schema's types. */
  source?: Source;
  /**
   * Runs on a body the schema accepted: reports what a schema cannot say (dates on their grid,
   * lengths that must agree) to `report`, yielding between series if it is long, and returns the
   * request as the route takes it (defaults filled, dates planned). Its result is used only when it
   * reported nothing.
   */
  accept(body: Body, report: Report): Steps<Accepted>;
  /** How the body is read (a query has none). */
  reading?: BodyReading;
}

/** A definition compiled: its schema tree, and the shape bounds the body's pre-scan applies. */
export interface CompiledRequest<Accepted> {
  readonly root: SchemaNode;
  readonly accept: (body: never, report: Report) => Steps<Accepted>;
  readonly reading?: BodyReading;
  /** The longest array any valid body has. */
  readonly longestArray: number;
  /** The most values (elements and members) a valid body holds, the route's bound included. */
  readonly mostValues: number;
  /** The arrays of objects of a body (member-name paths), which a body read in slices parses a slice at a time. */
  readonly lists: string[][];
  /** The most values a valid body holds outside those lists. */
  readonly mostValuesOutside: number;
  readonly vocabulary: ReadonlySet<string>;
  readonly source: Source;
}

/** What a check finds: errors (at most MAX_FIELD_ERRORS), or none and the accepted request. */
export type Checked<Accepted> = { errors: FieldError[]; accepted?: undefined } | { errors: []; accepted: Accepted };

/** Compiles `def` (call once per bounds: compiling costs milliseconds), or takes its tree as `root`; `vocabulary` is every member name of the API's bodies. */
export function compileRequest<Body, Accepted>(def: RequestDefinition<Body, Accepted>, vocabulary: ReadonlySet<string>, root = compileTree(def.schema, def.source)): CompiledRequest<Accepted> {
  const most = mostValues(root);
  return {
    root,
    accept: def.accept as CompiledRequest<Accepted>['accept'],
    reading: def.reading,
    longestArray: longestArray(root),
    mostValues: Math.min(most, def.reading?.maxElements ?? most),
    lists: listPaths(root),
    mostValuesOutside: mostValues(root, true),
    vocabulary,
    source: def.source ?? 'body',
  };
}

/** An empty error list for `request`'s body (the list the check fills), for a refusal found before the check (the pre-scan's). */
export function errorListFor(request: CompiledRequest<unknown>): FieldErrorList {
  return new FieldErrorList(request.root, request.vocabulary, request.source === 'query' ? 'the query' : 'the body');
}

// the keywords ajv reports after an array's elements, kept for after them so the order is its own
const AFTER_ELEMENTS = new Set(['contains', 'uniqueItems']);

function* walk(node: SchemaNode, value: unknown, path: Path, out: FieldErrorList): Steps<void> {
  if (node.whole?.(value) === true) return;
  if (node.own === undefined) {
    out.mismatch(node, value, path);
    return;
  }
  if (isObject(value) && crowded(value)) {
    out.crowded(path);
    return;
  }
  const errors = node.own(value) ? [] : node.own.errors ?? [];
  const before = errors.filter((e) => !AFTER_ELEMENTS.has(e.keyword));
  if (!out.own(node, value, path, before)) return;
  // a value of the wrong kind has nothing below to check
  if (errors.some((e) => e.schemaPath === '#/type')) return;
  if (isObject(value)) {
    for (const [name, child] of node.properties) {
      if (!Object.prototype.hasOwnProperty.call(value, name)) continue;
      yield* walk(child, value[name], [...path, name], out);
      if (out.full) return;
    }
    if (node.members !== undefined) {
      for (const name of Object.keys(value)) {
        if (node.properties.has(name)) continue;
        yield* walk(node.members, value[name], [...path, name], out);
        if (out.full) return;
      }
    }
  } else if (Array.isArray(value) && node.items !== undefined) {
    const item = node.items;
    for (let i = 0; i < value.length; i++) {
      // a leaf element is checked here, without a step of its own: a series holds 10,000 of them
      if (item.own === undefined) {
        if (!item.whole!(value[i]) && !out.mismatch(item, value[i], [...path, i])) return;
      } else {
        yield* walk(item, value[i], [...path, i], out);
        if (out.full) return;
      }
      if (node.stepwise) yield;
    }
  }
  out.own(node, value, path, errors.filter((e) => AFTER_ELEMENTS.has(e.keyword)));
}

/** The check of `body` against `request`, as steps. */
export function* checkSteps<Accepted>(request: CompiledRequest<Accepted>, body: unknown): Steps<Checked<Accepted>> {
  const out = errorListFor(request);
  yield* walk(request.root, body, [], out);
  if (out.count > 0) return { errors: out.errors };
  const accepted = yield* request.accept(body as never, out);
  return out.count > 0 ? { errors: out.errors } : { errors: [], accepted };
}

/** The check run at once (the CLI, tests). */
export function checkAtOnce<Accepted>(request: CompiledRequest<Accepted>, body: unknown): Checked<Accepted> {
  return atOnce(checkSteps(request, body));
}

/**
 * The check of a query string (Koa's ctx.query: a repeated name is an array) against a request
 * compiled with source 'query': its values are coerced to the schema's types ("12" to 12, "true" to
 * true, one value to a one-element array) and then checked like a body.
 */
export function checkQuery<Accepted>(request: CompiledRequest<Accepted>, query: Readonly<Record<string, string | string[] | undefined>>): Checked<Accepted> {
  const values: Record<string, string | string[]> = {};
  for (const [name, v] of Object.entries(query)) if (v !== undefined) values[name] = Array.isArray(v) ? [...v] : v;
  return checkAtOnce(request, values);
}

/** The check with turns of the event loop between its steps (the server). */
export function checkInSlices<Accepted>(request: CompiledRequest<Accepted>, body: unknown): Promise<Checked<Accepted>> {
  return inSlices(checkSteps(request, body));
}
