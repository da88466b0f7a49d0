// JSON parsing that never holds the event loop for long: one scan in bounded slices finds the arrays
// at the paths it is told to split (a batch's /series, a tuning's /training/series: the lists of
// objects a body may hold tens of MiB of), their elements are parsed a slice's worth at a time, and
// what is left (the text with every such array emptied) is parsed last, so JSON.parse still judges
// the syntax around them. What is left must be small: a body whose other fields are larger than
// `maxOutside` characters is refused unparsed, since parsing it whole would hold the loop. Its input
// has passed the body pre-scan (src/server/body/prescan.ts), which bounds the depth, the values, the
// longest array and the members of any object.
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Characters scanned or parsed between two yields to the event loop. */
export const SLICE_CHARS = 1 << 18;

/** The text is not JSON (the message says roughly where). */
export class JsonSyntaxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

/** The text outside the split arrays is longer than the caller allows: it is not parsed. */
export class OutsideTooLargeError extends Error {
  constructor(readonly chars: number, readonly max: number) {
    super(`${chars} characters outside the split arrays, more than ${max}`);
    this.name = 'OutsideTooLargeError';
  }
}

/** What to split: member-name paths from the top-level object (e.g. [['series']]), and the most text allowed outside them. */
export interface SliceOptions {
  split: ReadonlyArray<readonly string[]>;
  maxOutside: number;
  /** Characters scanned or parsed between two yields (default SLICE_CHARS). */
  sliceChars?: number;
}

// the split paths as a tree of member names
interface PathNode {
  children: Map<string, PathNode>;
  split: boolean;
}

function pathTree(paths: ReadonlyArray<readonly string[]>): PathNode {
  const root: PathNode = { children: new Map(), split: false };
  for (const path of paths) {
    let node = root;
    for (const name of path) {
      let next = node.children.get(name);
      if (next === undefined) node.children.set(name, next = { children: new Map(), split: false });
      node = next;
    }
    node.split = true;
  }
  return root;
}

// one step from an object to one of its members' values
interface Step {
  parent: ObjectFrame;
  key: string;
  /** which of the values of that name this is: JSON.parse keeps the last */
  id: number;
}

// a split array, where it sits, and its content in groups of whole elements
interface Member {
  path: Step[];
  /** [start, end) of the text between its brackets */
  content: [number, number];
  /** [start, end) of each group of elements, about a slice long (one element may be longer) */
  groups: Array<[number, number]>;
}

// an object on the way to a split path: its names are read so its arrays can be put back
interface ObjectFrame {
  kind: 'object';
  node: PathNode;
  path: Step[];
  /** the id of the last value given to each name */
  last: Map<string, number>;
  key: string | null;
  expectKey: boolean;
  /** the id of the current member's value, given at its colon */
  valueId: number;
}

interface SplitFrame {
  kind: 'split';
  member: Member;
  groupStart: number;
}

// any other container, parsed whole by the skeleton or as part of an element
interface InnerFrame {
  kind: 'inner';
}

type Frame = ObjectFrame | SplitFrame | InnerFrame;
const INNER: InnerFrame = { kind: 'inner' };

const QUOTE = 0x22, BACKSLASH = 0x5c, COMMA = 0x2c, COLON = 0x3a;
const OPEN_OBJ = 0x7b, CLOSE_OBJ = 0x7d, OPEN_ARR = 0x5b, CLOSE_ARR = 0x5d;

function blank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new JsonSyntaxError((err as Error).message);
  }
}

// The closing quote of the string that opens at `open` (text.length when it is not closed): the next
// quote after an even run of backslashes, as each backslash escapes the one character after it.
// indexOf finds it far faster than a loop over the string's characters.
function stringEnd(text: string, open: number): number {
  for (let q = text.indexOf('"', open + 1); q >= 0; q = text.indexOf('"', q + 1)) {
    let k = q - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    if ((q - 1 - k) % 2 === 0) return q;
  }
  return text.length;
}

// the frame a container opening at `i` gets, below `top`
function opened(c: number, i: number, top: Frame | undefined, members: Member[], root: PathNode): Frame {
  if (top === undefined) return c === OPEN_OBJ ? { kind: 'object', node: root, path: [], last: new Map(), key: null, expectKey: true, valueId: 0 } : INNER;
  if (top.kind !== 'object' || top.key === null || top.expectKey) return INNER;
  const node = top.node.children.get(top.key);
  if (node === undefined) return INNER;
  const path = [...top.path, { parent: top, key: top.key, id: top.valueId }];
  if (c === OPEN_OBJ) return node.children.size > 0 ? { kind: 'object', node, path, last: new Map(), key: null, expectKey: true, valueId: 0 } : INNER;
  if (!node.split) return INNER;
  const member: Member = { path, content: [i + 1, -1], groups: [] };
  members.push(member);
  return { kind: 'split', member, groupStart: i + 1 };
}

// Finds the split arrays and their groups of elements.
async function scan(text: string, sliceChars: number, root: PathNode): Promise<Member[]> {
  const members: Member[] = [];
  const stack: Frame[] = [];
  let ids = 0;
  let nextYield = sliceChars;
  for (let i = 0; i < text.length; i++) {
    if (i >= nextYield) {
      await nextTurn();
      nextYield = i + sliceChars;
    }
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // a string is skipped whole: its characters cannot be structure
      const end = stringEnd(text, i);
      const top = stack.at(-1);
      if (end < text.length && top?.kind === 'object' && top.expectKey) top.key = String(parsed(text.slice(i, end + 1)));
      i = end;
    } else if (c === OPEN_OBJ || c === OPEN_ARR) {
      stack.push(opened(c, i, stack.at(-1), members, root));
    } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
      const top = stack.pop();
      if (top?.kind === 'split') {
        top.member.content[1] = i;
        top.member.groups.push([top.groupStart, i]);
      }
    } else if (c === COMMA) {
      const top = stack.at(-1);
      if (top?.kind === 'object') {
        top.expectKey = true;
        top.key = null;
      } else if (top?.kind === 'split' && i - top.groupStart >= sliceChars) {
        top.member.groups.push([top.groupStart, i]);
        top.groupStart = i + 1;
      }
    } else if (c === COLON) {
      const top = stack.at(-1);
      // every value gets an id here, a scalar too: a later scalar of the same name replaces an array
      if (top?.kind === 'object' && top.key !== null && top.expectKey) {
        top.expectKey = false;
        top.valueId = ++ids;
        top.last.set(top.key, top.valueId);
      }
    }
  }
  return members;
}

// the array is the one JSON.parse keeps when each step to it is the last value of its name
const kept = (m: Member) => m.path.every((s) => s.parent.last.get(s.key) === s.id);

// The elements of a split array's groups: each group is whole elements with the commas between
// them, so `[` + group + `]` is JSON exactly when those elements are; an empty group is an element
// missing between two commas, unless it is the whole of an empty array.
async function elementsOf(text: string, m: Member, budget: { left: number; slice: number }): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const [a, b] of m.groups) {
    if (blank(text, a, b)) {
      if (m.groups.length > 1) throw new JsonSyntaxError('an array holds an empty element');
      continue;
    }
    const group = parsed(`[${text.slice(a, b)}]`) as unknown[];
    for (const v of group) out.push(v);
    budget.left -= b - a;
    if (budget.left <= 0) {
      await nextTurn();
      budget.left = budget.slice;
    }
  }
  return out;
}

/**
 * JSON.parse's answer for `text`, computed in slices of about `sliceChars` with yields between;
 * throws JsonSyntaxError, or OutsideTooLargeError when the text outside the split arrays is longer
 * than `maxOutside` characters. A text that is not an object and longer than one slice is not
 * parsed and comes back as [] (a body must be an object, so it is refused whatever it holds).
 */
export async function parseJsonInSlices(text: string, options: SliceOptions): Promise<unknown> {
  const sliceChars = options.sliceChars ?? SLICE_CHARS;
  let start = 0;
  while (start < text.length && blank(text, start, start + 1)) start++;
  if (text.charCodeAt(start) !== OPEN_OBJ) {
    // only an object is split; a large body of another kind is refused by validation whatever it
    // holds, so it is not worth holding the event loop to parse it
    return text.length > sliceChars ? [] : parsed(text);
  }
  const members = await scan(text, sliceChars, pathTree(options.split));

  const pieces: string[] = [];
  let at = 0;
  let outside = 0;
  for (const m of members) {
    // an array never closed keeps its text: the skeleton's parse reports it
    if (m.content[1] < 0) continue;
    pieces.push(text.slice(at, m.content[0]));
    outside += m.content[0] - at;
    at = m.content[1];
  }
  pieces.push(text.slice(at));
  outside += text.length - at;
  if (outside > options.maxOutside) throw new OutsideTooLargeError(outside, options.maxOutside);
  const skeleton = parsed(pieces.join('')) as Record<string, unknown>;

  const budget = { left: sliceChars, slice: sliceChars };
  for (const m of members) {
    // a dropped duplicate's elements are parsed too: JSON.parse would refuse their syntax as well
    const elements = await elementsOf(text, m, budget);
    if (!kept(m)) continue;
    // JSON.parse makes every name an own property, "__proto__" too, so plain reads walk the path
    let into = skeleton;
    for (const s of m.path.slice(0, -1)) into = into[s.key] as Record<string, unknown>;
    // defined, not assigned: a member named "__proto__" must stay a plain member, as JSON.parse leaves it
    Object.defineProperty(into, m.path[m.path.length - 1].key, { value: elements, writable: true, enumerable: true, configurable: true });
  }
  return skeleton;
}
