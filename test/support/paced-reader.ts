// A caller that reads an answer at a steady pace, as a client on an ordinary link does: it pauses
// whenever it is ahead of `bytesPerSecond`, so the server's buffer fills only as fast as that allows.
import { request, type IncomingHttpHeaders } from 'node:http';

export interface PacedAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The answer ended as HTTP says it should (Content-Length reached, or the last chunk of a chunked body). */
  whole: boolean;
  ms: number;
}

/** POSTs `body` to `url` with `headers` and reads the answer at `bytesPerSecond`; never rejects for a cut answer (whole: false). */
export function postReadingAt(url: string, headers: Record<string, string>, body: string, bytesPerSecond: number): Promise<PacedAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const req = request(url, {
      method: 'POST', agent: false,
      headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) },
    }, (res) => {
      const parts: Buffer[] = [];
      let got = 0;
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts).toString('utf8'), whole: res.complete, ms: Date.now() - started });
      };
      res.on('data', (chunk: Buffer) => {
        parts.push(chunk);
        got += chunk.length;
        const ahead = (got / bytesPerSecond) * 1000 - (Date.now() - started);
        if (ahead > 0) {
          res.pause();
          setTimeout(() => res.resume(), ahead);
        }
      });
      res.on('end', finish);
      res.on('error', () => {});
      res.on('close', finish);
    });
    req.on('error', reject);
    req.end(body);
  });
}
