// Calendar hints through the core (ABI 2, statsCalendarPeriod): a period the data shows is used,
// detection still decides when the data shows another, and a told season length ignores hints.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';

const AIR36 = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149, 170, 170,
  158, 133, 114, 140, 145, 150, 178, 163, 172, 178, 199, 199, 184, 162, 146, 166];

let core: Forecaster;
beforeAll(async () => { core = await loadForecaster(); });

describe('periodHints', () => {
  it('uses the calendar period where detection alone finds none', () => {
    // three years of a trend, a faint yearly cycle and irregular noise: too little for blind detection
    const y = Array.from({ length: 36 }, (_, i) => 100 + i + 5 * Math.sin((2 * Math.PI * i) / 12) + 6 * Math.sin(i * i * 1.3));
    expect(core.forecast(y, 3).method.season_length).toBe(1);
    const hinted = core.forecast(y, 3, { periodHints: [12] });
    expect(hinted.method.season_length).toBe(12);
    expect(hinted.forecast).toEqual(core.forecast(y, 3, { seasonLength: 12 }).forecast);
  });

  it('uses a calendar period the data passes the test at', () => {
    const hinted = core.forecast(AIR36, 3, { periodHints: [12] });
    expect(hinted.method.season_length).toBe(12);
    expect(hinted.forecast).toEqual(core.forecast(AIR36, 3, { seasonLength: 12 }).forecast);
  });

  it('takes the first hint the data passes, in the order given', () => {
    const hourly = Array.from({ length: 24 * 10 }, (_, i) => 100 + 20 * Math.sin((2 * Math.PI * i) / 24) + ((i * 7919) % 17) / 4);
    expect(core.forecast(hourly, 2, { periodHints: [24, 168] }).method.season_length).toBe(24);
    // 168 does not fit three times into 240 values, so it cannot pass; 24 is still found
    expect(core.forecast(hourly, 2, { periodHints: [168, 24] }).method.season_length).toBe(24);
  });

  it('lets detection decide when the data shows another period', () => {
    const seven = Array.from({ length: 84 }, (_, i) => 50 + 10 * Math.sin((2 * Math.PI * i) / 7) + ((i * 7919) % 13) / 10);
    expect(core.forecast(seven, 2, { periodHints: [12] }).method.season_length).toBe(7);
  });

  it('is ignored when a season length is told, and harmless on series too short for it', () => {
    expect(core.forecast(AIR36, 3, { seasonLength: 1, periodHints: [12] }).method.season_length).toBe(1);
    expect(core.forecast([1, 2, 3, 4, 5], 2, { periodHints: [12] }).method.season_length).toBe(1);
    expect(core.forecast([1, null, 3], 1, { periodHints: [NaN, -4, 1e9] }).forecast).toHaveLength(1);
  });
});
