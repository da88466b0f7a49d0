// Reads a request body as bytes with hard bounds: a size limit on what arrives and on what it
// inflates to, and a ratio guard so a small gzip bomb is refused before it is inflated in full.
import type { IncomingMessage } from 'node:http';
import { createGunzip } from 'node:zlib';

export interface ReadBodyLimits {
  /** Most bytes of body after inflation (and before, for an uncompressed body). */
  maxBytes: number;
  /** Largest inflated/compressed size ratio accepted for a gzip body. */
  maxGzipRatio: number;
  /** Sees each (inflated) chunk as it arrives; a non-null return refuses the body at once. */
  inspect?: (chunk: Buffer) => Error | null;
}

/** Why a body could not be read; `status` is the HTTP status the API gives it (docs/api.md). */
export class BodyReadError extends Error {
  constructor(readonly status: 400 | 413 | 415, readonly reason: 'too-large' | 'ratio' | 'encoding' | 'gzip' | 'aborted' | 'inspected', readonly inspected?: Error) {
    super(`body refused: ${reason}`);
    this.name = 'BodyReadError';
  }
}

/** The body of `req` (inflated when gzip), or a BodyReadError; on refusal the rest is left unread (close the connection). */
export function readBody(req: IncomingMessage, limits: ReadBodyLimits): Promise<Buffer> {
  const encoding = String(req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding !== 'identity' && encoding !== 'gzip' && encoding !== 'x-gzip') return Promise.reject(new BodyReadError(415, 'encoding'));
  const declared = Number(req.headers['content-length']);
  if (encoding === 'identity' && Number.isFinite(declared) && declared > limits.maxBytes) {
    return Promise.reject(new BodyReadError(413, 'too-large'));
  }
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let raw = 0;
    let inflated = 0;
    let settled = false;
    const gunzip = encoding === 'identity' ? null : createGunzip();
    const fail = (err: BodyReadError) => {
      if (settled) return;
      settled = true;
      gunzip?.destroy();
      // the rest of the body is not wanted: stop reading it; the answer closes the connection
      req.removeAllListeners('data');
      req.pause();
      reject(err);
    };
    const take = (chunk: Buffer) => {
      if (settled) return;
      inflated += chunk.length;
      if (inflated > limits.maxBytes) return fail(new BodyReadError(413, 'too-large'));
      if (gunzip && raw > 0 && inflated / raw > limits.maxGzipRatio && inflated > 64 * 1024) return fail(new BodyReadError(413, 'ratio'));
      const refused = limits.inspect?.(chunk) ?? null;
      if (refused !== null) return fail(new BodyReadError(400, 'inspected', refused));
      chunks.push(chunk);
    };
    const done = () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, inflated));
    };
    req.on('aborted', () => fail(new BodyReadError(400, 'aborted')));
    req.on('error', () => fail(new BodyReadError(400, 'aborted')));
    // a socket closed mid-body (by the client, or by the connection guard) ends the wait here
    req.on('close', () => { if (!req.complete) fail(new BodyReadError(400, 'aborted')); });
    if (gunzip) {
      req.on('data', (chunk: Buffer) => {
        raw += chunk.length;
        if (raw > limits.maxBytes) return fail(new BodyReadError(413, 'too-large'));
        if (!settled) gunzip.write(chunk);
      });
      req.on('end', () => { if (!settled) gunzip.end(); });
      gunzip.on('data', take);
      gunzip.on('end', done);
      gunzip.on('error', () => fail(new BodyReadError(400, 'gzip')));
    } else {
      req.on('data', (chunk: Buffer) => { raw += chunk.length; take(chunk); });
      req.on('end', done);
    }
  });
}
