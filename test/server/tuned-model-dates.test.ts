// The tuned-model check plans every dated series while it checks it and hands the plans on, so the
// route and `tempo models tune` start the tuning with them instead of planning a million timestamps
// again: they must be the plans trainingDates makes from the checked body, one per series, those
// without timestamps included, and none at all for an undated training.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { loadConfig } from '../../src/config/config.js';
import { compileRequests } from '../../src/server/schemas/requests.js';
import { checkAtOnce, checkInSlices, type Checked } from '../../src/server/validation/request-check.js';
import type { AcceptedTunedModel } from '../../src/server/schemas/tuned-model-request.js';
import { trainingDates } from '../../src/tuning/training-dates.js';
import type { TunedModelRequestBody } from '../../src/common/tuned-model-types.js';

const config = loadConfig({}, {});
const request = compileRequests(config).tunedModel;
// what the check found: its errors, and the date plans it hands on
const found = ({ errors, accepted }: Checked<AcceptedTunedModel>) => ({ errors, ...(accepted?.dates !== undefined ? { dates: accepted.dates } : {}) });
const atOnce = (body: unknown) => found(checkAtOnce(request, body));
const sliced = async (body: unknown) => found(await checkInSlices(request, body));

type Training = TunedModelRequestBody['training'];
const STEPS = {
  P1M: (k: number) => new Date(Date.UTC(2020, k, 1)).toISOString().slice(0, 10),
  P1D: (k: number) => new Date(Date.UTC(2020, 0, 1 + k)).toISOString().slice(0, 10),
  PT1H: (k: number) => new Date(Date.UTC(2020, 0, 1, k)).toISOString().replace('.000', ''),
};
type Freq = keyof typeof STEPS;

const values = (n: number, phase: number) => Array.from({ length: n }, (_, t) => 50 + 10 * Math.sin(t + phase));
const stamps = (freq: Freq, start: number, n: number) => Array.from({ length: n }, (_, i) => STEPS[freq](start + i));

const dated = fc.record({
  freq: fc.constantFrom<Freq>('P1M', 'P1D', 'PT1H'),
  sendFreq: fc.boolean(),
  horizon: fc.integer({ min: 1, max: 4 }),
  series: fc.array(fc.record({ length: fc.integer({ min: 10, max: 30 }), start: fc.integer({ min: 0, max: 500 }), withStamps: fc.boolean() }), { minLength: 1, maxLength: 6 }),
}).map(({ freq, sendFreq, horizon, series }): Training => ({
  horizon,
  ...(sendFreq ? { freq } : {}),
  series: series.map((s, i) => ({ id: `s${i}`, values: values(s.length, i), ...(s.withStamps ? { timestamps: stamps(freq, s.start, s.length) } : {}) })),
}));

describe('the tuned-model check\'s date plans', () => {
  it('are trainingDates\' plans of the checked body, one per series, at once and in slices', async () => {
    let withUndatedSeries = 0;
    await fc.assert(fc.asyncProperty(dated, async (training) => {
      const body = { name: 'm', training };
      const check = atOnce(body);
      expect(check.errors).toEqual([]);
      expect(check.dates).toEqual(trainingDates(training));
      expect(await sliced(body)).toEqual(check);
      if (check.dates !== undefined) {
        expect(check.dates).toHaveLength(training.series.length);
        if (training.series.some((s) => s.timestamps === undefined)) withUndatedSeries += 1;
      }
    }), { numRuns: 300 });
    // the sweep must reach dated trainings with series that carry no timestamps of their own
    expect(withUndatedSeries).toBeGreaterThan(50);
  });

  it('give every series the calendar of a freq sent alone', () => {
    const training = { horizon: 2, freq: 'Q', series: [{ id: 'a', values: values(12, 0) }, { id: 'b', values: values(8, 1) }] };
    expect(atOnce({ name: 'm', training }).dates).toEqual([
      { freq: 'P3M', periods: [4] },
      { freq: 'P3M', periods: [4] },
    ]);
  });

  it('plan a series without timestamps beside dated ones as having no calendar', () => {
    const training = { horizon: 2, series: [{ id: 'a', values: values(12, 0), timestamps: stamps('P1M', 0, 12) }, { id: 'b', values: values(8, 1) }] };
    const { dates } = atOnce({ name: 'm', training });
    expect(dates?.[0]).toMatchObject({ freq: 'P1M', timestamps: ['2021-01-01', '2021-02-01'] });
    expect(dates?.[1]).toEqual({ periods: [] });
  });

  it('are absent for an undated training, and for a refused one', () => {
    const training = { horizon: 2, series: [{ id: 'a', values: values(12, 0) }] };
    expect(atOnce({ name: 'm', training })).toEqual({ errors: [] });
    const refused = atOnce({ name: 'm', training: { ...training, series: [{ ...training.series[0], timestamps: stamps('P1M', 0, 11) }] } });
    expect(refused.errors.map((e) => e.pointer)).toEqual(['/training/series/0/timestamps']);
    expect(refused.dates).toBeUndefined();
  });
});
