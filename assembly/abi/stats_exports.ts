// Numbers-only exports of the statistics toolkit, so hosts and tests can call it directly.
import { acf } from "../stats/acf";
import { seasonalityTest } from "../stats/seasonality";
import { seasonalIndices } from "../numerics/decompose";
import { detectPeriod } from "../stats/period";
import { impute } from "../stats/impute";
import { qnorm } from "../stats/qnorm";
import { isIntermittent } from "../models/intermittent/classify";

function readSeries(ptr: usize, n: i32): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) y[i] = load<f64>(ptr + (<usize>i << 3));
  return y;
}

function writeSeries(ptr: usize, a: Float64Array): void {
  for (let i = 0; i < a.length; i++) store<f64>(ptr + (<usize>i << 3), a[i]);
}

/** Writes the autocorrelations r_0..r_maxLag of the n values at yPtr to outPtr; returns maxLag + 1. */
export function statsAcf(yPtr: usize, n: i32, maxLag: i32, outPtr: usize): i32 {
  if (n < 1 || maxLag < 0) return -1;
  const r = acf(readSeries(yPtr, n), maxLag);
  writeSeries(outPtr, r);
  return r.length;
}

/** 1 when the M4 90% seasonality test passes at lag m, 0 otherwise. */
export function statsSeasonalityTest(yPtr: usize, n: i32, m: i32): i32 {
  if (n < 1) return 0;
  return seasonalityTest(readSeries(yPtr, n), m) ? 1 : 0;
}

/** Writes the m classical seasonal indices (multiplicative when mult != 0) to outPtr; returns m. */
export function statsSeasonalIndices(yPtr: usize, n: i32, m: i32, mult: i32, outPtr: usize): i32 {
  if (n < 1 || m < 1) return -1;
  const idx = seasonalIndices(readSeries(yPtr, n), m, mult != 0);
  writeSeries(outPtr, idx);
  return idx.length;
}

/** The detected period of the n values at yPtr (1 = none). */
export function statsDetectPeriod(yPtr: usize, n: i32): i32 {
  if (n < 1) return 1;
  return detectPeriod(readSeries(yPtr, n));
}

/** Writes the imputed series (NaN = missing) to outPtr (room for n values); returns its length. */
export function statsImpute(yPtr: usize, n: i32, m: i32, outPtr: usize): i32 {
  const y = readSeries(yPtr, n);
  let finite = 0;
  for (let i = 0; i < n; i++) if (isFinite(y[i])) finite++;
  if (finite == 0) return -1;
  const out = impute(y, m);
  writeSeries(outPtr, out);
  return out.length;
}

/** The p-quantile of the standard normal distribution (AS 241), for tests against high-precision values. */
export function statsQnorm(p: f64): f64 {
  return qnorm(p);
}

/**
 * 1 when `forecast` would treat the n values at yPtr as intermittent demand (the test `tempo` routes
 * on, on the series imputed at season m, or at the detected period when m is 0), else 0.
 */
export function statsIntermittent(yPtr: usize, n: i32, m: i32): i32 {
  if (n < 1 || m < 0) return 0;
  const x = readSeries(yPtr, n);
  let finite = 0;
  for (let i = 0; i < n; i++) if (isFinite(x[i])) finite++;
  if (finite == 0) return 0;
  const season = m > 0 ? m : detectPeriod(impute(x, 0));
  return isIntermittent(impute(x, season)) ? 1 : 0;
}
