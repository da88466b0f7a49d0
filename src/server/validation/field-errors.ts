// The one error formatter of request bodies: every problem a body check finds (schema, cross-field
// checks, the pre-scan's refusals) becomes a FieldError here, by the same rules on every route. A
// pointer names only what the schema knows (member names it defines, element indexes) and stops
// before anything else; a detail states the place and its rule and describes what was sent without
// repeating caller text (src/common/caller-text.ts); unknown fields are counted, not named (unless
// the name is one the API itself uses); one entry per pointer, at most MAX_FIELD_ERRORS.
import type { ErrorObject } from 'ajv';
import { described, mayRepeat } from '../../common/caller-text.js';
import type { FieldError } from '../../common/codes.js';
import { crowdedError } from '../crowded-object.js';
import type { SchemaNode } from './schema-tree.js';

/**
 * Field names other forecasting libraries (Nixtla's statsforecast and TimeGPT clients) use, and what
 * this API calls the same thing, first the one the body at hand has: a caller who sends `h` is told
 * to use `horizon`, not that an unknown field was withheld.
 */
const INSTEAD: Readonly<Record<string, readonly string[]>> = {
  h: ['horizon'],
  fh: ['horizon'],
  df: ['series (the values, with timestamps for their dates; in a batch, a list of {"id", "values", "timestamps"})'],
  y: ['series (the values)', 'values'],
  season_len: ['season_length'],
  seasonality: ['season_length'],
  levels: ['level'],
  unique_id: ['id'],
  ds: ['timestamps'],
  X_df: ['regressors (each one\'s values, then its future values)'],
};

/** Most field errors one answer lists: enough to fix a body by, bounded whatever the body. */
export const MAX_FIELD_ERRORS = 20;

/** A place in a body: member names and element indexes, as the caller sent them. */
export type Path = ReadonlyArray<string | number>;

/** Where the checks report what they find: add returns false once the list is full (stop checking). */
export interface Report {
  add(error: FieldError): boolean;
  readonly count: number;
}

/** A place as an answer may show it: its JSON pointer and its name in a message, cut before caller text. */
export interface Place {
  pointer: string;
  /** "series/3", or "the body" */
  label: string;
  /** the schema node at the place, when the whole path is one the schema knows */
  node?: SchemaNode;
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const INDEX = /^(0|[1-9][0-9]*)$/;

/** The errors one body check finds, formatted and capped; see the file comment for the rules. */
export class FieldErrorList implements Report {
  readonly errors: FieldError[] = [];
  private readonly seen = new Set<string>();

  /** `vocabulary`: every member name the API's request bodies use, which may be named back wherever it was sent; `whole`: what the top is called ("the body", "the query"). */
  constructor(private readonly root: SchemaNode, private readonly vocabulary: ReadonlySet<string>, private readonly whole = 'the body') {}

  get count(): number {
    return this.errors.length;
  }

  get full(): boolean {
    return this.errors.length >= MAX_FIELD_ERRORS;
  }

  /** Adds an error a check wrote (its pointer is cut to what the schema knows); false once full. */
  add(error: FieldError): boolean {
    const path = error.pointer === '' ? [] : error.pointer.split('/').slice(1).map(unescape);
    return this.push(this.place(path).pointer, error.detail);
  }

  /** Where `path` is, as an answer may show it. */
  place(path: Path): Place {
    let node: SchemaNode | undefined = this.root;
    const kept: string[] = [];
    for (const seg of path) {
      const s = String(seg);
      if (node?.items !== undefined && INDEX.test(s)) node = node.items;
      else if (node?.properties.has(s)) node = node.properties.get(s);
      else if (node?.members !== undefined && mayRepeat(s)) node = node.members;
      else if (INDEX.test(s) || this.vocabulary.has(s)) node = undefined;
      else break;
      kept.push(s);
    }
    const whole = kept.length === path.length;
    return {
      pointer: kept.map((s) => `/${escape(s)}`).join(''),
      label: kept.length === 0 ? this.whole : kept.join('/'),
      ...(whole && node !== undefined ? { node } : {}),
    };
  }

  /** The value at `path` does not follow `node`'s rule (a leaf, or a container of the wrong kind or size). */
  mismatch(node: SchemaNode, value: unknown, path: Path): boolean {
    const { pointer, label } = this.place(path);
    return this.push(pointer, `${label} must be ${node.rule} (got ${described(value)})`);
  }

  /** The object at `path` has more members than any request object. */
  crowded(path: Path): boolean {
    const { pointer, detail } = crowdedError(this.place(path).pointer);
    return this.push(pointer, detail);
  }

  /** A container the pre-scan refused: an array longer than any the schema allows, or a crowded object. */
  tooLarge(kind: 'array' | 'members', path: Path, longest: number): boolean {
    if (kind === 'members') return this.crowded(path);
    const place = this.place(path);
    if (place.node?.schema.type === 'array') return this.push(place.pointer, `${place.label} must be ${place.node.rule} (got an array of more than ${longest})`);
    return this.push(place.pointer, `${place.label} holds an array of more than ${longest} values, more than any array of this request may hold`);
  }

  /** ajv's findings on `node`'s own keywords for `value` at `path` (its members and elements are walked separately). */
  own(node: SchemaNode, value: unknown, path: Path, errors: readonly ErrorObject[]): boolean {
    const unknown: string[] = [];
    for (const e of errors) {
      // the per-element misses behind a failed `contains` or `propertyNames` say nothing of their own
      if (e.schemaPath.includes('/contains/') || e.schemaPath.includes('/propertyNames/')) continue;
      if (e.keyword === 'additionalProperties') unknown.push(String((e.params as { additionalProperty: string }).additionalProperty));
      else if (!this.ownError(node, value, path, e)) return false;
    }
    return unknown.length === 0 || this.unknownFields(node, path, unknown);
  }

  private ownError(node: SchemaNode, value: unknown, path: Path, e: ErrorObject): boolean {
    const place = this.place(path);
    switch (e.keyword) {
      case 'required': {
        const field = String((e.params as { missingProperty: string }).missingProperty);
        const child = this.place([...path, field]);
        return this.push(child.pointer, `${child.label} is required: ${child.label} must be ${node.properties.get(field)!.rule}`);
      }
      case 'contains':
        return this.push(place.pointer, `${place.label} must hold ${(node.schema.contains as { description: string }).description}`);
      case 'uniqueItems':
        return this.push(place.pointer, `${place.label} must not repeat a value`);
      case 'propertyNames':
        return this.push(place.pointer,
          `${place.label} has a member whose name is not allowed (the name is withheld: it could be a pasted secret); names must be ${(node.schema.propertyNames as { description: string }).description}`);
      default:
        return this.mismatch(node, value, path);
    }
  }

  // names the API uses are named back, and so are the names other forecasting libraries use for a
  // field of ours (with the field to use instead); any other is only counted: it could be a pasted secret
  private unknownFields(node: SchemaNode, path: Path, names: string[]): boolean {
    const allowed = [...node.properties.keys()].join(', ');
    const withheld = names.filter((n) => !this.vocabulary.has(n) && INSTEAD[n] === undefined);
    // every other library's name at this place in one entry (one entry per pointer)
    const others: Array<[string, string]> = [];
    for (const n of names) {
      if (withheld.includes(n)) continue;
      const instead = INSTEAD[n]?.find((f) => node.properties.has(f.split(' ')[0]));
      if (instead !== undefined && !node.properties.has(n)) {
        others.push([n, instead]);
        continue;
      }
      const place = this.place([...path, n]);
      if (!this.push(place.pointer, `${place.label} is not a field here: remove it (allowed: ${allowed})`)) return false;
    }
    if (others.length > 0) {
      const { pointer, label } = this.place(path);
      const what = others.length === 1
        ? `"${others[0][0]}", which is not a field of this API: use ${others[0][1]}`
        : `${others.map(([n, use]) => `"${n}" (use ${use})`).join(', ')}, which are not fields of this API`;
      if (!this.push(pointer, `${label} has ${what} (allowed: ${allowed})`)) return false;
    }
    if (withheld.length === 0) return true;
    const { pointer, label } = this.place(path);
    const what = withheld.length === 1
      ? 'an unknown field (its name is withheld: it could be a pasted secret); remove it'
      : `${withheld.length} unknown fields (their names are withheld: any could be a pasted secret); remove them`;
    return this.push(pointer, `${label} has ${what} (allowed: ${allowed})`);
  }

  private push(pointer: string, detail: string): boolean {
    if (this.full) return false;
    // one entry per place: ajv may find two faults (a type and a `contains`) at one pointer
    if (!this.seen.has(pointer)) {
      this.seen.add(pointer);
      this.errors.push({ pointer, detail });
    }
    return !this.full;
  }
}
