// The once-per-bounds compile behind the request validators.
import { describe, it, expect } from 'vitest';
import { compiledOnce } from '../../src/server/middleware/compiled-once.js';
import { createForecastValidator } from '../../src/server/middleware/validate-forecast.js';
import { loadConfig } from '../../src/config/config.js';

describe('compiledOnce', () => {
  it('compiles each JSON-equal argument once and hands every caller that result', () => {
    const calls: string[] = [];
    const make = compiledOnce((b: { max: number }) => { calls.push(JSON.stringify(b)); return { max: b.max }; });
    const a = make({ max: 3 });
    expect(make({ max: 3 })).toBe(a);
    const b = make({ max: 4 });
    expect(b).not.toBe(a);
    expect(b.max).toBe(4);
    expect(calls).toEqual(['{"max":3}', '{"max":4}']);
  });

  it('gives the forecast check of other bounds its own limits', () => {
    const bounds = loadConfig({ 'data-dir': '/tmp' }, {}).bounds;
    const strict = createForecastValidator({ ...bounds, maxHorizon: 2 });
    const usual = createForecastValidator(bounds);
    expect(createForecastValidator({ ...bounds })).toBe(usual);
    expect(strict({ series: [1, 2, 3], horizon: 3 }).map((e) => e.pointer)).toEqual(['/horizon']);
    expect(usual({ series: [1, 2, 3], horizon: 3 })).toEqual([]);
  });
});
