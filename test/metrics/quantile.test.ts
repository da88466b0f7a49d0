import { describe, it, expect } from 'vitest';
import { pinball, scaledPinball, M5_QUANTILES } from '../../src/metrics/index.js';

describe('pinball', () => {
  it('weighs misses below the quantile by tau and above it by 1 − tau', () => {
    // y = 10, q = 8 (under): 2·0.9 = 1.8; y = 5, q = 8 (over): 3·0.1 = 0.3 → mean 1.05
    expect(pinball([10, 5], [8, 8], 0.9)).toBeCloseTo(1.05, 12);
    // at the median it is half the absolute error
    expect(pinball([10, 5], [8, 8], 0.5)).toBeCloseTo(1.25, 12);
  });
  it('leaves out missing actual values', () => {
    expect(pinball([10, NaN], [8, 0], 0.5)).toBeCloseTo(1, 12);
    expect(pinball([NaN], [1], 0.5)).toBeNaN();
  });
});

describe('scaledPinball', () => {
  it('averages the levels and divides by the mean absolute one-step difference of the training part', () => {
    const train = [1, 3, 2, 4]; // |diffs| 2, 1, 2 → 5/3
    const sp = scaledPinball(train, [10, 5], { '0.9': [8, 8], '0.5': [8, 8] });
    expect(sp).toBeCloseTo((1.05 + 1.25) / 2 / (5 / 3), 12);
  });
  it('is NaN for a constant training part', () => {
    expect(scaledPinball([2, 2, 2], [1], { '0.5': [2] })).toBeNaN();
  });
  it('names M5\u2019s nine levels', () => {
    expect(M5_QUANTILES).toHaveLength(9);
    expect(M5_QUANTILES[4]).toBe(0.5);
  });
});
