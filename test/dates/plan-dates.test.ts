import { describe, expect, it } from 'vitest';
import { DateError, planDates, seasonOptions } from '../../src/dates/index.js';

function monthly(start: number, n: number, day = '01'): string[] {
  return Array.from({ length: n }, (_, i) => {
    const m = start + i;
    return `${2000 + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, '0')}-${day}`;
  });
}

function errorOf(f: () => unknown): DateError {
  try { f(); } catch (e) { if (e instanceof DateError) return e; throw e; }
  throw new Error('no DateError thrown');
}

describe('planDates: future dates', () => {
  it('steps month ends by the calendar, leap days included', () => {
    const plan = planDates({ timestamps: ['2023-11-30', '2023-12-31', '2024-01-31'], length: 3, horizon: 3 });
    expect(plan).toEqual({ freq: 'P1M', periods: [12], timestamps: ['2024-02-29', '2024-03-31', '2024-04-30'] });
  });

  it('keeps the day of month and clamps it in short months', () => {
    const plan = planDates({ timestamps: ['2023-12-30', '2024-01-30'], length: 2, horizon: 3 });
    expect(plan.timestamps).toEqual(['2024-02-29', '2024-03-30', '2024-04-30']);
  });

  it('answers after 2024-01-31 monthly with 2024-02-29 when told the freq', () => {
    expect(planDates({ timestamps: ['2024-01-31'], freq: 'M', length: 1, horizon: 1 }).timestamps).toEqual(['2024-02-29']);
  });

  it('keeps the input offset and precision on an hourly grid', () => {
    const ts = ['2024-03-30T22:00:00+02:00', '2024-03-30T23:00:00+02:00'];
    const plan = planDates({ timestamps: ts, length: 2, horizon: 2 });
    expect(plan).toEqual({ freq: 'PT1H', periods: [24, 168], timestamps: ['2024-03-31T00:00:00+02:00', '2024-03-31T01:00:00+02:00'] });
  });

  it('accepts a change of offset on a fixed grid when the instants are regular', () => {
    // 01:00Z and 02:00Z written in two offsets
    const plan = planDates({ timestamps: ['2024-03-31T02:00+01:00', '2024-03-31T04:00+02:00'], length: 2, horizon: 1 });
    expect(plan.timestamps).toEqual(['2024-03-31T05:00+02:00']);
  });

  it('infers quarterly, yearly, weekly, daily and 15-minute grids with their calendar periods', () => {
    expect(planDates({ timestamps: ['2023-03-31', '2023-06-30', '2023-09-30'], length: 3, horizon: 2 }))
      .toEqual({ freq: 'P3M', periods: [4], timestamps: ['2023-12-31', '2024-03-31'] });
    expect(planDates({ timestamps: ['2019-01-01', '2020-01-01'], length: 2, horizon: 1 }))
      .toEqual({ freq: 'P1Y', periods: [], nonSeasonal: true, timestamps: ['2021-01-01'] });
    expect(planDates({ timestamps: ['2024-02-19', '2024-02-26'], length: 2, horizon: 1 }))
      .toEqual({ freq: 'P1W', periods: [52.18], timestamps: ['2024-03-04'] });
    expect(planDates({ timestamps: ['2024-02-28', '2024-02-29'], length: 2, horizon: 2 }))
      .toEqual({ freq: 'P1D', periods: [7, 365.25], timestamps: ['2024-03-01', '2024-03-02'] });
    expect(planDates({ timestamps: ['2024-01-01T23:30Z', '2024-01-01T23:45Z'], length: 2, horizon: 1 }))
      .toEqual({ freq: 'PT15M', periods: [96, 672], timestamps: ['2024-01-02T00:00Z'] });
  });

  it('reads ISO durations and aliases, and answers the ISO duration', () => {
    const cases: Array<[string, string, number[]]> = [
      ['PT1H', 'PT1H', [24, 168]], ['h', 'PT1H', [24, 168]], ['30min', 'PT30M', [48, 336]], ['15min', 'PT15M', [96, 672]],
      ['D', 'P1D', [7, 365.25]], ['W', 'P1W', [52.18]], ['MS', 'P1M', [12]], ['ME', 'P1M', [12]],
      ['QS', 'P3M', [4]], ['Q', 'P3M', [4]], ['YS', 'P1Y', []], ['P12M', 'P1Y', []], ['P7D', 'P1W', [52.18]],
    ];
    for (const [freq, iso, periods] of cases) {
      const plan = planDates({ freq, length: 5, horizon: 1 });
      expect(plan, freq).toEqual({ freq: iso, periods, ...(iso === 'P1Y' ? { nonSeasonal: true } : {}) });
    }
  });

  it('tells the core a told length, else non-seasonal for yearly steps, else the calendar periods as hints', () => {
    expect(seasonOptions(planDates({ freq: 'M', length: 5, horizon: 1 }), 4)).toEqual({ seasonLength: 4 });
    expect(seasonOptions(planDates({ freq: 'Y', length: 5, horizon: 1 }))).toEqual({ seasonLength: 1 });
    expect(seasonOptions(planDates({ freq: 'h', length: 5, horizon: 1 }))).toEqual({ periodHints: [24, 168] });
    expect(seasonOptions(planDates({ length: 5, horizon: 1 }))).toEqual({});
  });

  it('is the identity on a request without dates', () => {
    expect(planDates({ length: 3, horizon: 2 })).toEqual({ periods: [] });
  });
});

describe('planDates: refusals carry a pointer and the expected date', () => {
  it('points at a gap with the missing date', () => {
    const ts = monthly(1, 6);
    ts.splice(3, 1);
    const e = errorOf(() => planDates({ timestamps: ts, freq: 'P1M', length: 5, horizon: 1 }));
    expect(e.pointer).toBe('/timestamps/3');
    expect(e.field).toBe('timestamps');
    expect(e.reason).toContain('expected 2000-04-01');
  });

  it('points at a duplicate and at an out-of-order date', () => {
    expect(errorOf(() => planDates({ timestamps: ['2024-01-01', '2024-01-02', '2024-01-02'], length: 3, horizon: 1 })).pointer)
      .toBe('/timestamps/2');
    const e = errorOf(() => planDates({ timestamps: ['2024-01-03', '2024-01-02'], length: 2, horizon: 1 }));
    expect(e.pointer).toBe('/timestamps/1');
    expect(e.reason).toContain('earlier');
  });

  it('refuses bad strings, missing offsets, impossible dates and mixed forms', () => {
    const bad: Array<[unknown[], string]> = [
      [['2024-01-01', 'soon'], 'RFC 3339'],
      [['2024-01-01T00:00', '2024-01-01T01:00'], 'no offset'],
      [['2023-02-29', '2023-03-01'], 'not a calendar date'],
      [['2024-01-01', '2024-01-02T00:00Z'], 'one form'],
      [['2024-01-01', 7], 'must be a string'],
    ];
    for (const [ts, text] of bad) {
      const e = errorOf(() => planDates({ timestamps: ts, length: 2, horizon: 1 }));
      expect(e.reason, String(ts)).toContain(text);
      expect(e.pointer).toBe(ts[0] === '2023-02-29' || (ts[0] as string).includes('T') ? '/timestamps/0' : '/timestamps/1');
    }
  });

  it('refuses a length mismatch, a bad freq, a sub-day freq on dates, and one timestamp without freq', () => {
    expect(errorOf(() => planDates({ timestamps: ['2024-01-01'], length: 2, horizon: 1 })).pointer).toBe('/timestamps');
    expect(errorOf(() => planDates({ freq: 'fortnightly', length: 2, horizon: 1 })).pointer).toBe('/freq');
    expect(errorOf(() => planDates({ freq: 'P1M1D', length: 2, horizon: 1 })).pointer).toBe('/freq');
    expect(errorOf(() => planDates({ timestamps: ['2024-01-01', '2024-01-02'], freq: 'h', length: 2, horizon: 1 })).pointer).toBe('/freq');
    expect(errorOf(() => planDates({ timestamps: ['2024-01-01'], length: 1, horizon: 1 })).pointer).toBe('/freq');
  });

  it('puts pointers under a batch entry', () => {
    const e = errorOf(() => planDates({ timestamps: ['2024-01-01', '2024-01-01'], length: 2, horizon: 1 }, '/series/17'));
    expect(e.pointer).toBe('/series/17/timestamps/1');
  });

  it('checks a date off a weekly grid against the told freq', () => {
    const e = errorOf(() => planDates({ timestamps: ['2024-01-01', '2024-01-08', '2024-01-16'], freq: 'W', length: 3, horizon: 1 }));
    expect(e.pointer).toBe('/timestamps/2');
    expect(e.reason).toContain('expected 2024-01-15');
  });
});

describe('planDates: invariants over many grids', () => {
  it('the future of a prefix continues the series itself', () => {
    const starts = ['2023-01-31', '2023-01-30', '2024-02-29', '2023-06-15'];
    for (const freq of ['P1M', 'P3M', 'P1Y', 'P1D', 'P1W']) {
      for (const s of starts) {
        const whole = planDates({ timestamps: [s], freq, length: 1, horizon: 30 }).timestamps!;
        const series = [s, ...whole.slice(0, 10)];
        // every generated date sits on the grid, and continuing from later points gives the same dates
        const again = planDates({ timestamps: series, freq, length: series.length, horizon: 20 }).timestamps!;
        expect(again, `${freq} ${s}`).toEqual(whole.slice(10));
      }
    }
  });
});

describe('planDates: one date off an inferred grid is named where it is', () => {
  it('a mid-month date in a monthly series: its own pointer, and the month start expected there', () => {
    const ts = monthly(1, 24);
    ts[5] = '2000-06-15';
    const e = errorOf(() => planDates({ timestamps: ts, length: 24, horizon: 1 }));
    expect(e.pointer).toBe('/timestamps/5');
    expect(e.reason).toContain('off the P1M grid: expected 2000-06-01');
  });

  it('a wrong day in a month-end series that starts on a 30-day month', () => {
    const ts = ['2024-04-30', '2024-05-31', '2024-06-30', '2024-07-15', '2024-08-31', '2024-09-30'];
    const e = errorOf(() => planDates({ timestamps: ts, length: 6, horizon: 1 }));
    expect(e.pointer).toBe('/timestamps/3');
    expect(e.reason).toContain('expected 2024-07-31');
  });

  it('a half-hour point in an hourly series', () => {
    const ts = ['00', '01', '02', '02:30', '04', '05'].map((h) => `2024-01-01T${h.length === 2 ? `${h}:00` : h}Z`);
    const e = errorOf(() => planDates({ timestamps: ts, length: 6, horizon: 1 }));
    expect(e.pointer).toBe('/timestamps/3');
    expect(e.reason).toContain('off the PT1H grid: expected 2024-01-01T03:00Z');
  });

  it('a series kept on the 30th is not mistaken for month ends', () => {
    const ts = ['2024-04-30', '2024-05-30', '2024-06-30', '2024-07-30'];
    expect(planDates({ timestamps: ts, length: 4, horizon: 2 })).toMatchObject({ freq: 'P1M', timestamps: ['2024-08-30', '2024-09-30'] });
    const nov = ['2023-11-30', '2023-12-30', '2024-01-30', '2024-02-29', '2024-03-30'];
    expect(planDates({ timestamps: nov, length: 5, horizon: 1 }).timestamps).toEqual(['2024-04-30']);
  });
});
