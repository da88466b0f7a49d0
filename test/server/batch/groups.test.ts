// Grouping covers every series once, in order, within the value and series caps.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { groupSeries } from '../../../src/server/batch/groups.js';

describe('groupSeries', () => {
  it('cuts consecutive series into groups that close at the value or series cap', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 1, max: 3000 }), { maxLength: 300 }), fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 40 }), (lengths, values, series) => {
      const groups = groupSeries(lengths, values, series);
      let at = 0;
      for (const g of groups) {
        expect(g.start).toBe(at);
        expect(g.end).toBeGreaterThan(g.start);
        expect(g.end - g.start).toBeLessThanOrEqual(series);
        // only the last series of a group may carry it over the value cap
        const sum = lengths.slice(g.start, g.end - 1).reduce((a, b) => a + b, 0);
        expect(sum).toBeLessThan(values);
        at = g.end;
      }
      expect(at).toBe(lengths.length);
    }));
  });

  it('puts a long series alone and many short ones together', () => {
    expect(groupSeries([5000, 10, 10, 10], 2000, 32)).toEqual([{ start: 0, end: 1 }, { start: 1, end: 4 }]);
  });
});
