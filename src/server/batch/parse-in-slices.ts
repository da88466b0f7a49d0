// JSON parsing that never holds the event loop for long: one scan in bounded slices finds the
// elements of the top-level object's arrays, each element is parsed alone, and what is left (the
// object with every such element replaced by 0) is parsed last, so JSON.parse still judges syntax.
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

interface Member {
  key: string;
  /** [start, end) of each element when the member's value is an array; null otherwise. */
  spans: Array<[number, number]> | null;
}

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

// Finds the top-level members and, for array values, their element spans.
async function scan(text: string, sliceChars: number): Promise<Member[]> {
  const members: Member[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let expectKey = false;
  let key: string | null = null;
  let member: Member | null = null;
  let elementStart = -1;
  for (let i = 0; i < text.length; i++) {
    if (i % sliceChars === 0 && i > 0) await nextTurn();
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
      else if (c === QUOTE) {
        inString = false;
        if (depth === 1 && expectKey) key = String(parsed(text.slice(stringStart, i + 1)));
      }
      continue;
    }
    if (c === QUOTE) {
      inString = true;
      stringStart = i;
    } else if (c === OPEN_OBJ || c === OPEN_ARR) {
      depth += 1;
      if (depth === 1) expectKey = true;
      else if (depth === 2 && key !== null) {
        member = { key, spans: c === OPEN_ARR ? [] : null };
        members.push(member);
        key = null;
        if (c === OPEN_ARR) elementStart = i + 1;
      }
    } else if (c === CLOSE_OBJ || c === CLOSE_ARR) {
      if (depth === 2 && member?.spans && elementStart >= 0 && !(member.spans.length === 0 && blank(text, elementStart, i))) {
        member.spans.push([elementStart, i]);
      }
      if (depth === 2) {
        member = null;
        elementStart = -1;
      }
      depth -= 1;
    } else if (c === COMMA) {
      if (depth === 1) expectKey = true;
      else if (depth === 2 && member?.spans) {
        member.spans.push([elementStart, i]);
        elementStart = i + 1;
      }
    } else if (c === COLON && depth === 1) {
      expectKey = false;
      // a scalar value: the member exists but has no elements to split
      if (key !== null) {
        let j = i + 1;
        while (j < text.length && blank(text, j, j + 1)) j++;
        const v = text.charCodeAt(j);
        if (v !== OPEN_ARR && v !== OPEN_OBJ) {
          members.push({ key, spans: null });
          key = null;
        }
      }
    }
  }
  return members;
}

/**
 * JSON.parse's answer for `text`, computed in slices of about `sliceChars` with yields between;
 * throws JsonSyntaxError. A text that is not an object and longer than one slice is not parsed and
 * comes back as [] (a batch body must be an object, so it is refused whatever it holds).
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

  // the last member of a name wins, as in JSON.parse
  const last = new Map<string, Member>();
  for (const m of members) last.set(m.key, m);
  const pieces: string[] = [];
  let at = 0;
  for (const m of members) {
    if (!m.spans) continue;
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
    if (!m.spans) continue;
    for (const [a, b] of m.spans) {
      // an element of blanks only is a syntax error the skeleton parse has already reported
      elements.push(parsed(text.slice(a, b)));
      budget -= b - a;
      if (budget <= 0) {
        await nextTurn();
        budget = sliceChars;
      }
    }
    // defined, not assigned: a member named "__proto__" must stay a plain member, as JSON.parse leaves it
    if (last.get(m.key) === m) Object.defineProperty(skeleton, m.key, { value: elements, writable: true, enumerable: true, configurable: true });
  }
  return skeleton;
}
