// A job's upload as it arrives: inflated when gzip, counted against the upload bound, read only as
// fast as the reader takes it (the request is paused while a chunk is being stored), never whole.
import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { ApiError } from '../server/errors.js';

/** The upload's bytes in order; throws REQUEST_INVALID (413 over `maxBytes`, 415 for an unknown encoding, 400 for bad gzip). */
export async function* uploadBytes(req: IncomingMessage, maxBytes: number): AsyncGenerator<Buffer> {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip') {
    throw new ApiError('REQUEST_INVALID', 'Content-Encoding must be gzip or absent', { status: 415 });
  }
  const declared = Number(req.headers['content-length']);
  if (encoding === 'identity' && Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const source: Readable = encoding === 'identity' ? req : req.pipe(createGunzip());
  if (source !== req) req.on('error', (err) => source.destroy(err));
  let seen = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      seen += chunk.length;
      if (seen > maxBytes) throw tooLarge(maxBytes);
      yield chunk;
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    const code = (err as { code?: string }).code ?? '';
    if (code.startsWith('Z_')) throw new ApiError('REQUEST_INVALID', 'the gzip body could not be inflated; send valid gzip or an uncompressed body', { cause: err });
    throw new ApiError('REQUEST_INVALID', 'the body ended before it was complete; send it again', { cause: err });
  } finally {
    if (source !== req) source.destroy();
  }
  if (!req.complete) throw new ApiError('REQUEST_INVALID', 'the body ended before it was complete; send it again');
}

function tooLarge(maxBytes: number): ApiError {
  return new ApiError('REQUEST_INVALID', `the upload is larger than ${maxBytes} bytes (after decompression); split the job`, { status: 413 });
}

/** The lines of a byte stream (UTF-8, `\n` or `\r\n`), each with its line number from 1; a line longer than `maxChars` is refused. */
export async function* textLines(bytes: AsyncIterable<Buffer>, maxChars = Infinity): AsyncGenerator<{ line: number; text: string }> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let rest = '';
  let line = 0;
  try {
    for await (const chunk of bytes) {
      rest += decoder.decode(chunk, { stream: true });
      let at: number;
      while ((at = rest.indexOf('\n')) >= 0) {
        const text = rest.slice(0, at);
        rest = rest.slice(at + 1);
        line += 1;
        yield { line, text: text.endsWith('\r') ? text.slice(0, -1) : text };
      }
      if (rest.length > maxChars) throw new ApiError('REQUEST_INVALID', `line ${line + 1} is longer than ${maxChars} characters: one series a line`, { errors: [{ pointer: `line ${line + 1}`, detail: 'line too long' }] });
    }
    rest += decoder.decode();
  } catch (err) {
    if (err instanceof TypeError) throw new ApiError('REQUEST_INVALID', `line ${line + 1} is not valid UTF-8; send the body as UTF-8`, { errors: [{ pointer: `line ${line + 1}`, detail: 'not valid UTF-8' }] });
    throw err;
  }
  if (rest !== '') yield { line: line + 1, text: rest };
}

/** The text of a byte stream (UTF-8), a piece per chunk. */
export async function* textPieces(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of bytes) yield decoder.decode(chunk, { stream: true });
    const rest = decoder.decode();
    if (rest !== '') yield rest;
  } catch (err) {
    if (err instanceof TypeError) throw new ApiError('REQUEST_INVALID', 'the body is not valid UTF-8; send it as UTF-8', { errors: [{ pointer: '', detail: 'not valid UTF-8' }] });
    throw err;
  }
}

/** How deep `text` (JSON) nests, outside its strings: read before JSON.parse, so a nested bomb never reaches it. */
export function jsonDepth(text: string): number {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) most = Math.max(most, ++depth);
    else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return most;
}
