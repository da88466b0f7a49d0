// POST /{model}/v1/cross-validation/batch over real HTTP: each series backtested as the single
// endpoint would, in request order, as JSON or x-ndjson; invalid series refused or skipped.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => { h = await startHarness({ config: { workers: 2 } }); });
afterAll(async () => { await h.close(); });

function post(key: string, path: string, body: unknown, ndjson = false): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...(ndjson ? { Accept: 'application/x-ndjson' } : {}) },
    body: JSON.stringify(body),
  });
}
const monthEnd = (i: number) => new Date(Date.UTC(2019 + Math.floor(i / 12), (i % 12) + 1, 0)).toISOString().slice(0, 10);

describe('POST /{model}/v1/cross-validation/batch', () => {
  const series = Array.from({ length: 40 }, (_, k) => ({ id: `sku-${k}`, values: seasonal(36 + (k % 12)).map((v) => v + k) }));

  it('backtests every series as the single endpoint does, in request order, with quantiles scored', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 200 });
    const res = await post(fullKey, 'cross-validation/batch', { horizon: 3, windows: 2, step: 2, level: [80], quantiles: [0.1, 0.9], series });
    expect(res.status).toBe(200);
    const body = await res.json() as { model: string; backtests: Array<{ id: string; windows: unknown[]; metrics: { spl?: number } }> };
    expect(body.model).toBe('tempo');
    expect(body.backtests.map((b) => b.id)).toEqual(series.map((s) => s.id));
    for (const k of [0, 17, 39]) {
      const one = await (await post(fullKey, 'cross-validation', { series: series[k].values, horizon: 3, windows: 2, step: 2, level: [80], quantiles: [0.1, 0.9] })).json();
      expect(body.backtests[k].windows).toEqual(one.windows);
      expect(body.backtests[k].metrics).toEqual(one.metrics);
      expect(body.backtests[k].metrics.spl).toBeGreaterThan(0);
    }
    const lines = (await (await post(fullKey, 'cross-validation/batch', { horizon: 3, windows: 2, step: 2, level: [80], quantiles: [0.1, 0.9], series }, true)).text())
      .trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toEqual(body.backtests);
  });

  it('names cutoffs by timestamp for dated series, and refuses or skips a series too short for the windows', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 200 });
    const dated = { id: 'dated', values: seasonal(30), timestamps: Array.from({ length: 30 }, (_, i) => monthEnd(i)) };
    const short = { id: 'short', values: [1, 2, 3, 4] };
    const refused = await post(fullKey, 'cross-validation/batch', { horizon: 3, windows: 3, series: [dated, short] });
    expect(refused.status).toBe(400);
    const p = await refused.json();
    expect(p.errors).toEqual([expect.objectContaining({ pointer: '/series/1/values', id: 'short' })]);
    expect(p.errors[0].detail).toMatch(/^series\/1\/values: 4 values are too few for 3 windows of horizon 3/);
    const skipped = await (await post(fullKey, 'cross-validation/batch', { horizon: 3, windows: 3, on_invalid: 'skip', series: [dated, short] })).json();
    expect(skipped.backtests[0].windows.map((w: { cutoff: string }) => w.cutoff)).toEqual([monthEnd(20), monthEnd(23), monthEnd(26)]);
    expect(skipped.backtests[0].freq).toBe('P1M');
    expect(skipped.backtests[1]).toMatchObject({ id: 'short', error: { code: 'REQUEST_INVALID', pointer: '/series/1/values' } });
  });
});
