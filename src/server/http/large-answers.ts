// A JSON answer too large to hand the socket at once (fitted values and many levels on a long
// series run to megabytes) is written in pieces as the caller reads them: the socket then never
// holds more than a piece or two unread, so the connection guard's unread-bytes bound only ever
// cuts a caller that has stopped reading, never one reading at an ordinary pace.
import { Readable, Stream } from 'node:stream';
import type { Middleware } from 'koa';
import { CHUNK_CHARS, jsonChunks, jsonSizeAtLeast } from './json-chunks.js';

/** Characters per piece for a guard that cuts a socket at `maxUnreadBytes` unread: a quarter of it, at most CHUNK_CHARS. */
export function answerChunkChars(maxUnreadBytes: number): number {
  return Math.max(1024, Math.min(CHUNK_CHARS, Math.floor(maxUnreadBytes / 4)));
}

/** Streams an object body of more than four pieces (`chunkChars` each) with backpressure; smaller ones keep their Content-Length. */
export function streamLargeAnswers(chunkChars: number): Middleware {
  const threshold = 4 * chunkChars;
  return async (ctx, next) => {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
    if (jsonSizeAtLeast(body, threshold) <= threshold) return;
    // one piece made ahead of the socket's demand: the text is built only as fast as it is read
    ctx.body = Readable.from(jsonChunks(body, chunkChars), { objectMode: true, highWaterMark: 1 });
  };
}
