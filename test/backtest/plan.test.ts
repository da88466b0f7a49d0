// Where windows fall and how many fit, swept over small lengths against a direct count.
import { describe, it, expect } from 'vitest';
import { MIN_TRAINING_VALUES, windowCutoffs, windowsThatFit } from '../../src/backtest/plan.js';
import { scoreWindows } from '../../src/backtest/score.js';

describe('windows', () => {
  it('fit exactly when every window keeps its minimum training part and its horizon', () => {
    for (let n = 1; n <= 30; n++) {
      for (let h = 1; h <= 6; h++) {
        for (let step = 1; step <= 7; step++) {
          const fit = windowsThatFit(n, h, step);
          // direct count: window k (0 = last) needs cutoff n-1-h-k·step ≥ MIN_TRAINING_VALUES-1
          let count = 0;
          while (n - 1 - h - count * step >= MIN_TRAINING_VALUES - 1) count++;
          expect(fit, `n=${n} h=${h} step=${step}`).toBe(count);
          if (fit > 0) {
            const cuts = windowCutoffs(n, h, fit, step);
            expect(cuts[cuts.length - 1] + h).toBe(n - 1);
            expect(cuts[0]).toBeGreaterThanOrEqual(MIN_TRAINING_VALUES - 1);
          }
        }
      }
    }
  });
});

describe('scoreWindows', () => {
  it('gives null for a measure no window can define, and null coverage for a level with no actual value', () => {
    const flat = { train: [5, 5, 5], forecast: [5], actual: [6], seasonLength: 1, intervals: { '90': { lower: [4], upper: [6] } } };
    const out = scoreWindows([flat]);
    expect(out.mase).toBeNull(); // scale 0
    expect(out.smape).toBeCloseTo(200 / 11, 12);
    expect(out.coverage).toEqual({ '90': 1 });
    const none = scoreWindows([{ ...flat, actual: [NaN] }]);
    expect(none).toEqual({ mase: null, smape: null, rmsse: null, coverage: { '90': null } });
  });
});
