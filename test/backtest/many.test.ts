// backtestMany with the real core: each series' unscaled error and season come back beside its
// MASE, so tuning can put every config on one scale per series.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { backtestMany, packSeries } from '../../src/backtest/many.js';
import { maseScale } from '../../src/metrics/index.js';
import { seasonal } from '../server/harness.js';

let core: Forecaster;
beforeAll(async () => { core = await loadForecaster(); });

describe('backtestMany', () => {
  it("returns each series' MAE and season, consistent with its MASE, and NaN/0 where no window fits", () => {
    const series = [seasonal(60), seasonal(3)];
    const horizon = 6;
    const r = backtestMany((s, h, o) => core.forecast(s, h, o), { ...packSeries(series), horizon, windows: 1 });
    const seen = Float64Array.from(series[0].slice(0, 60 - horizon));
    const fc = core.forecast(seen, horizon, {});
    const actual = series[0].slice(60 - horizon);
    const mae = actual.reduce((a, v, k) => a + Math.abs(v - fc.forecast[k]), 0) / horizon;
    expect(r.season[0]).toBe(fc.method.season_length);
    expect(r.mae[0]).toBeCloseTo(mae, 9);
    expect(r.mse[0]).toBeCloseTo(actual.reduce((a, v, k) => a + (v - fc.forecast[k]) ** 2, 0) / horizon, 9);
    expect(r.mse[1]).toBeNaN();
    expect(r.mase[0]).toBeCloseTo(mae / maseScale(seen, Math.max(1, fc.method.season_length)), 9);
    expect(r.mae[1]).toBeNaN();
    expect(r.season[1]).toBe(0);
  });
});
