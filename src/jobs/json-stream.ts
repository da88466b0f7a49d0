// A job's JSON body (the batch body) read as it arrives: its fields before `series` are parsed
// whole (they are small), then each element of `series` is cut out and parsed on its own, so the
// body is never held whole. The fields must come before `series` (as JSON.stringify and Python's
// json.dumps write an object built in that order): a field after it would change how every series
// already read is checked.
import { ApiError } from '../server/errors.js';

/** One thing the reader found. */
export type JsonBodyEvent =
  | { kind: 'field'; name: string; value: unknown }
  | { kind: 'series' }
  | { kind: 'item'; value: unknown } | { kind: 'bad-item'; index: number };

/** Longest one series' JSON text may be: 10,000 values with their dates and 50 regressors fit in a few MiB. */
export const MAX_ITEM_CHARS = 32 * 1024 * 1024;
/** Longest a field beside `series` may be (horizon, level, freq, …: a few characters each). */
const MAX_FIELD_CHARS = 64 * 1024;
/** Deepest a value may nest (a series with regressors nests 3 deep), so no nested bomb reaches JSON.parse. */
export const MAX_VALUE_DEPTH = 8;

const WS = new Set([' ', '\t', '\n', '\r']);

function refuse(detail: string, pointer = ''): ApiError {
  return new ApiError('REQUEST_INVALID', `the body is not the batch body: ${detail}`, { errors: [{ pointer, detail }] });
}

/** The events of a JSON batch body, from its text in pieces; throws REQUEST_INVALID where it stops being one. */
export async function* jsonBodyEvents(text: AsyncIterable<string>): AsyncGenerator<JsonBodyEvent> {
  type State = 'start' | 'key' | 'colon' | 'value' | 'open' | 'item' | 'after-item' | 'after-series' | 'done';
  let state: State = 'start';
  let key = '';
  let capture = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let needKey = false;
  let index = 0;
  let seenSeries = false;

  // the raw text of a value: strings and nesting followed, ends before the , ] or } that closes it
  const take = (c: string, most: number): boolean => {
    if (inString) {
      capture += c;
      if (escaped) escaped = false;
      else if (c === '\\') escaped = true;
      else if (c === '"') inString = false;
      return false;
    }
    if (depth === 0 && (c === ',' || c === '}' || c === ']')) return true;
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      depth += 1;
      if (depth > MAX_VALUE_DEPTH) throw refuse(`a value nests deeper than ${MAX_VALUE_DEPTH} levels`, state === 'item' ? `/series/${index}` : `/${key}`);
    } else if (c === '}' || c === ']') depth -= 1;
    capture += c;
    if (capture.length > most) throw refuse(`a value longer than ${most} characters`, state === 'item' ? `/series/${index}` : `/${key}`);
    return false;
  };

  for await (const piece of text) {
    for (let at = 0; at < piece.length; at++) {
      const c = piece[at];
      switch (state) {
        case 'start':
          if (WS.has(c)) continue;
          if (c !== '{') throw refuse('it must be a JSON object like {"horizon": 12, "series": [...]}');
          state = 'key';
          needKey = false;
          continue;
        case 'key':
          if (capture === '') {
            if (WS.has(c)) continue;
            if (c === '}' && !needKey) { state = 'done'; continue; }
            if (c !== '"') throw refuse('a member name must be a string');
            capture = c;
            continue;
          }
          // inside the member name, a JSON string
          capture += c;
          if (escaped) escaped = false;
          else if (c === '\\') escaped = true;
          else if (c === '"') {
            key = JSON.parse(capture) as string;
            capture = '';
            if (seenSeries) throw refuse('put every field before "series": a field after it would change how the series before it are checked');
            state = 'colon';
          }
          continue;
        case 'colon':
          if (WS.has(c)) continue;
          if (c !== ':') throw refuse('a member name must be followed by ":"');
          state = key === 'series' ? 'open' : 'value';
          continue;
        case 'value':
          if (capture === '' && WS.has(c)) continue;
          if (take(c, MAX_FIELD_CHARS)) {
            let value: unknown;
            try {
              value = JSON.parse(capture);
            } catch {
              throw refuse('a field is not valid JSON');
            }
            yield { kind: 'field', name: key, value };
            capture = '';
            if (c === ']') throw refuse('an unexpected "]"');
            state = c === '}' ? 'done' : 'key';
            needKey = c === ',';
          }
          continue;
        case 'open':
          if (WS.has(c)) continue;
          if (c !== '[') throw refuse('series must be an array of series objects', '/series');
          seenSeries = true;
          yield { kind: 'series' };
          state = 'item';
          continue;
        case 'item':
          if (capture === '' && WS.has(c)) continue;
          if (capture === '' && c === ']' && index === 0) { state = 'after-series'; continue; }
          if (take(c, MAX_ITEM_CHARS)) {
            let value: unknown;
            let ok = true;
            try {
              value = JSON.parse(capture);
            } catch {
              ok = false;
            }
            yield ok ? { kind: 'item', value } : { kind: 'bad-item', index };
            index += 1;
            capture = '';
            if (c === '}') throw refuse('an unexpected "}" in series', '/series');
            state = c === ']' ? 'after-series' : 'item';
          }
          continue;
        case 'after-series':
          if (WS.has(c)) continue;
          if (c === '}') { state = 'done'; continue; }
          if (c === ',') { state = 'key'; needKey = true; continue; }
          throw refuse('series must be followed by "}"');
        case 'done':
          if (WS.has(c)) continue;
          throw refuse('text after the object\'s end');
      }
    }
  }
  if (state !== 'done') throw refuse('the body ended before its object did');
  if (!seenSeries) throw refuse('series is required: an array of objects like {"id": "a", "values": [1, 2, 3]}', '/series');
}
