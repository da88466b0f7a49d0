import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import { CoreError, type Forecaster } from '@tempo-forecast/core';

let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

describe('createForecaster', () => {
  it('returns one finite value per step and names what ran', () => {
    const r = f.forecast([1, 2, 3, 4, 5, 6, 7, 8], 4);
    expect(r.forecast).toHaveLength(4);
    for (const v of r.forecast) expect(Number.isFinite(v)).toBe(true);
    expect(r.method.components.length).toBeGreaterThan(0);
  });

  it('treats null and NaN as missing values alike', () => {
    const a = f.forecast([1, 2, null, 4, 5], 3);
    const b = f.forecast(new Float64Array([1, 2, NaN, 4, 5]), 3);
    expect(a).toEqual(b);
  });

  it('returns ordered intervals per level when asked', () => {
    const r = f.forecast([3, 5, 4, 6, 5, 7, 6, 8], 5, { level: [80, 95] });
    const i80 = r.intervals!['80'], i95 = r.intervals!['95'];
    for (let k = 0; k < 5; k++) {
      expect(i95.lower[k]).toBeLessThanOrEqual(i80.lower[k]);
      expect(i80.lower[k]).toBeLessThanOrEqual(r.forecast[k]);
      expect(r.forecast[k]).toBeLessThanOrEqual(i80.upper[k]);
      expect(i80.upper[k]).toBeLessThanOrEqual(i95.upper[k]);
    }
  });

  it('reports a series with no number as a CoreError, not a trap', () => {
    expect(() => f.forecast([null, null], 2)).toThrowError(CoreError);
    // the instance keeps working after an expected failure
    expect(f.forecast([2], 1).forecast).toEqual([2]);
  });

  it('rejects a level outside (0, 100) with a status', () => {
    expect(() => f.forecast([1, 2, 3], 2, { level: [100] })).toThrowError(CoreError);
  });
});
