// Reads a request body as UTF-8 text: gzip inflated off the event loop (zlib's thread pool), the
// size limit applied to the inflated bytes, and reading stopped the moment the limit is passed.
import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';
import type { Readable } from 'node:stream';
import { ApiError } from '../errors.js';

function tooLarge(limitBytes: number): ApiError {
  return new ApiError('REQUEST_INVALID',
    `the body is larger than ${limitBytes} bytes (after gzip inflation); send fewer series per request`,
    { status: 413, headers: { Connection: 'close' } });
}

/** The body of `req` as text, at most `limitBytes` once inflated; throws 400/413/415 REQUEST_INVALID. */
export async function readBodyText(req: IncomingMessage, limitBytes: number): Promise<string> {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip') {
    throw new ApiError('REQUEST_INVALID', 'send the body uncompressed or with "Content-Encoding: gzip"', { status: 415 });
  }
  const declared = Number(req.headers['content-length']);
  if (encoding === 'identity' && Number.isFinite(declared) && declared > limitBytes) throw tooLarge(limitBytes);

  const gunzip = encoding === 'identity' ? null : createGunzip();
  const source: Readable = gunzip ? req.pipe(gunzip) : req;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  let total = 0;
  try {
    // not destroyed on an early stop, so the 413 can still be written on this socket
    for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limitBytes) throw tooLarge(limitBytes);
      parts.push(decoder.decode(chunk, { stream: true }));
    }
    parts.push(decoder.decode());
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if (err instanceof TypeError) throw new ApiError('REQUEST_INVALID', 'the body is not valid UTF-8; send UTF-8 JSON', { status: 415, cause: err });
    if (gunzip !== null && (err as { code?: string }).code?.startsWith('Z_')) {
      throw new ApiError('REQUEST_INVALID', 'the body is not valid gzip; compress it with gzip or send it uncompressed', { cause: err });
    }
    throw new ApiError('REQUEST_INVALID', 'the body could not be read to its end; send it again', { cause: err });
  } finally {
    if (gunzip !== null) {
      req.unpipe(gunzip);
      gunzip.destroy();
    }
  }
  return parts.join('');
}
