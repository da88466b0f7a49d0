// Reads a JSON body: bounded read (gzip inflated with a size and ratio bound), strict UTF-8, the
// shape pre-scan on the bytes as they arrive, then JSON.parse (or, for bodies large enough to hold
// the event loop, the parser in slices). Every request body of every route is read here.
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Context } from 'koa';
import { JsonSyntaxError, OutsideTooLargeError, parseJsonInSlices, SLICE_CHARS, type SliceOptions } from '../batch/parse-in-slices.js';
import { ApiError } from '../errors.js';
import { JsonPrescan, type PrescanLimits, type PrescanVerdict } from './prescan.js';
import { BodyReadError, readBody } from './read-body.js';

export interface JsonBodyLimits extends PrescanLimits {
  maxBytes: number;
  /** Largest gzip inflation ratio accepted (default 200). */
  maxGzipRatio?: number;
  /** Decode and parse in bounded slices, yielding to the event loop between them (for bodies of many MiB): the lists to split, and the most text allowed outside them. */
  inSlices?: Omit<SliceOptions, 'sliceChars'>;
}

/** A pre-scan refusal of a container (an array too long, an object too crowded): the route's formatter says where. */
export type ContainerRefusal = Extract<PrescanVerdict, { reason: 'array' | 'members' }>;

/** How a route words what the reader refuses. */
export interface JsonBodyWords {
  /** What the body must be, e.g. 'a JSON object like {"series": [1, 2, 3], "horizon": 2}'. */
  rule: string;
  /** The error for a container the pre-scan refused. */
  container(refusal: ContainerRefusal): ApiError;
}

function shapeRefusal(verdict: PrescanVerdict, limits: JsonBodyLimits, words: JsonBodyWords): ApiError {
  if (verdict.ok) throw new Error('shapeRefusal needs a refusal');
  switch (verdict.reason) {
    case 'depth': return new ApiError('REQUEST_INVALID', `the body nests deeper than ${limits.maxDepth} levels; send ${words.rule}`);
    case 'elements': return new ApiError('REQUEST_INVALID', `the body holds more than ${limits.maxElements} values; send fewer or shorter series`);
    case 'not-object': return new ApiError('REQUEST_INVALID', `the body must be ${words.rule}`,
      { errors: [{ pointer: '', detail: `the body must be ${words.rule}` }] });
    default: return words.container(verdict);
  }
}

function refusal(err: BodyReadError, maxBytes: number): ApiError {
  if (err.inspected instanceof ApiError) return err.inspected;
  switch (err.reason) {
    case 'too-large': return new ApiError('REQUEST_INVALID', `the body is larger than ${maxBytes} bytes (after decompression); send a smaller one`, { status: 413 });
    case 'ratio': return new ApiError('REQUEST_INVALID', 'the gzip body inflates too far for its size; send it uncompressed or less repetitive', { status: 413 });
    case 'encoding': return new ApiError('REQUEST_INVALID', 'Content-Encoding must be gzip or absent', { status: 415 });
    case 'gzip': return new ApiError('REQUEST_INVALID', 'the gzip body could not be inflated; send valid gzip or an uncompressed body');
    default: return new ApiError('REQUEST_INVALID', 'the body ended before it was complete; send it again');
  }
}

// The text of `bytes` as one TextDecoder call gives it (a BOM dropped, bad UTF-8 a TypeError), a slice at a time.
async function decodeInSlices(bytes: Buffer): Promise<string> {
  // one decoder per body: its state spans the yields, where another request may decode
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += SLICE_CHARS) {
    if (at > 0) await nextTurn();
    parts.push(decoder.decode(bytes.subarray(at, at + SLICE_CHARS), { stream: true }));
  }
  parts.push(decoder.decode());
  return parts.join('');
}

// one decoder for every whole body: a call without `stream` keeps no state between bodies
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const notUtf8 = () => new ApiError('REQUEST_INVALID', 'the body is not valid UTF-8; send UTF-8 JSON');
const notJson = (words: JsonBodyWords) => new ApiError('REQUEST_INVALID', `the body is not valid JSON; send ${words.rule}`);

async function parseInSlices(bytes: Buffer, options: Omit<SliceOptions, 'sliceChars'>, words: JsonBodyWords): Promise<unknown> {
  let text: string;
  try {
    text = await decodeInSlices(bytes);
  } catch {
    throw notUtf8();
  }
  try {
    return await parseJsonInSlices(text, options);
  } catch (err) {
    if (err instanceof OutsideTooLargeError) {
      throw new ApiError('REQUEST_INVALID', `the body holds ${err.chars} characters outside its ${options.split.map((p) => p.join('/')).join(' and ')}, more than its other fields can need (${err.max}): remove what is not a field of this request`);
    }
    if (!(err instanceof JsonSyntaxError)) throw err;
    throw notJson(words);
  }
}

/** The JSON object body of `ctx` within `limits`; anything else is REQUEST_INVALID (400/413/415), worded by `words`. */
export async function readJsonBody(ctx: Context, limits: JsonBodyLimits, words: JsonBodyWords): Promise<unknown> {
  if (!ctx.is('application/json')) {
    throw new ApiError('REQUEST_INVALID', 'send the body as JSON with "Content-Type: application/json"', { status: 415 });
  }
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(ctx.get('Content-Type'))?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError('REQUEST_INVALID', 'send the body as UTF-8 JSON', { status: 415 });
  }
  const scan = new JsonPrescan(limits);
  let bytes: Buffer;
  try {
    bytes = await readBody(ctx.req, {
      maxBytes: limits.maxBytes,
      maxGzipRatio: limits.maxGzipRatio ?? 200,
      // the shape is checked as the bytes arrive: a flood of deep or huge bodies is cut off early
      inspect: (chunk) => {
        const v = scan.feed(chunk);
        return v.ok ? null : shapeRefusal(v, limits, words);
      },
    });
  } catch (err) {
    if (err instanceof BodyReadError) {
      // the body was left unread: this connection cannot carry another request
      ctx.set('Connection', 'close');
      throw refusal(err, limits.maxBytes);
    }
    throw err;
  }
  const shape = scan.end();
  if (!shape.ok) throw shapeRefusal(shape, limits, words);
  if (limits.inSlices !== undefined) return parseInSlices(bytes, limits.inSlices, words);
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw notUtf8();
  }
  try {
    return JSON.parse(text);
  } catch {
    throw notJson(words);
  }
}
