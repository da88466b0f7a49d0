// Tuning's schedule with the real core scoring in this thread: each (config, series, window) is
// scored once, the holdout is seen only by the holdout check, and the margin keeps the base. Then
// the selection rule with scores set per config, series and window: a pick needs an advantage
// that holds on every window, over most series, on one scale, and again on the holdout.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { backtestMany, type ManyInput } from '../../src/backtest/many.js';
import { candidateConfigs, sharedCalendarSeasons } from '../../src/tuning/candidates.js';
import { planDates } from '../../src/dates/index.js';
import { tune, type TuneOptions } from '../../src/tuning/tune.js';
import type { CoreConfig } from '@tempo-forecast/core';
import { seasonal } from '../server/harness.js';

let core: Forecaster;
beforeAll(async () => { core = await loadForecaster(); });

// series of different lengths, so a scored series' length tells which window it was cut to
const series = Array.from({ length: 12 }, (_, i) => seasonal(40 + 7 * i).map((v, t) => v * (1 + (i % 3) * 0.1) + ((t * 7 + i) % 5)));
const horizon = 6;

function recordingScore(calls: Array<{ config: string; lengths: number[] }>) {
  return async (input: ManyInput) => {
    const lengths = input.offsets.slice(1).map((o, k) => o - input.offsets[k]);
    calls.push({ config: JSON.stringify(input.config), lengths });
    return backtestMany((s, h, o) => core.forecast(s, h, o), input);
  };
}

describe('tune', () => {
  it('scores every config, series and window at most once and shows the holdout only to the holdout check', async () => {
    const calls: Array<{ config: string; lengths: number[] }> = [];
    const candidates = candidateConfigs({});
    const shares: number[] = [];
    const r = await tune({ series, horizon, base: {}, candidates }, recordingScore(calls), (d) => { shares.push(d); },
      { windows: 2, sampleSize: 5, finalists: 2, finalSample: 8, holdoutSample: 12, chunkSize: 3, margin: 0 });
    const seen = new Set<string>();
    let holdoutUnits = 0;
    for (const c of calls) {
      for (const len of c.lengths) {
        const key = `${c.config}|${len}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
        if (series.some((s) => s.length === len)) holdoutUnits += 1;
      }
    }
    // round one: 3 series × every candidate, then 2 more × (base + the better half); round two: 8 series × 2
    // windows less the 5 already scored, × (base + 2); the holdout: the base, and the pick when there is one
    const holdoutConfigs = new Set(calls.filter((c) => c.lengths.some((len) => series.some((s) => s.length === len))).map((c) => c.config));
    expect(holdoutConfigs.has(JSON.stringify(candidates[0]))).toBe(true);
    expect(seen.size).toBe(3 * candidates.length + 2 * (1 + Math.ceil((candidates.length - 1) / 2)) + (8 * 2 - 5) * 3 + 12 * holdoutConfigs.size);
    expect(holdoutUnits).toBe(12 * holdoutConfigs.size);
    expect(r.report.series).toEqual({ tuned_on: 12, holdout: 12 });
    expect(r.report.candidates).toHaveLength(candidates.length);
    expect(shares.at(-1)).toBe(1);
    expect(shares.every((d, k) => k === 0 || d >= shares[k - 1])).toBe(true);
  });

  it('keeps the base when no candidate beats it by the margin on the tuning windows', async () => {
    const calls: Array<{ config: string; lengths: number[] }> = [];
    const r = await tune({ series, horizon, base: {}, candidates: candidateConfigs({}) }, recordingScore(calls), () => {},
      { windows: 2, sampleSize: 6, finalists: 2, finalSample: 12, margin: 0.999 });
    expect(r.report.chosen).toBe('base');
    expect(r.config).toEqual({});
    // only the base is scored on the holdout
    expect(calls.filter((c) => c.lengths.some((len) => series.some((s) => s.length === len))).every((c) => c.config === '{}')).toBe(true);
  });
});

// 12 series of distinct lengths 100..111 and horizon 20: a scored prefix's length names its series
// and its window (cut 0 = the holdout, 1 and 2 the tuning windows)
const H = 20;
const lengths = Array.from({ length: 12 }, (_, i) => 100 + i);
const flat = lengths.map((n) => Array.from({ length: n }, (_, t) => 50 + ((t * 7) % 5)));
const where = (len: number) => {
  for (let cut = 0; cut < 3; cut++) {
    const i = lengths.indexOf(len + cut * H);
    if (i >= 0) return { i, cut };
  }
  throw new Error(`no series has a window of length ${len}`);
};
// every series' base error; a config's error is the base's times its factor there
type Factor = (i: number, cut: number) => number;
// (sMAPE and squared errors follow the same factor unless `other` sets theirs apart)
type Other = Record<string, { smape?: Factor; squared?: Factor; pinball?: Factor }>;
function setScores(factors: Record<string, Factor>, seasons: Record<string, number> = {}, other: Other = {}) {
  return async (input: ManyInput) => {
    const key = JSON.stringify(input.config);
    const out = { mase: [] as number[], smape: [] as number[], mae: [] as number[], mse: [] as number[], season: [] as number[], spl: [] as number[] };
    for (let k = 0; k + 1 < input.offsets.length; k++) {
      const { i, cut } = where(input.offsets[k + 1] - input.offsets[k]);
      // errors grow steeply with the series, so the last few carry most of any sum
      const mae = (1 + i) ** 3 * (factors[key]?.(i, cut) ?? 1.2);
      const season = seasons[key] ?? 4;
      out.mae.push(mae);
      out.mse.push(((1 + i) ** 3 * (other[key]?.squared ?? factors[key] ?? (() => 1.2))(i, cut)) ** 2);
      out.smape.push(10 * (other[key]?.smape ?? factors[key] ?? (() => 1.2))(i, cut));
      out.season.push(season);
      // the scaled pinball loss only when tuning asked for quantiles
      out.spl.push(input.quantiles && input.quantiles.length > 0 ? (1 + i) * (other[key]?.pinball ?? factors[key] ?? (() => 1.2))(i, cut) : NaN);
      // what the window's own season makes of it: a config that sees no season gets a larger scale
      out.mase.push(mae / (season === 1 ? 40 : 1));
    }
    return out;
  };
}
const everything: Partial<TuneOptions> = { windows: 2, sampleSize: 12, finalists: 4, finalSample: 12, holdoutSample: 12, chunkSize: 5, margin: 0.02 };
const base: CoreConfig = {};
const A: CoreConfig = { model: 'otm' }, B: CoreConfig = { model: 'arima' };
const tuneWith = (factors: Record<string, Factor>, seasons?: Record<string, number>, other?: Other) =>
  tune({ series: flat, horizon: H, base, candidates: [base, A, B] }, setScores(factors, seasons, other), () => {}, everything);
const key = (c: CoreConfig) => JSON.stringify(c);

describe('tune: the selection rule', () => {
  it('picks a config that beats the base on every window, most series and the holdout', async () => {
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: () => 0.9, [key(B)]: () => 0.95 });
    expect(r.report.chosen).toBe('tuned');
    expect(r.report.metric).toBe('MASE');
    expect(r.config).toEqual(A);
    expect(r.report.holdout.relative.mase).toBeCloseTo(0.9, 6);
    expect(r.report.holdout.relative.rmsse).toBeCloseTo(0.9, 6);
    expect(r.report.holdout.tuned.mase!).toBeLessThan(r.report.holdout.base.mase!);
    expect(r.report.holdout.relative.owa).toBeCloseTo(0.9, 6);
    expect(r.report.holdout.relative.mae).toBeCloseTo(0.9, 6);
    expect(r.report.candidates[0].config).toEqual(A);
  });

  it('keeps the base when the advantage holds on one tuning window only', async () => {
    // far better on the most recent window, a little worse on the one before: better on average
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: (_, cut) => (cut === 2 ? 1.05 : 0.6), [key(B)]: () => 1.3 });
    expect(r.report.candidates[0].config).toEqual(A);
    expect(r.report.candidates[0].relative.owa!).toBeLessThan(0.9);
    expect(r.report.chosen).toBe('base');
    expect(r.config).toEqual(base);
  });

  it('keeps the base when a few series carry the mean and most get worse', async () => {
    // the largest series (over a quarter of the summed error) gains a lot; the other eleven lose 10%
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: (i) => (i === 11 ? 0.4 : 1.1), [key(B)]: () => 1.3 });
    expect(r.report.candidates[0].config).toEqual(A);
    expect(r.report.candidates[0].relative.owa!).toBeLessThan(0.98);
    expect(r.report.candidates[0].relative.mae!).toBeGreaterThan(1);
    expect(r.report.chosen).toBe('base');
  });

  it('never calls a worse MASE a win, however much better its sMAPE (which rewards zero forecasts)', async () => {
    // most series a little better, the largest much worse: MASE over the whole is worse, while sMAPE
    // halves and AvgRelMAE is below 1 (the OWA-like ratio alone would have picked it)
    const worse: Factor = (i) => (i === 11 ? 1.5 : 0.95);
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: worse, [key(B)]: () => 1.3 }, undefined, { [key(A)]: { smape: () => 0.5 } });
    const a = r.report.candidates.find((c) => key(c.config) === key(A))!;
    expect(a.relative.owa!).toBeLessThan(0.9);
    expect(a.relative.mae!).toBeLessThan(1);
    expect(a.relative.mase!).toBeGreaterThan(1);
    expect(r.report.chosen).toBe('base');
    expect(r.config).toEqual(base);
  });

  it('keeps the base when the pick is better by MASE but worse by RMSSE', async () => {
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: () => 0.9, [key(B)]: () => 1.3 }, undefined, { [key(A)]: { squared: () => 1.1 } });
    const a = r.report.candidates.find((c) => key(c.config) === key(A))!;
    expect(a.relative.mase!).toBeCloseTo(0.9, 6);
    expect(a.relative.rmsse!).toBeCloseTo(1.1, 6);
    expect(r.report.chosen).toBe('base');
    expect(r.report.decided_by).toBe('RMSSE');
  });

  it('never calls a pick a win when its scaled pinball loss is worse beyond the tolerance, and says SPL decided', async () => {
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: () => 0.9, [key(B)]: () => 1.3 }, undefined, { [key(A)]: { pinball: () => 1.05 } });
    const a = r.report.candidates.find((c) => key(c.config) === key(A))!;
    expect(a.relative.mase!).toBeCloseTo(0.9, 6);
    expect(a.relative.spl!).toBeCloseTo(1.05, 6);
    expect(r.report.chosen).toBe('base');
    expect(r.config).toEqual(base);
    expect(r.report.decided_by).toBe('SPL');
    expect(r.report.reason).toContain('worse by SPL');
    expect(r.report.checks).toEqual(['RMSSE', 'AvgRelMAE', 'SPL']);
  });

  it('lets a pick through whose pinball loss is worse only within the tolerance, and says MASE decided', async () => {
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: () => 0.9, [key(B)]: () => 1.3 }, undefined, { [key(A)]: { pinball: () => 1.005 } });
    expect(r.report.chosen).toBe('tuned');
    expect(r.config).toEqual(A);
    expect(r.report.decided_by).toBe('MASE');
    expect(r.report.holdout.relative.spl).toBeCloseTo(1.005, 6);
    expect(r.report.holdout.tuned.spl!).toBeGreaterThan(r.report.holdout.base.spl!);
    // the tolerance is an option: none, and the same pick is refused by SPL on the holdout
    const strict = await tune({ series: flat, horizon: H, base, candidates: [base, A, B] },
      setScores({ [key(base)]: () => 1, [key(A)]: () => 0.9, [key(B)]: () => 1.3 }, undefined, { [key(A)]: { pinball: (_, cut) => (cut === 0 ? 1.005 : 1) } }),
      () => {}, { ...everything, pinballTolerance: 0 });
    expect(strict.report.chosen).toBe('base');
    expect(strict.report.decided_by).toBe('SPL');
    expect(strict.report.reason).toContain('did not hold on the holdout by SPL');
  });

  it('scores no quantiles and checks no pinball loss when tuning is given none', async () => {
    const r = await tune({ series: flat, horizon: H, base, candidates: [base, A, B] },
      setScores({ [key(base)]: () => 1, [key(A)]: () => 0.9, [key(B)]: () => 1.3 }, undefined, { [key(A)]: { pinball: () => 2 } }),
      () => {}, { ...everything, quantiles: [] });
    expect(r.report.chosen).toBe('tuned');
    expect(r.report.holdout.relative.spl).toBeNull();
  });

  it('keeps the base when the holdout does not confirm the pick', async () => {
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: (_, cut) => (cut === 0 ? 1.01 : 0.8), [key(B)]: () => 1.3 });
    expect(r.report.chosen).toBe('base');
    expect(r.config).toEqual(base);
    expect(r.report.holdout.relative.mase).toBeCloseTo(1.01, 6);
    expect(r.report.holdout.tuned.mase!).toBeGreaterThan(r.report.holdout.base.mase!);
  });

  it("measures every config on the base's scale, so a config's own season cannot flatter its MASE", async () => {
    // B's own scale (no season) divides its errors by 40, yet its errors are 30% larger
    const r = await tuneWith({ [key(base)]: () => 1, [key(A)]: () => 1.2, [key(B)]: () => 1.3 }, { [key(B)]: 1 });
    expect(r.report.chosen).toBe('base');
    const b = r.report.candidates.find((c) => key(c.config) === key(B))!;
    expect(b.relative.mase).toBeCloseTo(1.3, 6);
  });
});

describe('tune with dates', () => {
  const monthly = planDates({ freq: 'P1M', length: 0, horizon: 1 });

  it('backtests dated series as a dated forecast runs them: calendar hints, or the config\'s season told', async () => {
    const sent: Array<{ config: CoreConfig | undefined; seasonLengths?: Array<number | undefined>; periodHints?: Array<number[] | undefined>; n: number }> = [];
    const candidates = candidateConfigs({}, sharedCalendarSeasons(series.map(() => monthly)));
    expect(candidates).toContainEqual({ season_length: 12 });
    const r = await tune({ series, horizon, base: {}, candidates, dates: series.map(() => monthly) }, async (input) => {
      sent.push({ config: input.config, seasonLengths: input.seasonLengths, periodHints: input.periodHints, n: input.offsets.length - 1 });
      return backtestMany((s, h, o) => core.forecast(s, h, o), input);
    }, () => {}, { windows: 2, sampleSize: 5, finalists: 2, finalSample: 8, holdoutSample: 12, chunkSize: 3, margin: 0 });
    expect(r.report.candidates.map((c) => c.config)).toContainEqual({ season_length: 12 });
    for (const u of sent) {
      const told = u.config?.season_length;
      expect(u.seasonLengths).toEqual(Array(u.n).fill(told));
      expect(u.periodHints).toEqual(Array(u.n).fill(told === undefined ? [12] : undefined));
    }
    expect(sent.some((u) => u.config?.season_length === 1)).toBe(true);
  });

  it('sends nothing about seasons without dates, and pins no season the dates do not share', async () => {
    const sent: ManyInput[] = [];
    await tune({ series: series.slice(0, 4), horizon, base: {}, candidates: candidateConfigs({}).slice(0, 2) }, async (input) => {
      sent.push(input);
      return backtestMany((s, h, o) => core.forecast(s, h, o), input);
    }, () => {}, { windows: 1, sampleSize: 2, finalists: 1, finalSample: 2, holdoutSample: 2, chunkSize: 2 });
    expect(sent.every((u) => u.seasonLengths === undefined && u.periodHints === undefined)).toBe(true);
    const hourly = planDates({ freq: 'PT1H', length: 0, horizon: 1 });
    const daily = planDates({ freq: 'P1D', length: 0, horizon: 1 });
    expect(sharedCalendarSeasons([hourly, hourly])).toEqual([24, 168]);
    // 365.25 days is no whole number of steps; a weekly series' 52.18 neither
    expect(sharedCalendarSeasons([daily])).toEqual([7]);
    expect(sharedCalendarSeasons([hourly, daily])).toEqual([]);
    expect(sharedCalendarSeasons([monthly, { periods: [] }])).toEqual([]);
    expect(sharedCalendarSeasons([planDates({ freq: 'P1Y', length: 0, horizon: 1 })])).toEqual([]);
    // a base that pins its own season keeps it: no calendar candidate overrides it
    expect(candidateConfigs({ season_length: 4 }, [12])).not.toContainEqual({ season_length: 12 });
  });
});
