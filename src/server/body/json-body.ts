// The JSON body middleware: bounded read, strict UTF-8, a shape pre-scan, then JSON.parse (or, for
// bodies large enough to hold the event loop, the batch route's parser in slices).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Middleware } from 'koa';
import { CrowdedObjectError, JsonSyntaxError, parseJsonInSlices, SLICE_CHARS } from '../batch/parse-in-slices.js';
import { crowdedError } from '../crowded-object.js';
import { ApiError, invalidRequest } from '../errors.js';
import { JsonPrescan, type PrescanLimits, type PrescanVerdict } from './prescan.js';
import { BodyReadError, readBody } from './read-body.js';

declare module 'koa' {
  interface Request {
    /** The parsed JSON body, set by jsonBody. */
    body?: unknown;
  }
}

export interface JsonBodyLimits extends PrescanLimits {
  maxBytes: number;
  /** Largest gzip inflation ratio accepted (default 200). */
  maxGzipRatio?: number;
  /** Decode and parse in bounded slices, yielding to the event loop between them (for bodies of many MiB). */
  inSlices?: boolean;
}

const EXAMPLE = 'send an object like {"series": [1, 2, 3], "horizon": 2}';

function shapeRefusal(verdict: PrescanVerdict, limits: JsonBodyLimits): ApiError {
  if (verdict.ok) throw new Error('shapeRefusal needs a refusal');
  if (verdict.reason === 'depth') return new ApiError('REQUEST_INVALID', `the body nests deeper than ${limits.maxDepth} levels; ${EXAMPLE}`);
  if (verdict.reason === 'elements') return new ApiError('REQUEST_INVALID', `the body holds more than ${limits.maxElements} values; send a shorter series`);
  return new ApiError('REQUEST_INVALID', `the body must be a JSON object; ${EXAMPLE}`,
    { errors: [{ pointer: '', detail: 'the body must be a JSON object' }] });
}

function refusal(err: BodyReadError, maxBytes: number): ApiError {
  if (err.inspected instanceof ApiError) return err.inspected;
  switch (err.reason) {
    case 'too-large': return new ApiError('REQUEST_INVALID', `the body is larger than ${maxBytes} bytes (after decompression); send a shorter series`, { status: 413 });
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

async function parseInSlices(bytes: Buffer): Promise<unknown> {
  let text: string;
  try {
    text = await decodeInSlices(bytes);
  } catch {
    throw new ApiError('REQUEST_INVALID', 'the body is not valid UTF-8; send UTF-8 JSON');
  }
  try {
    return await parseJsonInSlices(text);
  } catch (err) {
    if (err instanceof CrowdedObjectError) throw invalidRequest([crowdedError(err.pointer)]);
    if (!(err instanceof JsonSyntaxError)) throw err;
    throw new ApiError('REQUEST_INVALID', `the body is not valid JSON; ${EXAMPLE}`);
  }
}

/** Parses a JSON object body within `limits` into ctx.request.body; anything else is REQUEST_INVALID (400/413/415). */
export function jsonBody(limits: JsonBodyLimits): Middleware {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  return async (ctx, next) => {
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
          return v.ok ? null : shapeRefusal(v, limits);
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
    if (!shape.ok) throw shapeRefusal(shape, limits);
    if (limits.inSlices) {
      ctx.request.body = await parseInSlices(bytes);
      await next();
      return;
    }
    let text: string;
    try {
      text = decoder.decode(bytes);
    } catch {
      throw new ApiError('REQUEST_INVALID', 'the body is not valid UTF-8; send UTF-8 JSON');
    }
    try {
      ctx.request.body = JSON.parse(text);
    } catch {
      throw new ApiError('REQUEST_INVALID', `the body is not valid JSON; ${EXAMPLE}`);
    }
    await next();
  };
}
