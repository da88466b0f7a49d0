// Tuning's schedule with the real core scoring in this thread: each (config, series, window) is
// scored once, the holdout is seen only by the holdout check, and the margin keeps the base.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '../../src/core/index.js';
import { backtestMany, type ManyInput } from '../../src/backtest/many.js';
import { candidateConfigs } from '../../src/tuning/candidates.js';
import { tune } from '../../src/tuning/tune.js';
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
    // round one: 5 series × every candidate; round two: 8 series × 2 windows less the 5 already scored, × (base + 2)
    // with no margin the best of round two is the pick, and the base joins it on the holdout unless it is the base
    const configs = r.report.candidates[0].config !== candidates[0] ? 2 : 1;
    expect(seen.size).toBe(5 * candidates.length + (8 * 2 - 5) * 3 + 12 * configs);
    expect(holdoutUnits).toBe(12 * configs);
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
