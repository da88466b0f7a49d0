// Naive date-times (no offset) as files write them: read as UTC, planned like any date-time, and
// answered back in the file's own form; a series mixing forms is refused at the first that differs.
import { describe, it, expect } from 'vitest';
import { DateError, planDates } from '../../src/dates/index.js';
import { assumeUtc, toNaive } from '../../src/dates/naive.js';

function refusal(fn: () => unknown): DateError {
  try { fn(); } catch (err) { if (err instanceof DateError) return err; throw err; }
  throw new Error('expected a DateError');
}

describe('assumeUtc and toNaive', () => {
  it('adds Z to naive date-times written with a space or a T, and answers in the same form', () => {
    for (const sep of [' ', 'T']) {
      const raw = ['2024-03-30 22:00:00', '2024-03-30 23:00:00', '2024-03-31 00:00:00'].map((t) => t.replace(' ', sep));
      const { timestamps, naive } = assumeUtc(raw);
      expect(timestamps).toEqual(['2024-03-30T22:00:00Z', '2024-03-30T23:00:00Z', '2024-03-31T00:00:00Z']);
      expect(naive).toEqual({ separator: sep });
      const plan = planDates({ timestamps, length: 3, horizon: 2 });
      expect(plan.freq).toBe('PT1H');
      // past midnight and the month end (and a European DST night, which UTC does not have)
      expect(plan.timestamps!.map((t) => toNaive(t, naive!))).toEqual(['2024-03-31 01:00:00', '2024-03-31 02:00:00'].map((t) => t.replace(' ', sep)));
    }
  });

  it('keeps the written precision: minutes only, or fractions of a second', () => {
    const minutes = assumeUtc(['2024-01-01 09:00', '2024-01-01 09:15']);
    expect(planDates({ timestamps: minutes.timestamps, length: 2, horizon: 1 }).timestamps!.map((t) => toNaive(t, minutes.naive!))).toEqual(['2024-01-01 09:30']);
    const ms = assumeUtc(['2024-01-01T00:00:00.500', '2024-01-01T00:00:01.500']);
    expect(planDates({ timestamps: ms.timestamps, length: 2, horizon: 1 }).timestamps!.map((t) => toNaive(t, ms.naive!))).toEqual(['2024-01-01T00:00:02.500']);
  });

  it('leaves dates and date-times with offsets as they are (the same array)', () => {
    for (const raw of [['2024-01-31', '2024-02-29'], ['2024-01-01T00:00:00+02:00', '2024-01-01T01:00:00+02:00']]) {
      const out = assumeUtc(raw);
      expect(out.naive).toBeNull();
      expect(out.timestamps).toBe(raw);
    }
  });

  it('refuses mixed forms at the first that differs, with its pointer', () => {
    const cases: Array<[string[], string, RegExp]> = [
      [['2024-01-01 00:00:00', '2024-01-01 01:00:00', '2024-01-01T02:00:00Z'], '/series/4/timestamps/2', /timestamps\/2 is not a date-time without an offset but timestamps\/0 is "2024-01-01 00:00:00"/],
      [['2024-01-01 00:00:00', '2024-01-01T01:00:00'], '/series/4/timestamps/1', /timestamps\/1 separates date and time with "T"/],
      [['2024-01-01T00:00:00Z', '2024-01-01T01:00:00Z', '2024-01-01 02:00:00'], '/series/4/timestamps/2', /timestamps\/2 is a date-time without an offset but timestamps\/0 is not/],
      [['2024-01-01', '2024-01-02 00:00'], '/series/4/timestamps/1', /without an offset/],
    ];
    for (const [raw, pointer, reason] of cases) {
      const err = refusal(() => assumeUtc(raw, '/series/4'));
      expect(err.pointer).toBe(pointer);
      expect(err.reason).toMatch(reason);
    }
  });

  it('a naive date that is not on the calendar is still refused by the plan', () => {
    const { timestamps } = assumeUtc(['2023-02-28 00:00:00', '2023-02-29 00:00:00']);
    expect(refusal(() => planDates({ timestamps, length: 2, horizon: 1 })).pointer).toBe('/timestamps/1');
  });

  it('a local-time file with summer time is refused where the clock jumps: the spring gap and the autumn repeat', () => {
    const spring = assumeUtc(['2024-03-31 01:00:00', '2024-03-31 03:00:00', '2024-03-31 04:00:00', '2024-03-31 05:00:00']);
    // the most frequent step is the hour, so the jump itself is the date off the grid
    expect(refusal(() => planDates({ timestamps: spring.timestamps, length: 4, horizon: 1 }))).toMatchObject({
      pointer: '/timestamps/1', reason: expect.stringContaining('expected 2024-03-31T02:00:00Z'),
    });
    const autumn = assumeUtc(['2024-10-27 01:00:00', '2024-10-27 02:00:00', '2024-10-27 02:00:00', '2024-10-27 03:00:00']);
    expect(refusal(() => planDates({ timestamps: autumn.timestamps, length: 4, horizon: 1 }))).toMatchObject({
      pointer: '/timestamps/2', reason: expect.stringContaining('repeats timestamps/1'),
    });
  });
});
