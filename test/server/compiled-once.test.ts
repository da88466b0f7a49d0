// The once-per-bounds compile behind the request validators.
import { describe, it, expect } from 'vitest';
import { compiledOnce } from '../../src/server/middleware/compiled-once.js';
import { compileRequests } from '../../src/server/schemas/requests.js';
import { checkAtOnce } from '../../src/server/validation/request-check.js';
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

  it('gives the request checks of other bounds their own limits', () => {
    const config = loadConfig({ 'data-dir': '/tmp' }, {});
    const strict = compileRequests({ ...config, bounds: { ...config.bounds, maxHorizon: 2 } });
    const usual = compileRequests(config);
    expect(compileRequests({ ...config })).toBe(usual);
    expect(checkAtOnce(strict.forecast, { series: [1, 2, 3], horizon: 3 }).errors.map((e) => e.pointer)).toEqual(['/horizon']);
    expect(checkAtOnce(usual.forecast, { series: [1, 2, 3], horizon: 3 }).errors).toEqual([]);
  });
});
