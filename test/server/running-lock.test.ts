// The running lock is a lease renewed while its request computes: a batch that outlives the lease
// many times over still keeps a second forecast of its key out, and the key is free once it ends.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness({ config: { workers: 1, lockLeaseMs: 600 } }); });
afterAll(async () => { await h.close(); });

describe('the running lock', () => {
  it('is renewed for as long as the request runs, and released after', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 1000 });
    const series = Array.from({ length: 2400 }, (_, i) => ({ id: `s${i}`, values: seasonal(96 + (i % 40)) }));
    // enough series to outlast three leases with room on a quiet machine (700 took 1.6 s there)
    const started = Date.now();
    const batch = fetch(`${h.url}/tempo/v1/forecast/batch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
      body: JSON.stringify({ horizon: 6, series }),
    }).then(async (res) => ({ status: res.status, lines: (await res.text()).trimEnd().split('\n').length, ms: Date.now() - started }));
    // three leases in, while the batch still computes
    await new Promise((r) => setTimeout(r, 1800));
    const during = await h.forecast(fullKey, { series: seasonal(24), horizon: 2 });
    const done = await batch;
    expect(done.ms).toBeGreaterThan(1800);
    expect(done).toMatchObject({ status: 200, lines: 2400 });
    expect(during.status).toBe(409);
    expect((await h.forecast(fullKey, { series: seasonal(24), horizon: 2 })).status).toBe(200);
  }, 60_000);
});
