// Tuning by segment with the real core: intermittent series are tuned among the Croston family and
// keep it at forecast time whatever the regular segment chose; the report's counts add up.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { backtestMany } from '../../src/backtest/many.js';
import { candidateConfigs } from '../../src/tuning/candidates.js';
import { INTERMITTENT_CANDIDATES, tuneSegments } from '../../src/tuning/segments.js';
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
    }, (d) => { shares.push(d); }, { windows: 2, sampleSize: 6, finalists: 2, finalSample: 6, holdoutSample: 11, chunkSize: 3, margin: 0 });
    expect(r.report.metric).toBe('MASE');
    expect(r.report.segments.regular!.series).toBe(6);
    expect(r.report.segments.intermittent!.series).toBe(5);
    expect(r.report.series.tuned_on).toBe(r.report.segments.regular!.report.series.tuned_on + r.report.segments.intermittent!.report.series.tuned_on);
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
