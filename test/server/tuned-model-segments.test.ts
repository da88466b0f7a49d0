// A tuned model with frequency segments over real HTTP: tuned from a poor base on monthly and daily
// series (each its own segment) and a few intermittent ones (too few to tune: they keep the
// routing), its stored config applies each season's pick per series in single and batch forecasts,
// as the method in the answer shows; a series of a season no segment holds gets the base.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { CoreConfig, Forecaster } from '@tempo-forecast/core';
import { waitFor } from '../support/wait.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
let core: Forecaster;
beforeAll(async () => {
  h = await startHarness({ config: { tuning: { maxSeries: 50, maxValues: 5000, bodyLimitBytes: 1 << 20, staleMs: 5000 } } });
  core = await loadForecaster();
});
afterAll(async () => { await h.close(); });

function call(method: string, path: string, key: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${h.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const day = (i: number) => new Date(Date.UTC(2022, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
const monthStart = (i: number) => `${2018 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
const quarterStart = (i: number) => `${2010 + Math.floor(i / 4)}-${String(3 * (i % 4) + 1).padStart(2, '0')}-01`;
// strongly seasonal series with some noise, on which a naive forecast is far off
const monthly = (k: number) => Array.from({ length: 60 }, (_, t) => 100 + 5 * k + 0.3 * t + 25 * Math.sin((2 * Math.PI * t) / 12) + ((t * 7919 + k * 31) % 11) / 2);
const daily = (k: number) => Array.from({ length: 70 }, (_, t) => 50 + 3 * k + [0, 8, 12, 10, 6, -15, -20][t % 7] + 2 * Math.sin(1.7 * t + k) + 0.1 * t);
const sparse = (k: number) => Array.from({ length: 48 }, (_, t) => ((t * 5 + k) % 4 === 0 ? 1 + ((t + k) % 3) : 0));

describe('a tuned model with frequency segments', () => {
  it('applies each season segment\'s config per series, keeps the base elsewhere and intermittent series on their routing', async () => {
    const { fullKey } = await h.key({ organizationId: 'seg-co' });
    await h.store.createModel({ name: 'seg-naive', organizationId: 'seg-co', base: 'tempo', config: { model: 'naive' } });
    const series = [
      ...Array.from({ length: 10 }, (_, k) => ({ id: `m${k}`, values: monthly(k), timestamps: monthly(k).map((_, t) => monthStart(t)) })),
      ...Array.from({ length: 10 }, (_, k) => ({ id: `d${k}`, values: daily(k), timestamps: daily(k).map((_, t) => day(t)) })),
      ...Array.from({ length: 3 }, (_, k) => ({ id: `i${k}`, values: sparse(k), timestamps: sparse(k).map((_, t) => monthStart(t)) })),
    ];
    expect(series.slice(20).every((s) => core.isIntermittent(s.values, 12))).toBe(true);
    const res = await call('POST', '/v1/models', fullKey, { name: 'seg-co-tuned', base: 'seg-naive', training: { horizon: 6, series } });
    expect(res.status).toBe(202);
    const done = await waitFor('the tuning to end', async () => {
      const b = await (await call('GET', '/v1/models/seg-co-tuned', fullKey)).json();
      return b.status !== 'tuning' ? b : null;
    }, 120_000, 100);
    expect(done.status).toBe('ready');
    const config = done.config as CoreConfig & { seasons: Record<string, CoreConfig> };
    const seg = done.report.segments;
    expect(Object.keys(seg).sort()).toEqual(['intermittent', 'season-12', 'season-7']);
    expect(seg['season-12'], seg['season-12'].reason).toMatchObject({ kind: 'regular', season: 12, series: 10, chosen: 'tuned', decided_by: 'MASE' });
    expect(seg['season-7'], seg['season-7'].reason).toMatchObject({ kind: 'regular', season: 7, series: 10, chosen: 'tuned', decided_by: 'MASE' });
    expect(seg.intermittent).toMatchObject({ kind: 'intermittent', series: 3, chosen: 'base', decided_by: null, config: {} });
    for (const g of [seg['season-12'], seg['season-7']]) expect(g.holdout.chosen.mase).toBeLessThan(g.holdout.base.mase);
    // the summary's counts are the segments'
    expect(done.report.series.total).toBe(23);
    expect(done.report.counts).toEqual({ segments: 3, tuned: 2, kept_base: 1 });
    expect(done.report.series.kept_base).toBe(3);
    expect(config).toEqual({ model: 'naive', intermittent: {}, seasons: { 12: seg['season-12'].config, 7: seg['season-7'].config } });

    // one forecast each: the answer's method is the one its segment's config gives
    const ask = async (values: number[], timestamps: string[]) => {
      const r = await call('POST', '/seg-co-tuned/v1/forecast', fullKey, { series: values, timestamps, horizon: 6 });
      expect(r.status).toBe(200);
      return r.json();
    };
    const m = monthly(3), d = daily(4), q = monthly(5).slice(0, 40), y = sparse(1);
    const fm = await ask(m, m.map((_, t) => monthStart(t)));
    const want12 = core.forecast(m, 6, { periodHints: [12], config: config.seasons['12'] });
    expect(fm.method).toEqual(want12.method);
    expect(fm.forecast).toEqual(want12.forecast);
    expect(fm.method.components).not.toEqual(['naive']);
    const fd = await ask(d, d.map((_, t) => day(t)));
    const want7 = core.forecast(d, 6, { periodHints: [7, 365.25], config: config.seasons['7'] });
    expect(fd.method).toEqual(want7.method);
    expect(fd.forecast).toEqual(want7.forecast);
    expect(fd.method.components).not.toEqual(['naive']);
    // quarterly dates: no segment for season 4, so the base (naive) answers
    const fq = await ask(q, q.map((_, t) => quarterStart(t)));
    expect(fq.method.components).toEqual(['naive']);
    expect(fq.method).toEqual(core.forecast(q, 6, { periodHints: [4], config: { model: 'naive' } }).method);
    expect(fq.forecast).toEqual(core.forecast(q, 6, { config: { model: 'naive' } }).forecast);
    // an intermittent series stays on the routing (the Croston family), not the naive base
    const fi = await ask(y, y.map((_, t) => monthStart(t)));
    const routed = core.forecast(y, 6, { periodHints: [12] });
    expect(fi.method).toEqual(routed.method);
    expect(fi.method).not.toEqual(core.forecast(y, 6, { config: { model: 'naive' } }).method);

    // a batch mixing them: each series gets its own segment's config
    const b = await call('POST', '/seg-co-tuned/v1/forecast/batch', fullKey, {
      horizon: 6,
      series: [
        { id: 'm', values: m, timestamps: m.map((_, t) => monthStart(t)) },
        { id: 'd', values: d, timestamps: d.map((_, t) => day(t)) },
        { id: 'i', values: y, timestamps: y.map((_, t) => monthStart(t)) },
      ],
    });
    expect(b.status).toBe(200);
    const [bm, bd, bi] = (await b.json()).forecasts;
    expect([bm.method, bd.method, bi.method]).toEqual([want12.method, want7.method, routed.method]);
    expect(bm.forecast).toEqual(want12.forecast);
  }, 180_000);
});
