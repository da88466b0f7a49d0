// The page's pure modules under Node: reading input, comparing forecasts, describing configs and
// problems, and the chart's geometry. The browser tests cover the DOM around them.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compareForecasts, seriesScale } from '../../src/web/agreement.js';
import { chartGeometry } from '../../src/web/chart.js';
import { summarizeConfig } from '../../src/web/config-summary.js';
import { problemFromAnswer, problemMessage, problemReference } from '../../src/web/problem.js';
import { parseInteger, parseLevels, parseSeries } from '../../src/web/series-input.js';

const headers = (h: Record<string, string> = {}) => ({ get: (n: string) => h[n.toLowerCase()] ?? null });

describe('parseSeries', () => {
  it('reads numbers separated any common way, with NA for missing values', () => {
    expect(parseSeries('1, 2.5;3\n-4e2  NA null 5')).toEqual({ ok: true, value: [1, 2.5, 3, -400, null, null, 5] });
  });

  it('names the first value that is not a number', () => {
    const r = parseSeries('1 2 x3 4');
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/Value 3 \("x3"\)/);
  });

  it('refuses an empty or all-missing series', () => {
    expect(parseSeries('  ').ok).toBe(false);
    expect(parseSeries('NA, NA').ok).toBe(false);
  });

  it('gives back any finite series it is shown', () => {
    fc.assert(fc.property(fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 1 }), (xs) => {
      const r = parseSeries(xs.map(String).join(', '));
      // String(-0) is "0": minus zero is the one value text cannot carry
      expect(r).toEqual({ ok: true, value: xs.map((x) => (x === 0 ? 0 : x)) });
    }));
  });
});

describe('parseLevels and parseInteger', () => {
  it('reads levels strictly between 0 and 100, once each', () => {
    expect(parseLevels('80, 95%')).toEqual({ ok: true, value: [80, 95] });
    expect(parseLevels('')).toEqual({ ok: true, value: [] });
    for (const bad of ['0', '100', '80 80', 'high']) expect(parseLevels(bad).ok, bad).toBe(false);
  });

  it('reads a bounded whole number, optional only when allowed', () => {
    expect(parseInteger(' 12 ', 'horizon', 1, 1000, false)).toEqual({ ok: true, value: 12 });
    expect(parseInteger('', 'season length', 1, 10, true)).toEqual({ ok: true, value: undefined });
    for (const bad of ['', '0', '1001', '2.5', '-3']) expect(parseInteger(bad, 'horizon', 1, 1000, false).ok, bad).toBe(false);
  });
});

describe('compareForecasts', () => {
  const history = [100, -2000, 3];

  it('calls equal answers identical, with the tolerance relative to the largest |value|', () => {
    const a = { forecast: [1, 2], intervals: { 80: { lower: [0, 1], upper: [2, 3] } } };
    const r = compareForecasts(history, a, structuredClone(a));
    expect(r).toEqual({ identical: true, maxAbsDiff: 0, tolerance: 1e-9 * 2000, compared: 6 });
    expect(seriesScale([null, 0.5])).toBe(1);
  });

  it('tells a difference above the tolerance from one below it, in forecasts and in interval bounds', () => {
    const tol = 1e-9 * 2000;
    const a = { forecast: [1, 2], intervals: { 95: { lower: [0, 1], upper: [2, 3] } } };
    const small = { ...a, forecast: [1 + tol / 2, 2] };
    const big = { ...a, intervals: { 95: { lower: [0, 1], upper: [2, 3 + tol * 4] } } };
    expect(compareForecasts(history, a, small).identical).toBe(true);
    const r = compareForecasts(history, a, big);
    expect(r.identical).toBe(false);
    expect(r.maxAbsDiff).toBeCloseTo(tol * 4, 15);
  });

  it('calls different shapes different', () => {
    expect(compareForecasts(history, { forecast: [1, 2] }, { forecast: [1] }).identical).toBe(false);
    expect(compareForecasts(history, { forecast: [1] }, { forecast: [1], intervals: { 80: { lower: [0], upper: [2] } } }).identical).toBe(false);
    expect(compareForecasts(history, { forecast: [NaN] }, { forecast: [1] }).identical).toBe(false);
  });
});

describe('summarizeConfig', () => {
  it('describes the default, a single model and a custom ensemble', () => {
    expect(summarizeConfig({})).toMatch(/^The tempo ensemble with its default members; season length detected/);
    expect(summarizeConfig({ model: 'ets', season_length: 12 })).toMatch(/^Exponential smoothing .*season length 12\.$/);
    expect(summarizeConfig({ members: ['ets', 'arima'], combination: 'mean' })).toMatch(/of ETS, ARIMA; combined by the mean/);
    expect(summarizeConfig({ model: 'future-model', extra: 1 })).toMatch(/^Model "future-model".*extra = 1/);
  });

  it('describes a tuned model\'s segments: intermittent series and each season\'s config', () => {
    const words = summarizeConfig({ intermittent: {}, seasons: { 12: { model: 'snaive' }, 1: { model: 'otm' } } });
    expect(words).toMatch(/intermittent series: the Croston-family routing/);
    expect(words).toMatch(/regular series of season 12: seasonal naive/);
    expect(words).toMatch(/regular series of season 1: optimised Theta/);
    expect(words).not.toMatch(/seasons = /);
  });
});

describe('problems', () => {
  it('says in words what each key refusal means and keeps the server detail and request id', () => {
    const cases: Array<[string, RegExp]> = [
      ['API_KEY_INACTIVE', /disabled/], ['API_KEY_EXPIRED', /expired/], ['API_KEY_INVALID', /not recognised/],
    ];
    for (const [code, words] of cases) {
      const p = problemFromAnswer(401, headers(), { code, detail: 'server words', request_id: 'req_1' });
      expect(problemMessage(p)).toMatch(words);
      expect(problemMessage(p)).toContain('Server says: server words.');
      expect(problemReference(p)).toBe(`${code} · HTTP 401 · request req_1`);
    }
  });

  it('carries retry hints and field errors, and copes with a body that is not problem+json', () => {
    const limited = problemFromAnswer(429, headers({ 'retry-after': '7' }), { code: 'API_USAGE_LIMIT' });
    expect(problemMessage(limited)).toMatch(/quota.*Try again in 7 s/);
    const invalid = problemFromAnswer(400, headers(), { code: 'REQUEST_INVALID', errors: [{ pointer: '/horizon', detail: 'must be <= 1000' }] });
    expect(problemMessage(invalid)).toContain('/horizon: must be <= 1000');
    const bare = problemFromAnswer(502, headers({ 'x-request-id': 'req_9' }), undefined);
    expect(problemMessage(bare)).toMatch(/HTTP 502/);
    expect(bare.requestId).toBe('req_9');
  });
});

describe('chartGeometry', () => {
  it('breaks the history line at missing values and starts forecasts at the last observation', () => {
    const g = chartGeometry({ history: [1, 2, null, 4, 5], api: [6, 7], browser: [6, 7], bands: [] });
    expect(g.history.match(/M/g)).toHaveLength(2);
    expect(g.api).toBe(g.browser);
    expect(g.api.startsWith(`M${g.splitX},`)).toBe(true);
  });

  it('paints the widest band first and keeps every point inside the plot', () => {
    const g = chartGeometry({
      history: [10, 12, 11], api: [12, 13],
      bands: [{ level: 80, lower: [11, 11], upper: [13, 15] }, { level: 95, lower: [9, 8], upper: [15, 18] }],
    }, 400, 260);
    expect(g.bands.map((b) => b.level)).toEqual([95, 80]);
    const coords = [g.history, g.api, ...g.bands.map((b) => b.d)].join('').match(/-?[\d.]+,-?[\d.]+/g)!;
    for (const c of coords) {
      const [x, y] = c.split(',').map(Number);
      expect(x).toBeGreaterThanOrEqual(g.plot.left);
      expect(x).toBeLessThanOrEqual(g.plot.right);
      expect(y).toBeGreaterThanOrEqual(g.plot.top);
      expect(y).toBeLessThanOrEqual(g.plot.bottom);
    }
  });
});
