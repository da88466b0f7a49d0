// Tempo's core against R's forecast package (fixtures from make-fixtures.R), with stated tolerances.
import { describe, it, expect, beforeAll } from 'vitest';
import { loadForecaster } from '../../src/core/node.js';
import type { Forecaster } from '../../src/core/index.js';
import { loadFixtures, level, maxDev, widthDev, etsForm, type Fixture } from './fixtures.js';

// Tolerances, and why:
// - naive and snaive are closed-form: point forecasts must agree to float precision (1e-9 of the level),
//   and their intervals (z·σ·√k with σ the RMS of the lag differences) to 1e-6 relative width.
const EXACT = 1e-9;
const EXACT_WIDTH = 1e-6;
// - thetaf: R fits the SES part by minimising MSE with its own optimiser and adds half the OLS slope;
//   ours fits the same objective with Nelder–Mead. Different optimisers stop at slightly different
//   alphas, so point forecasts may differ by up to 2% of the recent level, no more.
const THETA_POINT = 0.02;
// - ETS: maximum-likelihood optima differ between optimisers (R: its own bounded Nelder–Mead with
//   its own starting values), and a slightly different alpha/beta/phi changes long-horizon forecasts,
//   so forecasts are compared within 3% of the recent level over the whole horizon (h = 2m or 10).
const ETS_POINT = 0.03;
// - the automatic ETS choice is asserted only where R's AICc table makes it clear-cut (runner-up at
//   least 3 AICc units behind); on a near tie our choice must be one of R's forms within 3 units.
const CLEAR_CUT = 3;

const fixtures = loadFixtures();
let core: Forecaster;
beforeAll(async () => { core = await loadForecaster(); });

function run(f: Fixture, model: 'ets' | 'theta' | 'naive' | 'snaive') {
  return core.forecast(f.series, f.h, { seasonLength: f.m, level: [80, 95], config: { model } });
}

function report(f: Fixture, what: string, value: number, tol: number) {
  // printed so a failing or marginal comparison reads as numbers, not just as red
  console.log(`golden ${f.name} ${what}: ${value.toPrecision(4)} (tolerance ${tol})`);
}

describe.each(fixtures.map((f) => [f.name, f] as const))('R golden %s', (_name, f) => {
  it('naive matches R exactly, intervals included', () => {
    const ours = run(f, 'naive');
    expect(ours.method.components).toEqual(['naive']);
    expect(maxDev(ours.forecast, f.naive.mean, level(f))).toBeLessThanOrEqual(EXACT);
    for (const lv of ['80', '95'] as const) {
      const d = widthDev(ours.intervals![lv], f.naive.intervals[lv]);
      report(f, `naive ${lv}% width rel. diff`, d, EXACT_WIDTH);
      expect(d).toBeLessThanOrEqual(EXACT_WIDTH);
    }
  });

  it('snaive matches R exactly, intervals included', () => {
    const ours = run(f, 'snaive');
    expect(maxDev(ours.forecast, f.snaive.mean, level(f))).toBeLessThanOrEqual(EXACT);
    for (const lv of ['80', '95'] as const) {
      const d = widthDev(ours.intervals![lv], f.snaive.intervals[lv]);
      report(f, `snaive ${lv}% width rel. diff`, d, EXACT_WIDTH);
      expect(d).toBeLessThanOrEqual(EXACT_WIDTH);
    }
  });

  it(`theta forecasts are within ${THETA_POINT * 100}% of the level of R's thetaf`, () => {
    const ours = run(f, 'theta');
    expect(ours.method.components).toEqual(['theta']);
    const d = maxDev(ours.forecast, f.thetaf.mean, level(f));
    report(f, 'theta max |Δ| / level', d, THETA_POINT);
    expect(d).toBeLessThanOrEqual(THETA_POINT);
  });
});
