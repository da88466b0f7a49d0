// The ETS family through the built core: every form, the automatic choice, edge series, the TS twin.
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import { loadForecaster, inspectWasmPath } from '../../src/core/node.js';
import type { Forecaster } from '@tempo-forecast/core';
import { createInspector, type Inspector } from '../../packages/core/src/inspect.js';
import { etsLoglikTs } from '../../bench/ets-kernel-ts.js';

const FORMS = ['ANN', 'AAN', 'AAdN', 'MNN', 'MAN', 'MAdN', 'ANA', 'AAA', 'AAdA', 'MNA', 'MAA', 'MAdA', 'MNM', 'MAM', 'MAdM'];
const LINEAR = FORMS.filter((f) => f[0] === 'A');
const MULTIPLICATIVE = FORMS.filter((f) => f[0] === 'M' || f.endsWith('M'));

/** A seeded generator (Park–Miller), so every run sees the same noise. */
function rng(seed: number): () => number {
  let s = seed;
  return () => { s = (s * 16807) % 2147483647; return s / 2147483647; };
}

/** Positive series with trend, multiplicative season of period m and noise. */
function seasonal(n: number, m: number, seed = 7, trend = 0.5, amp = 0.25): number[] {
  const u = rng(seed);
  return Array.from({ length: n }, (_, t) => (100 + trend * t) * (1 + amp * Math.sin((2 * Math.PI * t) / m)) * (1 + 0.03 * (u() - 0.5)));
}

const AIR = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149, 170, 170, 158, 133, 114, 140,
  145, 150, 178, 163, 172, 178, 199, 199, 184, 162, 146, 166, 171, 180, 193, 181, 183, 218, 230, 242, 209, 191, 172, 194,
  196, 196, 236, 235, 229, 243, 264, 272, 237, 211, 180, 201, 204, 188, 235, 227, 234, 264, 302, 293, 259, 229, 203, 229,
  242, 233, 267, 269, 270, 315, 364, 347, 312, 274, 237, 278, 284, 277, 317, 313, 318, 374, 413, 405, 355, 306, 271, 306,
  315, 301, 356, 348, 355, 422, 465, 467, 404, 347, 305, 336, 340, 318, 362, 348, 363, 435, 491, 505, 404, 359, 310, 337,
  360, 342, 406, 396, 420, 472, 548, 559, 463, 407, 362, 405, 417, 391, 419, 461, 472, 535, 622, 606, 508, 461, 390, 432];

const allFinite = (a: number[]) => a.every((v) => Number.isFinite(v));

let f: Forecaster;
let ins: Inspector;
beforeAll(async () => {
  f = await loadForecaster();
  ins = await createInspector(await readFile(inspectWasmPath()));
});

describe('ets_fit_form', () => {
  for (const m of [12, 4]) {
    it(`fits every one of the 15 forms on positive seasonal data (m=${m}) with finite means and sds`, () => {
      const y = seasonal(m === 12 ? 96 : 48, m);
      for (const form of FORMS) {
        const r = ins.fitEtsForm(y, m, 2 * m, form);
        expect(r, form).not.toBeNull();
        expect(allFinite(r!.mean), form).toBe(true);
        expect(allFinite(r!.sd), form).toBe(true);
        for (const s of r!.sd) expect(s, form).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(r!.aicc), form).toBe(true);
      }
    });
  }

  it('keeps the parameters in the usual region and reports NaN for absent ones', () => {
    const y = seasonal(96, 12, 3);
    for (const form of FORMS) {
      const r = ins.fitEtsForm(y, 12, 12, form)!;
      const trend = form.slice(1, -1), season = form.at(-1);
      expect(r.alpha).toBeGreaterThan(0);
      expect(r.alpha).toBeLessThan(1);
      if (trend === 'N') expect(r.beta).toBeNaN();
      else { expect(r.beta).toBeGreaterThan(0); expect(r.beta).toBeLessThan(r.alpha); }
      if (season === 'N') expect(r.gamma).toBeNaN();
      else { expect(r.gamma).toBeGreaterThan(0); expect(r.gamma).toBeLessThan(1 - r.alpha); }
      if (trend === 'Ad') { expect(r.phi).toBeGreaterThanOrEqual(0.8); expect(r.phi).toBeLessThanOrEqual(0.98); }
      else expect(r.phi).toBeNaN();
      // parameters: smoothing + initial states (m−1 seasonal) + sigma
      const expected = 1 + (trend === 'N' ? 0 : 1) + (trend === 'Ad' ? 1 : 0) + (season === 'N' ? 0 : 1)
        + 1 + (trend === 'N' ? 0 : 1) + (season === 'N' ? 0 : 11) + 1;
      expect(r.nparams, form).toBe(expected);
    }
  });

  it('gives non-negative, non-decreasing sds for the linear (additive-error) forms', () => {
    const y = seasonal(72, 12, 11);
    for (const form of LINEAR) {
      const r = ins.fitEtsForm(y, 12, 36, form)!;
      expect(r.sd[0], form).toBeGreaterThanOrEqual(0);
      for (let i = 1; i < r.sd.length; i++) expect(r.sd[i], form).toBeGreaterThanOrEqual(r.sd[i - 1] * (1 - 1e-12));
    }
  });

  it('refuses multiplicative forms on data with a zero or a negative value, keeps additive ones', () => {
    for (const bad of [0, -5]) {
      const y = seasonal(60, 12, 5);
      y[30] = bad;
      for (const form of MULTIPLICATIVE) expect(ins.fitEtsForm(y, 12, 6, form), form).toBeNull();
      for (const form of LINEAR) expect(ins.fitEtsForm(y, 12, 6, form), form).not.toBeNull();
    }
  });

  it('refuses seasonal forms without two full seasons or with m > 24', () => {
    expect(ins.fitEtsForm(seasonal(20, 12), 12, 4, 'ANA')).toBeNull();
    expect(ins.fitEtsForm(seasonal(200, 52), 52, 4, 'ANA')).toBeNull();
    expect(ins.fitEtsForm(seasonal(200, 52), 52, 4, 'ANN')).not.toBeNull();
  });

  it('ranks the R-chosen form for AirPassengers among the best: a multiplicative season beats additive ones', () => {
    const aicc = (form: string) => ins.fitEtsForm(AIR, 12, 12, form)!.aicc;
    const mult = Math.min(aicc('MAdM'), aicc('MAM'));
    for (const form of ['ANN', 'AAN', 'AAdN', 'ANA', 'AAA', 'AAdA']) expect(mult, form).toBeLessThan(aicc(form));
    // R's ets() picks ETS(M,Ad,M) with AICc ≈ 1395 here; same likelihood convention, so same scale
    expect(Math.abs(aicc('MAdM') - 1395) / 1395).toBeLessThan(0.03);
  });
});

describe('ets_fit_form on simulated series', () => {
  /** Box–Muller normal draws from the seeded generator. */
  function normals(n: number, seed: number): number[] {
    const u = rng(seed);
    return Array.from({ length: n }, () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u()));
  }

  it('recovers alpha and sigma of a simulated ETS(A,N,N)', () => {
    const e = normals(600, 31);
    let l = 50;
    const y = e.map((x) => { const v = l + x; l += 0.3 * x; return v; });
    const r = ins.fitEtsForm(y, 1, 5, 'ANN')!;
    expect(Math.abs(r.alpha - 0.3)).toBeLessThan(0.1);
    expect(Math.abs(r.sigma2 - 1)).toBeLessThan(0.2);
  });

  it('recovers the smoothing parameters of a simulated ETS(A,A,A) well enough to prefer it over (A,N,N)', () => {
    const m = 4, e = normals(400, 37).map((x) => 0.5 * x);
    let l = 20, b = 0.5;
    const s = [3, -1, -4, 2];
    const y = e.map((x, t) => {
      const j = t % m, v = l + b + s[j] + x;
      l = l + b + 0.2 * x; b = b + 0.02 * x; s[j] += 0.1 * x;
      return v;
    });
    const aaa = ins.fitEtsForm(y, m, 8, 'AAA')!, ann = ins.fitEtsForm(y, m, 8, 'ANN')!;
    expect(aaa.aicc).toBeLessThan(ann.aicc);
    expect(Math.abs(aaa.alpha - 0.2)).toBeLessThan(0.15);
    expect(Math.abs(aaa.sigma2 - 0.25) / 0.25).toBeLessThan(0.25);
  });

  it('makes the one-step sd the residual sigma (absolute for A errors, relative to the mean for M errors)', () => {
    const y = seasonal(72, 12, 41);
    for (const form of ['ANN', 'AAdA', 'MNN', 'MAM']) {
      const r = ins.fitEtsForm(y, 12, 3, form)!;
      const expected = form[0] === 'A' ? Math.sqrt(r.sigma2) : Math.sqrt(r.sigma2) * Math.abs(r.mean[0]);
      expect(Math.abs(r.sd[0] - expected) / expected, form).toBeLessThan(1e-9);
    }
  });
});

describe('ets_loglik and its TypeScript twin', () => {
  it('agree to 1e-9 relative on every one of the 15 forms (the core runs one loop per form)', () => {
    const m = 12;
    const y = seasonal(120, m, 21);
    const code = { A: 1, M: 2, N: 0 } as const;
    const cases = FORMS.map((form) => {
      const t = form.includes('Ad') ? 2 : form[1] === 'A' ? 1 : 0;
      return { form, e: code[form[0] as 'A' | 'M'], t, s: code[form[form.length - 1] as 'A' | 'M' | 'N'] };
    });
    const values = new Set<number>();
    for (const c of cases) {
      const mult = c.s === 2;
      const states = new Float64Array(2 + m);
      states[0] = 100; states[1] = 0.4;
      // book order s_0, s_-1, …: s_{1−m} meets the first observation
      for (let k = 0; k < m; k++) states[2 + k] = mult ? 1 + 0.25 * Math.sin((2 * Math.PI * (m - 1 - k)) / m) : 25 * Math.sin((2 * Math.PI * (m - 1 - k)) / m);
      const p = { alpha: 0.3, beta: 0.05, gamma: 0.1, phi: 0.95 };
      const wasm = ins.etsLoglik(y, m, c.form, p, states);
      const ts = etsLoglikTs(new Float64Array(y), m, c.e, c.t, c.s, p.alpha, p.beta, p.gamma, p.phi, states);
      expect(Number.isFinite(wasm), c.form).toBe(true);
      expect(Math.abs(wasm - ts) / Math.abs(wasm), c.form).toBeLessThan(1e-9);
      values.add(wasm);
    }
    // a form routed to another form's loop would repeat that form's value
    expect(values.size).toBe(FORMS.length);
  });

  it('scores the fitted parameters no worse than a perturbed set', () => {
    // a one-pass likelihood must respond to its parameters, otherwise the optimiser sees a flat surface
    const y = seasonal(60, 1, 9, 0.8, 0);
    const st = new Float64Array([y[0], 0.8]);
    const good = ins.etsLoglik(y, 1, 'AAN', { alpha: 0.2, beta: 0.02 }, st);
    const bad = ins.etsLoglik(y, 1, 'AAN', { alpha: 0.2, beta: 0.02 }, new Float64Array([y[0] + 50, -3]));
    expect(good).toBeLessThan(bad);
  });
});

describe("config: {model: 'ets'}", () => {
  const components = (y: number[], m: number, model: 'ets' | 'damped' = 'ets') =>
    f.forecast(y, 12, { seasonLength: m, config: { model } }).method.components;

  it('picks a trend on a clearly trending series and a season on a clearly seasonal one', () => {
    const u = rng(4);
    const trending = Array.from({ length: 60 }, (_, t) => 50 + 3 * t + (u() - 0.5));
    expect(components(trending, 1)[0]).toMatch(/^ets\([AM],Ad?,N\)$/);
    const seasonalFlat = seasonal(96, 12, 8, 0, 0.4);
    expect(components(seasonalFlat, 12)[0]).toMatch(/^ets\([AM],(N|A|Ad),[AM]\)$/);
  });

  it('chooses the AICc-best form even though it cuts short the fits of forms far behind', () => {
    // ets_fit_form fits one form in full; the automatic choice stops refining a form once it trails
    // the best so far by 10 AICc, which must never cost the winner
    const name = (form: string) => `ets(${form[0]},${form.slice(1, -1)},${form[form.length - 1]})`;
    const cases: Array<[number[], number]> = [
      [seasonal(96, 12, 3), 12], [seasonal(72, 12, 5, 0, 0.1), 12], [seasonal(60, 4, 6, 1.5, 0.3), 4],
      [seasonal(120, 12, 11, -0.2, 0.05), 12], [seasonal(48, 1, 12, 0.8, 0), 1], [seasonal(80, 1, 14, 0, 0), 1],
      [AIR, 12],
    ];
    for (const [y, m] of cases) {
      let best = '', bestAicc = Infinity;
      for (const form of FORMS) {
        const fit = ins.fitEtsForm(y, m, 12, form);
        if (fit !== null && fit.aicc < bestAicc) { best = form; bestAicc = fit.aicc; }
      }
      expect(best).not.toBe('');
      expect(components(y, m)[0], `n=${y.length} m=${m}`).toBe(name(best));
    }
  });

  it('restricts the damped model to damped-trend forms', () => {
    expect(components(seasonal(96, 12, 2), 12, 'damped')[0]).toMatch(/^ets\([AM],Ad,[NAM]\)$/);
  });

  it('is deterministic: the same input gives the same bytes, also from a second instance', async () => {
    const y = seasonal(84, 12, 13);
    const a = f.forecast(y, 18, { seasonLength: 12, level: [80, 95], config: { model: 'ets' } });
    const b = f.forecast(y, 18, { seasonLength: 12, level: [80, 95], config: { model: 'ets' } });
    const g = await loadForecaster();
    const c = g.forecast(y, 18, { seasonLength: 12, level: [80, 95], config: { model: 'ets' } });
    expect(b).toEqual(a);
    expect(c).toEqual(a);
  });

  const edge: Array<[string, number[], number]> = [
    ['n = 1', [5], 1],
    ['n = 2', [5, 7], 1],
    ['n = 3', [5, 7, 6], 1],
    ['a constant series', Array(40).fill(42), 12],
    ['10,000 points', seasonal(10000, 24, 17), 24],
    ['magnitudes near 1e-9', seasonal(60, 12, 19).map((v) => v * 1e-11), 12],
    ['magnitudes near 1e12', seasonal(60, 12, 23).map((v) => v * 1e10), 12],
    ['zeros and negatives', seasonal(60, 4, 29).map((v, i) => (i % 7 === 0 ? 0 : v - 110)), 4],
  ];
  for (const [name, y, m] of edge) {
    it(`gives finite forecasts and intervals for ${name}`, () => {
      const r = f.forecast(y, 10, { seasonLength: m, level: [95], config: { model: 'ets' } });
      expect(r.forecast).toHaveLength(10);
      expect(allFinite(r.forecast)).toBe(true);
      expect(allFinite(r.intervals!['95'].lower)).toBe(true);
      expect(allFinite(r.intervals!['95'].upper)).toBe(true);
    });
  }

  it('forecasts a constant series as that constant', () => {
    const r = f.forecast(Array(30).fill(7.5), 5, { seasonLength: 1, config: { model: 'ets' } });
    for (const v of r.forecast) expect(v).toBeCloseTo(7.5, 9);
  });
});

describe('ets on arbitrary series (property)', () => {
  it('never traps and always returns finite forecasts and intervals', async () => {
    const fcheck = await import('fast-check');
    const fc = fcheck.default;
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 60 }),
        fc.constantFrom(1, 4, 12),
        fc.integer({ min: 1, max: 30 }),
        (y, m, h) => {
          const r = f.forecast(y, h, { seasonLength: m, level: [90], config: { model: 'ets' } });
          return r.forecast.length === h && allFinite(r.forecast)
            && allFinite(r.intervals!['90'].lower) && allFinite(r.intervals!['90'].upper);
        },
      ),
      { numRuns: 150, seed: 42 },
    );
  });

  it('handles positive series (where the multiplicative forms compete) with ordered intervals', async () => {
    const fc = (await import('fast-check')).default;
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 1e-6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 80 }),
        fc.constantFrom(1, 4, 12),
        (y, m) => {
          const r = f.forecast(y, 12, { seasonLength: m, level: [80], config: { model: 'ets' } });
          const iv = r.intervals!['80'];
          return allFinite(r.forecast) && r.forecast.every((v, i) => iv.lower[i] <= v && v <= iv.upper[i]);
        },
      ),
      { numRuns: 150, seed: 7 },
    );
  });
});
