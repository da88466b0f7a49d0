// `method.seasonal_periods` over real HTTP: hourly data with a daily and a weekly cycle is forecast
// with both seasons and says so (single forecast, batch JSON and NDJSON, OpenAPI schema); a monthly
// series with one season answers exactly as before, without the field.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Ajv } from 'ajv';
import { lcg } from '../support/series.js';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
let key: string;
let schemas: Record<string, object>;
beforeAll(async () => {
  h = await startHarness();
  key = (await h.key()).fullKey;
  schemas = (await (await fetch(`${h.url}/openapi.json`)).json()).components.schemas;
});
afterAll(async () => { await h.close(); });

/** Hourly load over `weeks` weeks: a daily shape, 40% lower on the two weekend days, mild noise. */
function hourlyLoad(weeks: number): { values: number[]; timestamps: string[] } {
  const u = lcg(5);
  const n = 24 * 7 * weeks;
  const values = Array.from({ length: n }, (_, t) => {
    const day = 100 + 30 * Math.sin((2 * Math.PI * (t % 24)) / 24);
    return day * (Math.floor(t / 24) % 7 >= 5 ? 0.6 : 1) + 3 * (u() - 0.5);
  });
  const timestamps = Array.from({ length: n }, (_, t) => new Date(Date.UTC(2024, 0, 1, t)).toISOString().replace('.000Z', 'Z'));
  return { values, timestamps };
}

function monthEnds(n: number): string[] {
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(2019 + Math.floor(i / 12), (i % 12) + 1, 0)).toISOString().slice(0, 10));
}

function conforms(name: string, body: unknown): void {
  const check = new Ajv({ strict: false }).compile(schemas[name]);
  expect(check(body), JSON.stringify(check.errors)).toBe(true);
}

function batch(body: unknown, accept: string): Promise<Response> {
  return fetch(`${h.url}/tempo/v1/forecast/batch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: accept },
    body: JSON.stringify(body),
  });
}

describe('method.seasonal_periods', () => {
  const hourly = hourlyLoad(6);

  it('a dated hourly series with daily and weekly cycles reports both periods, and the schema says so', async () => {
    const res = await h.forecast(key, { series: hourly.values, timestamps: hourly.timestamps, horizon: 48 });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.freq).toBe('PT1H');
    expect(body.method.season_length).toBe(24);
    expect(body.method.seasonal_periods).toEqual([24, 168]);
    conforms('ForecastResponse', body);
  });

  it('a monthly series with one season leaves seasonal_periods out', async () => {
    const res = await h.forecast(key, { series: seasonal(60), timestamps: monthEnds(60), horizon: 6 });
    expect(res.status).toBe(200);
    const { method } = await res.json();
    expect(method.season_length).toBe(12);
    expect(Object.keys(method).sort()).toEqual(['components', 'season_length']);
  });

  it('batch items carry it, as JSON and as NDJSON lines, only where two periods were used', async () => {
    const body = {
      horizon: 24,
      series: [
        { id: 'load', values: hourly.values, timestamps: hourly.timestamps },
        { id: 'sales', values: seasonal(60), timestamps: monthEnds(60) },
        // no dates: told the daily period, the core still finds the weekly one
        { id: 'told', values: hourly.values, season_length: 24 },
      ],
    };
    const json = await batch(body, 'application/json');
    expect(json.status).toBe(200);
    const answer = await json.json();
    conforms('BatchResponse', answer);
    const [load, sales, told] = answer.forecasts;
    expect(load.method.seasonal_periods).toEqual([24, 168]);
    expect(sales.method).not.toHaveProperty('seasonal_periods');
    expect(told.method).toMatchObject({ season_length: 24, seasonal_periods: [24, 168] });

    const nd = await batch(body, 'application/x-ndjson');
    expect(nd.status).toBe(200);
    const lines = (await nd.text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(['load', 'sales', 'told']);
    expect(lines.map((l) => l.method.seasonal_periods)).toEqual([[24, 168], undefined, [24, 168]]);
  });

  it('the calendar\'s fractional periods reach the core as hints and come back whole: P1D → [7, 365], P1W → 52', async () => {
    const u = lcg(3);
    const days = 365 * 4 + 30;
    const daily = Array.from({ length: days }, (_, t) => 100 + 10 * (t % 7 >= 5 ? -1 : 0.4) + 30 * Math.sin((2 * Math.PI * t) / 365.25) + 2 * (u() - 0.5));
    const dates = Array.from({ length: days }, (_, t) => new Date(Date.UTC(2019, 0, 1) + t * 86_400_000).toISOString().slice(0, 10));
    const d = await (await h.forecast(key, { series: daily, timestamps: dates, horizon: 7 })).json();
    expect(d.freq).toBe('P1D');
    expect(d.method).toMatchObject({ season_length: 7, seasonal_periods: [7, 365] });

    const weeks = 313;
    const weekly = Array.from({ length: weeks }, (_, t) => 100 + 20 * Math.sin((2 * Math.PI * t) / 52.18) + 2 * (u() - 0.5));
    const mondays = Array.from({ length: weeks }, (_, t) => new Date(Date.UTC(2018, 0, 1) + t * 7 * 86_400_000).toISOString().slice(0, 10));
    const w = await (await h.forecast(key, { series: weekly, timestamps: mondays, horizon: 4 })).json();
    expect(w.freq).toBe('P1W');
    expect(w.method.season_length).toBe(52);
    expect(w.method).not.toHaveProperty('seasonal_periods');
  });
});
