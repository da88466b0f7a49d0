// forecastMany against a server whose core traps on one group: what was answered is kept, the rest
// is retried from its first unanswered series, and a failure that persists surfaces typed. A file of
// its own: the trapping pool's crashed worker must not share a process with the other servers' tests.
import { describe, it, expect } from 'vitest';
import { InternalServerError, TempoClient, type FetchLike } from '@tempo-forecast/client';
import { createComputePool } from '../../src/compute/pool.js';
import { buildTrappingCore } from '../compute/trapping-core.js';
import { startHarness } from '../server/harness.js';
import { rejectionOf, watchedFetch } from './helpers.js';

describe('forecastMany when the server fails mid-answer', () => {
  it('yields what was answered, retries the rest, and throws InternalServerError when it keeps failing', async () => {
    const pool = createComputePool({ workers: 1, timeoutMs: 3000, wasmPath: buildTrappingCore() });
    const t = await startHarness({ pool });
    try {
      const { fullKey } = await t.key();
      const w = watchedFetch();
      const c = new TempoClient({ apiKey: fullKey, baseUrl: t.url, fetch: w.fetch, maxRetries: 1, backoffBaseMs: 1 });
      const series = Array.from({ length: 64 }, (_, i) => ({ id: `s${i}`, values: new Array(i === 40 ? 13 : 5).fill(i + 1) }));
      const got: string[] = [];
      const err = await rejectionOf((async () => { for await (const x of c.forecastMany(series, { horizon: 2 })) got.push(x.id!); })());
      expect(err).toBeInstanceOf(InternalServerError);
      expect((err as InternalServerError).attempts).toBe(2);
      // the first group was answered; the retry starts at the first unanswered series, whose group traps again
      expect(got).toEqual(series.slice(0, 32).map((s) => s.id));
      expect(w.bodies).toHaveLength(2);
      expect(JSON.parse(w.bodies[1]).series.map((s: { id: string }) => s.id)).toEqual(series.slice(32).map((s) => s.id));
    } finally {
      await t.close();
      await pool.close();
    }
  });
});
