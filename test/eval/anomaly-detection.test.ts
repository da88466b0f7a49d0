// The anomaly target on seeded spiked series (eval/spiked-series.ts documents them): at level 99
// at least 90% of the spikes are found and fewer than 2% of the other values are flagged. The
// series and the core are deterministic, so the counts are the same on every run.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { scoreDetection } from '../../eval/anomalies.js';
import { spikedSeries, SPIKES_PER_SERIES } from '../../eval/spiked-series.js';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

describe('anomaly detection on injected spikes', () => {
  it('finds at least 90% of the spikes and flags under 2% of the other values at level 99', () => {
    const set = spikedSeries(90, 120, 1);
    const s = scoreDetection(f, set, 99);
    expect(s.spikes).toBe(90 * SPIKES_PER_SERIES);
    expect(s.found / s.spikes).toBeGreaterThanOrEqual(0.9);
    expect(s.flagged / s.others).toBeLessThan(0.02);
  });

  it('flags nothing more at a wider level, and more at a narrower one', () => {
    const set = spikedSeries(15, 120, 2);
    const wide = scoreDetection(f, set, 99.9), mid = scoreDetection(f, set, 99), narrow = scoreDetection(f, set, 80);
    expect(wide.found + wide.flagged).toBeLessThanOrEqual(mid.found + mid.flagged);
    expect(narrow.flagged).toBeGreaterThan(mid.flagged);
  });
});
