// Loads the R golden fixtures (made by make-fixtures.R) and the yardsticks the golden tests compare with.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Band { lower: number[]; upper: number[] }
export type Intervals = Record<'80' | '95', Band>;

export interface EtsFit {
  form: string;
  alpha: number | null;
  beta: number | null;
  gamma: number | null;
  phi: number | null;
  aicc: number;
  aic: number;
  loglik: number;
  sigma2: number;
  npar: number;
  initial_states: number[];
  mean: number[];
  intervals?: Intervals;
}

export interface Fixture {
  name: string;
  m: number;
  h: number;
  n: number;
  series: number[];
  forecast_version: string;
  ets_auto: EtsFit & { intervals: Intervals };
  ets_fixed: Record<string, EtsFit>;
  ets_aicc_by_form: Record<string, number>;
  thetaf: { mean: number[]; intervals: Intervals };
  naive: { mean: number[]; intervals: Intervals };
  snaive: { mean: number[]; intervals: Intervals };
}

const dir = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Every fixture in test/golden/fixtures, sorted by file name. */
export function loadFixtures(): Fixture[] {
  return readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .map((f) => JSON.parse(readFileSync(dir + f, 'utf8')) as Fixture);
}

/**
 * The series' recent level: mean |y| over the last max(m, 10) points. Forecast differences are
 * judged as a share of it, so one tolerance fits airmiles (~30,000) and Nile (~800) alike.
 */
export function level(f: Fixture): number {
  const k = Math.min(f.series.length, Math.max(f.m, 10));
  return f.series.slice(-k).reduce((s, v) => s + Math.abs(v), 0) / k;
}

/** Largest |a_i − b_i| over the horizon, as a share of `scale`. */
export function maxDev(a: readonly number[], b: readonly number[], scale: number): number {
  if (a.length !== b.length) throw new Error(`lengths differ: ${a.length} vs ${b.length}`);
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i] - b[i]));
  return d / scale;
}

/** Largest relative difference of interval widths (upper − lower), step by step. */
export function widthDev(ours: Band, ref: Band): number {
  let d = 0;
  for (let i = 0; i < ref.lower.length; i++) {
    const w = ref.upper[i] - ref.lower[i];
    d = Math.max(d, Math.abs((ours.upper[i] - ours.lower[i]) - w) / Math.abs(w));
  }
  return d;
}

/** "ets(M,Ad,M)" (what the core reports) → "MAdM" (R's and the inspector's spelling); null if not ETS. */
export function etsForm(component: string): string | null {
  const m = /^ets\(([AM]),(N|A|Ad),([NAM])\)$/.exec(component);
  return m ? m[1] + m[2] + m[3] : null;
}
