// A bare HTTP/1.1 client over net: sends exactly the bytes given (malformed ones included) and
// reads back every response until the server closes, so the drills see what a socket sees.
import { connect } from 'node:net';
import { recordResponse } from '../support/secret-scan.js';

export interface RawResponse {
  status: number;
  headers: Headers;
  body: string;
}

export interface RawOutcome {
  responses: RawResponse[];
  /** The connection was reset (ECONNRESET/EPIPE) rather than closed after an answer. */
  reset: boolean;
  /** Raw bytes received, for scanning. */
  raw: string;
  /** Milliseconds from the last byte written to the first byte answered (NaN when none came). */
  firstByteMs: number;
}

function parseResponses(data: Buffer): RawResponse[] {
  const out: RawResponse[] = [];
  let at = 0;
  while (at < data.length) {
    const headEnd = data.indexOf('\r\n\r\n', at);
    if (headEnd < 0) break;
    const head = data.subarray(at, headEnd).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0])?.[1] ?? 0);
    const headers = new Headers();
    for (const line of head.slice(1)) {
      const i = line.indexOf(':');
      if (i > 0) {
        try { headers.append(line.slice(0, i).trim(), line.slice(i + 1).trim()); } catch { /* odd header: skip */ }
      }
    }
    let bodyStart = headEnd + 4;
    let body: Buffer;
    if (/chunked/i.test(headers.get('transfer-encoding') ?? '')) {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = data.indexOf('\r\n', bodyStart);
        if (lineEnd < 0) { bodyStart = data.length; break; }
        const size = parseInt(data.subarray(bodyStart, lineEnd).toString('latin1'), 16);
        bodyStart = lineEnd + 2;
        if (!(size > 0)) { bodyStart += 2; break; }
        parts.push(data.subarray(bodyStart, bodyStart + size));
        bodyStart += size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers.get('content-length') ?? 0);
      body = data.subarray(bodyStart, bodyStart + length);
      bodyStart += length;
    }
    out.push({ status, headers, body: body.toString('utf8') });
    at = bodyStart;
  }
  return out;
}

/** Writes `bytes` to host:port (ending the write side only with `halfClose`), collects what comes back within `timeoutMs`. */
export function rawExchange(url: string, bytes: Buffer | string, options: { timeoutMs?: number; halfClose?: boolean } = {}): Promise<RawOutcome> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let reset = false;
    let sentAt = NaN;
    let firstAt = NaN;
    const socket = connect({ host: hostname, port: Number(port) });
    const finish = () => {
      clearTimeout(timer);
      const data = Buffer.concat(chunks);
      const responses = parseResponses(data);
      for (const r of responses) recordResponse(url, r.headers, r.body, r.status);
      resolve({ responses, reset, raw: data.toString('latin1'), firstByteMs: firstAt - sentAt });
    };
    const timer = setTimeout(() => { socket.destroy(); }, options.timeoutMs ?? 15_000);
    socket.on('data', (c: Buffer) => {
      if (chunks.length === 0) firstAt = performance.now();
      chunks.push(c);
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') reset = true;
    });
    socket.on('close', finish);
    // no half-close: Node's server aborts a request whose client ends its side before the answer
    socket.write(bytes, () => {
      sentAt = performance.now();
      if (options.halfClose) socket.end();
    });
  });
}

/** One request's bytes: request line, headers (in order, duplicates allowed; `Host: 127.0.0.1` unless one is given) and body. */
export function requestBytes(method: string, path: string, headers: Array<[string, string]>, body?: Buffer | string): Buffer {
  const b = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  const host = headers.some(([k]) => /^host$/i.test(k)) ? [] : ['Host: 127.0.0.1'];
  const lines = [`${method} ${path} HTTP/1.1`, ...host, ...headers.map(([k, v]) => `${k}: ${v}`)];
  if (body !== undefined && !headers.some(([k]) => /^(content-length|transfer-encoding)$/i.test(k))) lines.push(`Content-Length: ${b.length}`);
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), b]);
}
