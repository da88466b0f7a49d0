import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster, ForecastResult } from '@tempo-forecast/core';
import { normals } from '../support/series.js';

// Requires build/tempo.wasm built from the current tree (npx asc assembly/index.ts --target release).
let f: Forecaster;
beforeAll(async () => { f = await loadForecaster(); });

function arima(y: ArrayLike<number>, h: number, m = 1, level?: number[]): ForecastResult {
  return f.forecast(y, h, { seasonLength: m, level, config: { model: 'arima' } });
}

/** Orders parsed from the reported component, e.g. "arima(1,0,0)(0,0,0)" → [1,0,0,0,0,0]. */
function orders(r: ForecastResult): number[] {
  const c = r.method.components[0];
  const mt = /^arima\((\d),(\d),(\d)\)\((\d),(\d),(\d)\)$/.exec(c);
  expect(mt, `component ${c}`).not.toBeNull();
  return mt!.slice(1).map(Number);
}

function expectSane(r: ForecastResult, h: number) {
  expect(r.forecast).toHaveLength(h);
  for (const v of r.forecast) expect(Number.isFinite(v)).toBe(true);
  const iv = r.intervals?.['80'];
  if (iv) {
    let prev = 0;
    for (let i = 0; i < h; i++) {
      const width = iv.upper[i] - r.forecast[i];
      expect(Number.isFinite(width)).toBe(true);
      expect(width).toBeGreaterThanOrEqual(0);
      expect(width).toBeGreaterThanOrEqual(prev * (1 - 1e-12));
      prev = width;
    }
  }
}

describe('arima model', () => {
  it('picks a stationary model with an AR term for an AR(1) and its forecasts decay to the mean', () => {
    const z = normals(7);
    const y: number[] = [];
    let x = 0;
    for (let t = 0; t < 300; t++) { x = 0.7 * x + z(); y.push(50 + x); }
    const ybar = y.reduce((a, b) => a + b, 0) / y.length;
    // start the forecast from a clear excursion (3 marginal sd) so the decay is visible
    y[y.length - 1] = ybar + 3 / Math.sqrt(1 - 0.49);
    const r = arima(y, 20, 1, [80]);
    const [p, d, , , D] = orders(r);
    expect(d).toBe(0);
    expect(D).toBe(0);
    expect(p).toBeGreaterThanOrEqual(1);
    const gap = r.forecast.map((v) => Math.abs(v - ybar));
    expect(gap[0]).toBeLessThan(Math.abs(y[y.length - 1] - ybar));
    expect(gap[19]).toBeLessThan(0.25 * gap[0]);
    expectSane(r, 20);
    // a stationary model's error sd levels off (AR(1): at 1/sqrt(1-φ²) ≈ 1.4 times the first)
    const width = r.intervals!['80'].upper.map((u, i) => u - r.forecast[i]);
    expect(width[19] / width[0]).toBeLessThan(2);
  });

  it('differences a random walk once', () => {
    const z = normals(11);
    const y: number[] = [];
    let x = 100;
    for (let t = 0; t < 300; t++) { x += z(); y.push(x); }
    const r = arima(y, 10, 1, [80]);
    const [, d, , , D] = orders(r);
    expect(d).toBe(1);
    expect(D).toBe(0);
    // an integrated model's error sd keeps growing (random walk: as sqrt(h))
    const width = r.intervals!['80'].upper.map((u, i) => u - r.forecast[i]);
    expect(width[9] / width[0]).toBeGreaterThan(2);
    expectSane(r, 10);
  });

  it('differences a monthly seasonal random walk at lag 12', () => {
    const z = normals(23);
    const y: number[] = [];
    for (let t = 0; t < 144; t++) y.push(t < 12 ? 20 * Math.sin((2 * Math.PI * t) / 12) : y[t - 12] + z());
    const r = arima(y, 24, 12, [80]);
    expect(orders(r)[4]).toBe(1);
    expect(r.method.season_length).toBe(12);
    expectSane(r, 24);
  });

  it('seasonally differences a long period (m = 52) without seasonal AR/MA terms', () => {
    const z = normals(31);
    const y = Array.from({ length: 52 * 6 }, (_, t) => 200 + 40 * Math.sin((2 * Math.PI * t) / 52) + 2 * z());
    const r = arima(y, 52, 52, [80]);
    const [, , , P, D, Q] = orders(r);
    expect(D).toBe(1);
    expect(P + Q).toBe(0);
    expectSane(r, 52);
  });

  it('gives finite forecasts and widening intervals on series of 1 to 10 points', () => {
    const z = normals(3);
    const base = Array.from({ length: 10 }, () => 10 + z());
    for (let n = 1; n <= 10; n++) {
      for (const m of [1, 4, 12, 2 ** 31 - 1]) expectSane(arima(base.slice(0, n), 8, m, [80]), 8);
    }
  });

  it('ignores a season length the series cannot support, however large', () => {
    const z = normals(13);
    const y = Array.from({ length: 200 }, () => 10 + z());
    for (const m of [150, 2 ** 31 - 1]) {
      const r = arima(y, 12, m, [80]);
      expect(orders(r)[4]).toBe(0);
      expectSane(r, 12);
    }
  });

  it('forecasts a constant series as that constant', () => {
    const r = arima(Array(40).fill(7.5), 6, 12, [80]);
    for (const v of r.forecast) expect(v).toBeCloseTo(7.5, 12);
    expectSane(r, 6);
  });

  it('is safe on zero-containing and negative series', () => {
    const z = normals(5);
    const intermittent = Array.from({ length: 120 }, (_, t) => (t % 3 === 0 ? 0 : Math.abs(5 + 3 * z())));
    expectSane(arima(intermittent, 12, 12, [80]), 12);
    expectSane(arima(Array(30).fill(0).map((v, t) => (t === 29 ? 1 : 0)), 5, 1, [80]), 5);
    expectSane(arima(intermittent.map((v) => -v), 12, 12, [80]), 12);
  });

  it('scales with the data from 1e-15 to 1e12 magnitudes', () => {
    const z = normals(17);
    const y: number[] = [];
    let x = 0;
    for (let t = 0; t < 120; t++) { x = 0.5 * x + z(); y.push(10 + x + 3 * Math.sin((2 * Math.PI * t) / 4)); }
    const ref = arima(y, 8, 4, [80]);
    for (const c of [1e-15, 1e-9, 1e12]) {
      const r = arima(y.map((v) => v * c), 8, 4, [80]);
      expect(r.method.components).toEqual(ref.method.components);
      for (let i = 0; i < 8; i++) {
        expect(r.forecast[i] / c).toBeCloseTo(ref.forecast[i], 6);
        expect(r.intervals!['80'].upper[i] / c).toBeCloseTo(ref.intervals!['80'].upper[i], 6);
      }
    }
  });

  it('handles a 10,000-point series', () => {
    const z = normals(29);
    const y: number[] = [];
    let x = 0;
    for (let t = 0; t < 10_000; t++) { x = 0.6 * x + z(); y.push(100 + x + 5 * Math.sin((2 * Math.PI * t) / 24)); }
    const r = arima(y, 48, 24, [80]);
    expect(r.method.components[0]).toMatch(/^arima\(/);
    expectSane(r, 48);
  });

  it('is deterministic', () => {
    const z = normals(41);
    const y = Array.from({ length: 96 }, (_, t) => 50 + 10 * Math.sin((2 * Math.PI * t) / 12) + t * 0.3 + z());
    expect(arima(y, 18, 12, [80, 95])).toEqual(arima(y, 18, 12, [80, 95]));
  });
});
