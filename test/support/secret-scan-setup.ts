// Vitest setup for every test file: records what Tempo servers answer (through fetch) and every JSON
// log line written to stdout/stderr, and fails the file if any key created in it shows up there.
// Written so it also holds when files share a worker (vitest's isolate: false runs this file again
// for each of them): fetch and the streams are wrapped once per process, and each file scans and
// then ends its own record.
import { appendFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll } from 'vitest';
import { endScanRecord, findLeaks, recordKey, recordLogLine, recordResponse, scanRecord } from './secret-scan.js';

/** How long the end of a file waits for answers still streaming before it scans what arrived. */
const SETTLE_MS = 5000;
const installed = globalThis as typeof globalThis & { __tempoSecretScanInstalled?: true };
if (!installed.__tempoSecretScanInstalled) {
  installed.__tempoSecretScanInstalled = true;
  recordFetches();
  recordLogStreams();
}

function recordFetches(): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    // read the headers without building a Request: that could take hold of a streamed body
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const bearer = /^Bearer\s+(\S+)/i.exec(headers.get('authorization') ?? '')?.[1];
    if (bearer) recordKey(bearer);
    const res = await realFetch(input, init);
    const r = scanRecord();
    const sent = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    let origin = '';
    try { origin = new URL(res.url || sent).origin; } catch { /* not a URL we can scan */ }
    if (r.origins.has(origin)) {
      // read chunk by chunk, so an answer a test leaves unfinished can be cut off and still scanned
      const reader = res.clone().body?.getReader();
      if (reader === undefined) recordResponse(res.url, res.headers, '', res.status);
      else {
        let body = '';
        const read = (async () => {
          const decoder = new TextDecoder();
          try {
            for (;;) {
              const { done, value } = await reader.read();
              if (done) break;
              body += decoder.decode(value, { stream: true });
            }
          } catch { /* cut off: scan what arrived */ }
          recordResponse(res.url, res.headers, body, res.status);
        })();
        // an aborted fetch errors only the caller's copy of the answer and leaves this one waiting
        // for bytes that will never come: scan what arrived
        const signal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        signal?.addEventListener('abort', () => { reader.cancel().catch(() => {}); }, { once: true });
        r.pending.add(read);
        r.unfinished.add(reader);
        void read.finally(() => { r.pending.delete(read); r.unfinished.delete(reader); });
      }
    }
    return res;
  };
}

function recordLogStreams(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
    (stream as unknown as { write: (...args: unknown[]) => boolean }).write = (chunk: unknown, ...rest: unknown[]) => {
      const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : '';
      for (const line of text.split('\n')) if (line.startsWith('{"level":')) recordLogLine(line);
      return write(chunk, ...rest);
    };
  }
}

const TALLY = resolve(import.meta.dirname, '../../test-results/secret-scan.jsonl');

afterAll(async () => {
  const r0 = scanRecord();
  await Promise.race([Promise.allSettled([...r0.pending]), new Promise((done) => setTimeout(done, SETTLE_MS).unref())]);
  for (const reader of r0.unfinished) reader.cancel().catch(() => {});
  const leaks = await findLeaks();
  const r = scanRecord();
  endScanRecord();
  mkdirSync(resolve(TALLY, '..'), { recursive: true });
  appendFileSync(TALLY, `${JSON.stringify({ keys: r.secrets.size, ...r.counts, leaks: leaks.length })}\n`);
  if (leaks.length > 0) {
    throw new Error(`secret scan: a created API key's secret appeared in ${leaks.length} place(s): ${[...new Set(leaks)].slice(0, 10).join('; ')}`);
  }
});
