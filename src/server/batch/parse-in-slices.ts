// JSON parsing that never holds the event loop for long: one scan in bounded slices finds the
// elements of every array reached from the top-level object through objects' members only (a
// batch's /series, a tuning's /training/series), each element is parsed alone, and what is left
// (the text with every such element replaced by 0) is parsed last, so JSON.parse still judges syntax.
// Its input has passed the body pre-scan (src/server/body/prescan.ts), which bounds the depth, the
// values, the longest array and the members of any object.
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

// one step from an object to one of its members' values
interface Step {
  parent: ObjectFrame;
  key: string;
  /** which of the values of that name this is: JSON.parse keeps the last */
  id: number;
}

// an array whose elements are parsed one by one, and where it sits
interface Member {
  path: Step[];
  /** [start, end) of each element */
  spans: Array<[number, number]>;
}

// an object reached through objects' members only: its names are read so its arrays can be put back
interface ObjectFrame {
  kind: 'object';
  path: Step[];
  /** the id of the last value given to each name */
  last: Map<string, number>;
  key: string | null;
  expectKey: boolean;
  /** the id of the current member's value, given at its colon */
  valueId: number;
}

interface ArrayFrame {
  kind: 'array';
  member: Member;
  elementStart: number;
}

// a container inside an element, which is parsed whole
interface InnerFrame {
  kind: 'inner';
}

// null: a container below a scalar position the scan does not follow (cannot happen in valid JSON)
type Frame = ObjectFrame | ArrayFrame | InnerFrame | null;
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

// Finds the arrays to split and their element spans.
async function scan(text: string, sliceChars: number): Promise<Member[]> {
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
      const top = stack.at(-1);
      let frame: Frame = null;
      if (stack.length === 0) {
        if (c === OPEN_OBJ) frame = { kind: 'object', path: [], last: new Map(), key: null, expectKey: true, valueId: 0 };
      } else if (top?.kind === 'array' || top?.kind === 'inner') {
        frame = INNER;
      } else if (top?.kind === 'object' && top.key !== null && !top.expectKey) {
        const path = [...top.path, { parent: top, key: top.key, id: top.valueId }];
        if (c === OPEN_OBJ) frame = { kind: 'object', path, last: new Map(), key: null, expectKey: true, valueId: 0 };
        else {
          const member: Member = { path, spans: [] };
          members.push(member);
          frame = { kind: 'array', member, elementStart: i + 1 };
        }
      }
      stack.push(frame);
    } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
      const top = stack.pop();
      if (top?.kind === 'array' && !(top.member.spans.length === 0 && blank(text, top.elementStart, i))) {
        top.member.spans.push([top.elementStart, i]);
      }
    } else if (c === COMMA) {
      const top = stack.at(-1);
      if (top?.kind === 'object') {
        top.expectKey = true;
        top.key = null;
      } else if (top?.kind === 'array') {
        top.member.spans.push([top.elementStart, i]);
        top.elementStart = i + 1;
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

/**
 * JSON.parse's answer for `text`, computed in slices of about `sliceChars` with yields between;
 * throws JsonSyntaxError. A text that is not an object and longer than
 * one slice is not parsed and comes back as [] (a batch body must be an object, so it is refused
 * whatever it holds).
 */
export async function parseJsonInSlices(text: string, sliceChars = SLICE_CHARS): Promise<unknown> {
  let start = 0;
  while (start < text.length && blank(text, start, start + 1)) start++;
  if (text.charCodeAt(start) !== OPEN_OBJ) {
    // only an object is split; a large body of another kind is refused by validation whatever it
    // holds, so it is not worth holding the event loop to parse it
    return text.length > sliceChars ? [] : parsed(text);
  }
  const members = await scan(text, sliceChars);

  const pieces: string[] = [];
  let at = 0;
  for (const m of members) {
    for (const [a, b] of m.spans) {
      if (blank(text, a, b)) continue;
      pieces.push(text.slice(at, a), '0');
      at = b;
    }
  }
  pieces.push(text.slice(at));
  const skeleton = parsed(pieces.join('')) as Record<string, unknown>;

  let budget = sliceChars;
  for (const m of members) {
    const elements: unknown[] = [];
    for (const [a, b] of m.spans) {
      // an element of blanks only is a syntax error the skeleton parse has already reported
      elements.push(parsed(text.slice(a, b)));
      budget -= b - a;
      if (budget <= 0) {
        await nextTurn();
        budget = sliceChars;
      }
    }
    if (!kept(m)) continue;
    // JSON.parse makes every name an own property, "__proto__" too, so plain reads walk the path
    let into = skeleton;
    for (const s of m.path.slice(0, -1)) into = into[s.key] as Record<string, unknown>;
    // defined, not assigned: a member named "__proto__" must stay a plain member, as JSON.parse leaves it
    Object.defineProperty(into, m.path[m.path.length - 1].key, { value: elements, writable: true, enumerable: true, configurable: true });
  }
  return skeleton;
}
