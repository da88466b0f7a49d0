// RMSSE and the missing-value rule of the shared scales, on cases small enough to compute by hand.
import { describe, it, expect } from 'vitest';
import { mase, maseScale, rmsse, rmsseScale } from '../../src/metrics/index.js';

describe('rmsse', () => {
  it('scales the mean squared error by the mean squared one-step difference of the training part', () => {
    const train = [1, 3, 2, 6]; // diffs 2, -1, 4 → squares 4, 1, 16 → mean 7
    expect(rmsseScale(train)).toBeCloseTo(7, 12);
    // errors 2 and -3 → squares 4, 9 → mean 6.5 → sqrt(6.5 / 7)
    expect(rmsse(train, [8, 5], [6, 8])).toBeCloseTo(Math.sqrt(6.5 / 7), 12);
  });
  it('is 1 for the naive forecast when future steps move like the past', () => {
    const train = [10, 12, 14, 16]; // every step +2: scale 4
    // naive repeats 16; actual 18 → error 2 → MSE 4 → RMSSE 1
    expect(rmsse(train, [18], [16])).toBeCloseTo(1, 12);
  });
  it('is NaN without a training pair and refuses mismatched lengths', () => {
    expect(rmsseScale([5])).toBeNaN();
    expect(() => rmsse([1, 2], [1, 2], [1])).toThrow(/lengths/);
  });
});

describe('missing training values', () => {
  it('leave out the pairs they touch, in both scales', () => {
    const train = [1, NaN, 3, 4, 6]; // lag-1 pairs left: (3,4), (4,6) → |d| 1, 2
    expect(maseScale(train, 1)).toBeCloseTo(1.5, 12);
    expect(rmsseScale(train)).toBeCloseTo(2.5, 12);
    expect(mase(train, [7], [4], 1), 'error 3 over scale 1.5').toBeCloseTo(2, 12);
  });
  it('give NaN when no pair is left', () => {
    expect(maseScale([NaN, 1, NaN], 1)).toBeNaN();
  });
});
