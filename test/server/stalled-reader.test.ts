// A caller that stops reading a streamed batch: the connection guard closes it once not one byte
// of the answer has left the server for TEMPO_STALLED_READER_MS, and the key's lock is freed.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { seasonal, startHarness, type Harness } from './harness.js';
import { waitFor } from '../support/wait.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ config: { workers: 1, connections: { stalledReaderMs: 1000, abuseBenchMs: 0 } } });
});
afterAll(async () => { await h.close(); });

describe('a reader that stops', () => {
  it('is cut off after the stalled-reader limit, and its key can forecast again', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 1000 });
    // ~50 kB per series: far more than the socket buffers hold, so the server is left holding answers
    const body = JSON.stringify({ horizon: 500, level: [80, 95], series: Array.from({ length: 400 }, (_, i) => ({ id: `s${i}`, values: seasonal(48) })) });
    const res = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = httpRequest(`${h.url}/tempo/v1/forecast/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson', 'Content-Length': Buffer.byteLength(body) },
      }, (r) => { r.pause(); resolve(r); });
      req.on('error', () => {});
      req.once('error', reject);
      req.end(body);
    });
    expect(res.statusCode).toBe(200);
    const started = Date.now();
    res.on('error', () => {});
    // seen from the server: a paused client does not read the close until it reads again
    await waitFor('the batch request open', () => h.server.openRequests() > 0, 10_000, 10);
    await waitFor('the server to close the stalled answer', () => h.server.openRequests() === 0, 30_000);
    // not before the limit: the first look without progress starts its clock
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    await waitFor('the lock released', async () => (await h.forecast(fullKey, { series: seasonal(30), horizon: 2 })).status === 200, 30_000, 100);
  }, 60_000);
});
