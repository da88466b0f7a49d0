// A large answer as JSON text in pieces, so it can be written as fast as the caller reads it
// instead of being built as one string and handed to the socket at once (where the connection
// guard would count every byte of it as unread). The pieces join to exactly JSON.stringify's text.

/** Characters per piece unless told otherwise. */
export const CHUNK_CHARS = 64 * 1024;

interface Sink { text: string }

// JSON.stringify's text of a value that is not an object (undefined and functions: undefined)
function scalar(x: unknown): string | undefined {
  // the hot case, numbers in long arrays: their JSON text is their string, or null when not finite
  if (typeof x === 'number') return Number.isFinite(x) ? String(x) : 'null';
  return JSON.stringify(x);
}

function* value(input: unknown, key: string, sink: Sink, size: number): Generator<string, boolean> {
  let x = input;
  // dates and the like: what their toJSON answers is written, as JSON.stringify does
  if (x !== null && typeof x === 'object' && typeof (x as { toJSON?: unknown }).toJSON === 'function') x = (x as { toJSON(k: string): unknown }).toJSON(key);
  if (x === null || typeof x !== 'object') {
    const text = scalar(x);
    if (text === undefined) return false;
    sink.text += text;
    return true;
  }
  if (Array.isArray(x)) {
    sink.text += '[';
    for (let i = 0; i < x.length; i++) {
      if (i > 0) sink.text += ',';
      const item: unknown = x[i];
      if (typeof item === 'number') sink.text += Number.isFinite(item) ? String(item) : 'null';
      else if (!(yield* value(item, String(i), sink, size))) sink.text += 'null';
      if (sink.text.length >= size) {
        yield sink.text;
        sink.text = '';
      }
    }
    sink.text += ']';
    return true;
  }
  sink.text += '{';
  let first = true;
  for (const k of Object.keys(x)) {
    const item: unknown = (x as Record<string, unknown>)[k];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    const mark = sink.text.length;
    sink.text += `${first ? '' : ','}${JSON.stringify(k)}:`;
    // a toJSON that answers undefined drops its key, as JSON.stringify does
    if (!(yield* value(item, k, sink, size))) {
      sink.text = sink.text.slice(0, mark);
      continue;
    }
    first = false;
    if (sink.text.length >= size) {
      yield sink.text;
      sink.text = '';
    }
  }
  sink.text += '}';
  return true;
}

/**
 * The JSON text of `x` (a plain JSON-like value) in pieces of about `size` characters (one piece
 * for a small value); the pieces joined are JSON.stringify(x). Throws where JSON.stringify does.
 */
export function* jsonChunks(x: unknown, size = CHUNK_CHARS): Generator<string> {
  const sink: Sink = { text: '' };
  if (!(yield* value(x, '', sink, size))) throw new TypeError('the value has no JSON text');
  if (sink.text !== '') yield sink.text;
}

/**
 * At least how many characters JSON.stringify(x) writes, counted only until `limit` is passed (so
 * a small answer costs a glance): every number, true, false and null as one character.
 */
export function jsonSizeAtLeast(x: unknown, limit: number): number {
  let total = 0;
  const stack: unknown[] = [x];
  while (stack.length > 0 && total <= limit) {
    const v = stack.pop();
    if (typeof v === 'string') total += v.length + 2;
    else if (Array.isArray(v)) {
      // brackets and commas; each element at least one character (undefined is written null)
      total += v.length === 0 ? 2 : 2 * v.length + 1;
      for (const item of v) if (typeof item === 'string' || (item !== null && typeof item === 'object')) { stack.push(item); total -= 1; }
    } else if (v !== null && typeof v === 'object') {
      let entries = 0;
      for (const k in v) {
        if (!Object.hasOwn(v, k)) continue;
        const item: unknown = (v as Record<string, unknown>)[k];
        if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
        entries += 1;
        total += k.length + 3;
        if (typeof item === 'string' || (item !== null && typeof item === 'object')) stack.push(item);
        else total += 1;
      }
      total += entries === 0 ? 2 : entries + 1;
    } else total += 1;
  }
  return total;
}
