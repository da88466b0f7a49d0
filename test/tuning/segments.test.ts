// Tuning by segment with the real core: intermittent series are tuned among the Croston family and
// keep it at forecast time whatever the regular segment chose; regular series are tuned per season
// key, a segment too small keeps the base, the core applies each key's config; the counts add up.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { backtestMany } from '../../src/backtest/many.js';
import { candidateConfigs } from '../../src/tuning/candidates.js';
import { INTERMITTENT_CANDIDATES, segmentSeries, tuneSegments } from '../../src/tuning/segments.js';
import { seriesSegments } from '../../src/tuning/series-segments.js';
import { planDates } from '../../src/dates/index.js';
import type { ManyInput, ManyScores } from '../../src/backtest/many.js';
import type { CoreConfig } from '@tempo-forecast/core';
import { validateModelConfig } from '../../src/store/model-config.js';
import { seasonal } from '../server/harness.js';

let core: Forecaster;
beforeAll(async () => { core = await loadForecaster(); });

// demand in about one period of three, sizes 1..4 (SBC intermittent or lumpy)
const sparse = (n: number, k: number) => Array.from({ length: n }, (_, t) => ((t * 7 + k) % 3 === 0 ? 1 + ((t + k) % 4) : 0));
const regular = Array.from({ length: 6 }, (_, i) => seasonal(48 + 3 * i).map((v, t) => v * (1 + i * 0.1) + ((t * 5 + i) % 3)));
const intermittent = Array.from({ length: 5 }, (_, i) => sparse(48 + 2 * i, i));

describe('the intermittent segment', () => {
  it("is the core's own test, and a config's intermittent segment keeps such series on the Croston family", () => {
    expect(intermittent.every((s) => core.isIntermittent(s))).toBe(true);
    expect(regular.some((s) => core.isIntermittent(s))).toBe(false);
    const y = intermittent[0];
    const routed = core.forecast(y, 6, {});
    // a single model chosen for the whole portfolio takes it off the routing...
    const arima = core.forecast(y, 6, { config: { model: 'arima' } });
    expect(arima.method.components).not.toEqual(routed.method.components);
    // ...unless the config names the intermittent segment's own config
    const segmented = core.forecast(y, 6, { config: { model: 'arima', intermittent: {} } });
    expect(segmented.forecast).toEqual(routed.forecast);
    expect(segmented.method.components).toEqual(routed.method.components);
    // and a regular series still gets the regular config
    expect(core.forecast(regular[0], 6, { config: { model: 'arima', intermittent: {} } }).forecast)
      .toEqual(core.forecast(regular[0], 6, { config: { model: 'arima' } }).forecast);
  });

  it('is a stored config option checked like the rest', () => {
    expect(validateModelConfig({ model: 'arima', intermittent: { model: 'sba' } }).ok).toBe(true);
    const bad = validateModelConfig({ intermittent: { model: 'sba', members: ['ets'], typo: 1 } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.pointer)).toContain('/intermittent/typo');
  });
});

describe('tuneSegments', () => {
  it('tunes each segment on its own series and stores an intermittent config from the Croston family', async () => {
    const series = [...regular, ...intermittent];
    const seen: Array<{ config: string; n: number }> = [];
    const shares: number[] = [];
    const r = await tuneSegments({
      series, horizon: 6, base: {}, candidates: candidateConfigs({}), intermittent: series.map((s) => core.isIntermittent(s)),
    }, async (input) => {
      seen.push({ config: JSON.stringify(input.config), n: input.offsets.length - 1 });
      return backtestMany((s, h, o) => core.forecast(s, h, o), input);
    }, (d) => { shares.push(d); }, { windows: 2, sampleSize: 6, finalists: 2, finalSample: 6, holdoutSample: 11, chunkSize: 3, margin: 0, minSegmentSeries: 3 });
    expect(r.report.metric).toBe('MASE');
    expect(r.report.segments.regular!.series).toBe(6);
    expect(r.report.segments.intermittent!.series).toBe(5);
    expect(r.report.series.tuned_on).toBe(r.report.segments.regular!.report!.series.tuned_on + r.report.segments.intermittent!.report!.series.tuned_on);
    expect(r.report.series.tuned_on).toBe(11);
    expect(INTERMITTENT_CANDIDATES).toContainEqual(r.config.intermittent);
    expect(r.config.intermittent).toEqual(r.report.segments.intermittent!.config);
    // the regular candidates never ran on intermittent series, nor the Croston family on regular ones
    const family = new Set(INTERMITTENT_CANDIDATES.slice(1).map((c) => JSON.stringify(c)));
    expect(seen.some((u) => family.has(u.config))).toBe(true);
    expect(seen.filter((u) => family.has(u.config)).every((u) => u.n <= 5)).toBe(true);
    // the stored model is never worse on the holdout by the metric it reports
    expect(r.report.holdout.tuned.mase!).toBeLessThanOrEqual(r.report.holdout.base.mase!);
    expect(shares.at(-1)).toBe(1);
    expect(shares.every((d, k) => k === 0 || d >= shares[k - 1])).toBe(true);
  });
});

describe('season keys', () => {
  const monthly = seasonal(60);
  it('are the season told, else the calendar\'s shortest period, else the detected one; the intermittent test rides along', () => {
    const plan = (freq: string) => planDates({ freq, length: 60, horizon: 6 });
    const found = seriesSegments(core, [monthly, monthly, monthly, monthly, monthly, intermittent[0]], {},
      [plan('P1M'), plan('P1D'), plan('PT1H'), plan('P1Y'), plan('P3M'), plan('P1M')]);
    expect(found.seasons.slice(0, 5)).toEqual([12, 7, 24, 1, 4]);
    expect(found.intermittent).toEqual([false, false, false, false, false, true]);
    // undated: what the core detects (12 on this series), or what the base tells
    expect(seriesSegments(core, [monthly], {}, undefined).seasons).toEqual([12]);
    expect(core.segmentOf(monthly, {}).season).toBe(12);
    expect(seriesSegments(core, [monthly], { season_length: 4 }, undefined).seasons).toEqual([4]);
    // undated with no season found: frequency unknown (0); a series alternating every other step has 2
    expect(core.segmentOf(Array.from({ length: 40 }, (_, t) => 5 + 0.5 * t), {}).season).toBe(0);
    expect(core.segmentOf(Array.from({ length: 40 }, (_, t) => 5 + (t % 2)), {}).season).toBe(2);
  });

  it('group regular series by key and intermittent ones apart, whatever their key', () => {
    const groups = segmentSeries({ series: [[1], [2], [3], [4], [5]], intermittent: [false, true, false, false, true], seasons: [12, 12, 7, 12, 1] });
    expect(groups).toEqual([
      { name: 'intermittent', kind: 'intermittent', idx: [1, 4] },
      { name: 'season-7', kind: 'regular', season: 7, idx: [2] },
      { name: 'season-12', kind: 'regular', season: 12, idx: [0, 3] },
    ]);
  });

  it('choose the stored config per series at forecast time, the intermittent routing first', () => {
    const config: CoreConfig = { intermittent: {}, seasons: { 12: { model: 'naive2' }, 7: { model: 'snaive' } } };
    const f = (y: number[], o: object) => core.forecast(y, 6, o);
    // a dated monthly series gets season 12's config, a daily one season 7's, a quarterly one the rest
    expect(f(monthly, { periodHints: [12], config })).toEqual(f(monthly, { periodHints: [12], config: { model: 'naive2' } }));
    expect(f(monthly, { periodHints: [7, 365.25], config })).toEqual(f(monthly, { periodHints: [7, 365.25], config: { model: 'snaive' } }));
    expect(f(monthly, { periodHints: [4], config })).toEqual(f(monthly, { periodHints: [4], config: {} }));
    // undated: the detected period (12) picks
    expect(f(monthly, { config }).method.components).toEqual(f(monthly, { config: { model: 'naive2' } }).method.components);
    // an intermittent series keeps the routing whatever its key
    const y = intermittent[0];
    expect(f(y, { periodHints: [12], config })).toEqual(f(y, { periodHints: [12] }));
  });

  it('are a stored config option checked like the rest', () => {
    expect(validateModelConfig({ intermittent: {}, seasons: { 12: { model: 'ets' }, 7: { members: ['ets', 'arima'] } } }).ok).toBe(true);
    const bad = validateModelConfig({ seasons: { monthly: {}, 12: { model: 'ets', combination: 'mean', typo: 1 } } });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.pointer).sort()).toEqual(['/seasons/12/typo', '/seasons/monthly']);
    const members = validateModelConfig({ seasons: { 12: { model: 'ets', combination: 'mean' } } });
    expect(members.ok).toBe(false);
    if (!members.ok) expect(members.errors.map((e) => e.pointer)).toEqual(['/seasons/12/combination']);
  });
});

// scores set per config and series: series of distinct lengths (100.. for season 12, 200.. for
// season 7, 300.. for season 4) so a scored prefix's length names its series (horizon 10, cuts 0..2)
describe('tuneSegments by season', () => {
  const H = 10;
  const lengths = [...Array.from({ length: 12 }, (_, i) => 100 + i), ...Array.from({ length: 12 }, (_, i) => 200 + i), 300, 301, 302];
  const series = lengths.map((n) => Array.from({ length: n }, (_, t) => 50 + ((t * 7) % 5)));
  const seasons = lengths.map((n) => (n >= 300 ? 4 : n >= 200 ? 7 : 12));
  const A: CoreConfig = { model: 'otm' }, B: CoreConfig = { model: 'arima' };
  const key = (c: CoreConfig | undefined) => JSON.stringify(c ?? {});
  // A: 10% better by MASE everywhere but 10% worse by the pinball loss; B: 10% better on season 7's series only, by everything
  function score(input: ManyInput): Promise<ManyScores> {
    const out = { mase: [] as number[], smape: [] as number[], mae: [] as number[], mse: [] as number[], season: [] as number[], spl: [] as number[] };
    for (let k = 0; k + 1 < input.offsets.length; k++) {
      const len = input.offsets[k + 1] - input.offsets[k];
      const i = lengths.findIndex((n) => [0, 1, 2].some((cut) => n - cut * H === len));
      const s = seasons[i];
      const c = key(input.config);
      const point = c === key(A) ? 0.9 : c === key(B) ? (s === 7 ? 0.9 : 1.1) : c === '{}' ? 1 : 1.2;
      const pin = c === key(A) ? 1.1 : point;
      const e = (1 + (i % 12)) * point;
      out.mae.push(e); out.mse.push(e * e); out.smape.push(10 * point); out.season.push(s); out.mase.push(e);
      out.spl.push(input.quantiles?.length ? (1 + (i % 12)) * pin : NaN);
    }
    return Promise.resolve(out);
  }

  const OPTIONS = { windows: 2, sampleSize: 12, finalists: 3, finalSample: 12, holdoutSample: 12, margin: 0.02, minSegmentSeries: 10 };

  it('tunes each season on its own, keeps the base where a check fails or the segment is small, and never calls a worse score a win', async () => {
    const r = await tuneSegments({ series, horizon: H, base: {}, candidates: [{}, A, B], intermittent: series.map(() => false), seasons },
      score, () => {}, OPTIONS);
    const seg = r.report.segments;
    expect(Object.keys(seg)).toEqual(['season-4', 'season-7', 'season-12']);
    // season 7: B wins by every metric and is stored for key 7 only
    expect(seg['season-7']).toMatchObject({ chosen: 'tuned', config: B, decided_by: 'MASE', series: 12, label: 'daily (season 7)' });
    expect(seg['season-7'].holdout!.chosen.mase!).toBeLessThan(seg['season-7'].holdout!.base.mase!);
    // season 12: A is better by MASE but worse by the pinball loss: not a win, and SPL is named
    expect(seg['season-12']).toMatchObject({ chosen: 'base', config: {}, decided_by: 'SPL', series: 12 });
    expect(seg['season-12'].report!.candidates[0].config).toEqual(A);
    expect(seg['season-12'].holdout!.chosen).toEqual(seg['season-12'].holdout!.base);
    // season 4: three series, too few to tune: the base, untouched
    expect(seg['season-4']).toMatchObject({ chosen: 'base', config: {}, series: 3, holdout: null });
    expect(seg['season-4'].report).toBeUndefined();
    expect(seg['season-4'].reason).toContain('fewer than the 10');
    expect(r.config).toEqual({ intermittent: {}, seasons: { 7: B } });
    // the summary's counts are the segments'
    expect(r.report.counts).toEqual({ segments: 3, tuned: 1, kept_base: 2 });
    expect(r.report.series.total).toBe(27);
    expect(Object.values(seg).reduce((a, g) => a + g.series, 0)).toBe(r.report.series.total);
    expect(r.report.series.kept_base).toBe(3);
    expect(r.report.series.tuned_on).toBe(seg['season-7'].report!.series.tuned_on + seg['season-12'].report!.series.tuned_on);
    expect(r.report.chosen).toBe('tuned');
    // what the stored model does on the holdout is never worse than the base, by the metric reported
    expect(r.report.holdout.tuned.mase!).toBeLessThan(r.report.holdout.base.mase!);
    for (const g of Object.values(seg)) if (g.holdout) expect(g.holdout.chosen.mase!).toBeLessThanOrEqual(g.holdout.base.mase!);
  });

  it('never tunes series of unknown frequency (key 0), though a candidate wins on them', async () => {
    // the twelve series B wins on, with no season known for them
    const unknown = seasons.map((x) => (x === 7 ? 0 : x));
    const r = await tuneSegments({ series, horizon: H, base: {}, candidates: [{}, A, B], intermittent: series.map(() => false), seasons: unknown },
      score, () => {}, OPTIONS);
    const seg = r.report.segments;
    expect(seg['season-0']).toMatchObject({ chosen: 'base', config: {}, series: 12, holdout: null, decided_by: null, label: 'frequency unknown' });
    expect(seg['season-0'].reason).toContain('send timestamps or freq');
    expect(r.config).toEqual({ intermittent: {} });
    expect(r.report.counts).toEqual({ segments: 3, tuned: 0, kept_base: 3 });
  });
});
