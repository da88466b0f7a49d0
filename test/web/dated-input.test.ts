// The playground's two-column (date, value) reading and the chart's date axis, under Node.
import { describe, it, expect } from 'vitest';
import { chartGeometry } from '../../src/web/chart.js';
import { dateLabels, parseDatedSeries } from '../../src/web/dated-input.js';

describe('parseDatedSeries', () => {
  it('reads a spreadsheet paste: tab, comma or semicolon columns, a header line, missing values', () => {
    expect(parseDatedSeries('date\tsales\n2024-01-31\t10\n2024-02-29\tNA\n2024-03-31\t12.5\n')).toEqual({
      ok: true, value: { values: [10, null, 12.5], timestamps: ['2024-01-31', '2024-02-29', '2024-03-31'] },
    });
    expect(parseDatedSeries('2024-01-01T00:00Z; 1\n2024-01-01T01:00Z; 2')).toEqual({
      ok: true, value: { values: [1, 2], timestamps: ['2024-01-01T00:00Z', '2024-01-01T01:00Z'] },
    });
    expect(parseDatedSeries('2024-01-01 13:00:00+02:00 5\n2024-01-01 14:00:00+02:00 6').ok).toBe(true);
  });

  it('reads plain numbers as before, without dates', () => {
    expect(parseDatedSeries('1, 2, 3\n4')).toEqual({ ok: true, value: { values: [1, 2, 3, 4] } });
    expect(parseDatedSeries('1 2 x3').ok).toBe(false);
  });

  it('names the line of a bad date or value', () => {
    expect(parseDatedSeries('2024-01-01, 1\n2024-13-01, 2')).toEqual({ ok: false, message: expect.stringContaining('Line 2') });
    expect(parseDatedSeries('2024-01-01, 1\n2024-01-02, many')).toEqual({ ok: false, message: 'Line 2: "many" is not a number.' });
    expect(parseDatedSeries('2024-01-01, 1\n2024-01-02')).toEqual({ ok: false, message: expect.stringContaining('two columns') });
  });
});

describe('date axis', () => {
  it('labels monthly dates by month, yearly by year, daily by day', () => {
    expect(dateLabels(['2024-01-31', '2024-02-29'])).toEqual(['2024-01-31', '2024-02-29']);
    expect(dateLabels(['2024-01-01', '2024-02-01'])).toEqual(['2024-01', '2024-02']);
    expect(dateLabels(['1871-01-01', '1872-01-01'])).toEqual(['1871', '1872']);
    expect(dateLabels(['2024-01-01T13:00:00Z'])).toEqual(['2024-01-01 13:00']);
  });

  it('puts the labels on the x ticks at their points', () => {
    const labels = Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`);
    const g = chartGeometry({ history: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], api: [11, 12], bands: [], labels });
    expect(g.xTicks.length).toBeGreaterThan(1);
    for (const t of g.xTicks) expect(labels).toContain(t.label);
    expect(g.xTicks[0].label).toBe('2024-01');
  });
});
