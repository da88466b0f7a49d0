// The batch check reads every series' dates while it checks them and hands them on, so the answer
// writes each series' future dates from them instead of reading its timestamps again: written out,
// they must be exactly the plan planDates makes for that series as the answer used to ask for it
// (its timestamps, the batch's freq and horizon), series without timestamps included, byte for byte.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { loadConfig } from '../../../src/config/config.js';
import { planDates, writePlan } from '../../../src/dates/index.js';
import { compileRequests } from '../../../src/server/schemas/requests.js';
import { checkInSlices } from '../../../src/server/validation/request-check.js';
import type { BatchRequestBody } from '../../../src/common/types.js';

const config = loadConfig({}, {});
// the batch check's errors, and the dates it hands on
const check = async (body: unknown) => {
  const { errors, accepted } = await checkInSlices(compileRequests(config).batch, body);
  return { errors, dates: accepted?.dates };
};

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const HOUR = 3_600_000;
// the k-th point of each grid, written as a caller would send it
const GRIDS = {
  P1M: (k: number) => day(Date.UTC(2020, k, 1)),
  // month ends: the grid the future keeps on the last day of each month
  'P1M ends': (k: number) => day(Date.UTC(2020, k + 1, 0)),
  P3M: (k: number) => day(Date.UTC(2020, 3 * k, 15)),
  P1Y: (k: number) => day(Date.UTC(1990 + k, 2, 15)),
  P1D: (k: number) => day(Date.UTC(2020, 0, 1 + k)),
  P1W: (k: number) => day(Date.UTC(2020, 0, 6 + 7 * k)),
  // a fixed offset is written back as sent
  PT1H: (k: number) => `${new Date(Date.UTC(2020, 2, 28, k) + 2 * HOUR).toISOString().slice(0, 19)}+02:00`,
  PT15M: (k: number) => new Date(Date.UTC(2020, 0, 1, 0, 15 * k)).toISOString().replace('.000', ''),
};
type GridName = keyof typeof GRIDS;
const freqOf = (g: GridName) => g.split(' ')[0];

const batches = fc.record({
  grid: fc.constantFrom(...(Object.keys(GRIDS) as GridName[])),
  sendFreq: fc.boolean(),
  horizon: fc.integer({ min: 1, max: 60 }),
  series: fc.array(fc.record({ length: fc.integer({ min: 1, max: 40 }), start: fc.integer({ min: 0, max: 400 }), withStamps: fc.integer({ min: 0, max: 3 }) }), { minLength: 1, maxLength: 8 }),
}).map(({ grid, sendFreq, horizon, series }): BatchRequestBody => ({
  horizon,
  ...(sendFreq ? { freq: freqOf(grid) } : {}),
  series: series.map((s, i) => {
    // one timestamp says no step: only a batch with a freq may send it; a quarter of the series send none
    const length = sendFreq ? s.length : Math.max(2, s.length);
    const values = Array.from({ length }, (_, t) => 50 + 10 * Math.sin(t + i));
    if (s.withStamps === 0) return { id: `s${i}`, values };
    return { id: `s${i}`, values, timestamps: Array.from({ length }, (_, k) => GRIDS[grid](s.start + k)) };
  }),
}));

describe('the batch check\'s dates', () => {
  it('write out to planDates\' plan of every series, those without timestamps too', async () => {
    let mixed = 0;
    await fc.assert(fc.asyncProperty(batches, async (body) => {
      const { errors, dates } = await check(body);
      expect(errors).toEqual([]);
      expect(dates).toHaveLength(body.series.length);
      for (const [i, s] of body.series.entries()) {
        const fresh = planDates({ timestamps: s.timestamps, freq: body.freq, length: s.values.length, horizon: body.horizon });
        // the answer serialises the plan, so the same text is the test, not only equal values
        expect(JSON.stringify(writePlan(dates![i]))).toBe(JSON.stringify(fresh));
        expect(writePlan(dates![i])).toEqual(fresh);
      }
      if (body.series.some((s) => s.timestamps === undefined) && body.series.some((s) => s.timestamps !== undefined)) mixed += 1;
    }), { numRuns: 300 });
    // the sweep must reach batches where dated series sit beside undated ones
    expect(mixed).toBeGreaterThan(50);
  });

  it('are written out again alike: writing a series\' dates leaves its checked dates as they were', async () => {
    const body = { horizon: 3, series: [{ id: 'a', values: [1, 2, 3], timestamps: ['2024-01-31', '2024-02-29', '2024-03-31'] }] };
    const { dates } = await check(body);
    const first = writePlan(dates![0]);
    expect(first).toEqual({ freq: 'P1M', periods: [12], timestamps: ['2024-04-30', '2024-05-31', '2024-06-30'] });
    expect(writePlan(dates![0])).toEqual(first);
  });

  it('are absent from a refused batch', async () => {
    const body = { horizon: 2, series: [{ id: 'a', values: [1, 2, 3, 4], timestamps: ['2024-01-01', '2024-02-01', '2024-03-01', '2024-03-15'] }, { id: 'b', values: [1, 2] }] };
    const refused = await check(body);
    expect(refused.errors.map((e) => e.pointer)).toEqual(['/series/0/timestamps/3']);
    expect(refused.dates).toBeUndefined();
  });
});
