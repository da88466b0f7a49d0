// Extra exports of the ETS family for tests, fixtures and the kernel benchmark (numbers only).
import { STATUS_OK, STATUS_BAD_ARGUMENT, STATUS_NUMERIC_FAILURE } from "./status";
import { ERROR_M, TREND_N, TREND_AD, SEASON_N, formAllowed, isKnownForm } from "../models/ets/form";
import { allPositive } from "../numerics/checks";
import { fitForm } from "../models/ets/fit";
import { etsForecast, residualVariance } from "../models/ets/forecast";
import { aiccOf } from "../models/ets/select";
import { etsPassAt } from "../models/ets/kernel";
import { scaleSeries } from "../models/ets/scale";

/** Number of f64 written to `paramsPtr` by ets_fit_form. */
export const ETS_PARAM_SLOTS: i32 = 8;

function readSeries(ptr: usize, n: i32): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) y[i] = load<f64>(ptr + (<usize>i << 3));
  return y;
}

/**
 * Fits exactly the form (error 1=A 2=M, trend 0=N 1=A 2=Ad, season 0=N 1=A 2=M) to the n values
 * at yPtr (finite, gap-free) with season length m and writes h means then h standard deviations
 * to outPtr and [alpha, beta, gamma, phi, aicc, loglik, sigma2, nparams] to paramsPtr (NaN for a
 * parameter the form lacks; loglik = −½·(n·log Σε² + 2Σlog|ŷ|) as R's ets reports it; sigma2
 * relative for multiplicative errors; nparams counts sigma). Returns STATUS_BAD_ARGUMENT when the
 * form is unknown or not admissible for these data, STATUS_NUMERIC_FAILURE when the fit fails.
 */
export function ets_fit_form(
  yPtr: usize, n: i32, m: i32, h: i32, error: i32, trend: i32, season: i32, outPtr: usize, paramsPtr: usize,
): i32 {
  if (n < 1 || h < 1 || m < 0) return STATUS_BAD_ARGUMENT;
  const y = readSeries(yPtr, n);
  for (let i = 0; i < n; i++) if (!isFinite(y[i])) return STATUS_BAD_ARGUMENT;
  if (!formAllowed(error, trend, season, n, m, allPositive(y))) return STATUS_BAD_ARGUMENT;
  const s = scaleSeries(y);
  const fit = fitForm(s.y, m, error, trend, season);
  if (fit === null) return STATUS_NUMERIC_FAILURE;
  const fc = etsForecast(fit, n, h, s.scale);
  for (let i = 0; i < h; i++) {
    store<f64>(outPtr + (<usize>i << 3), fc.mean[i]);
    store<f64>(outPtr + (<usize>(h + i) << 3), fc.sd[i]);
  }
  const p = fit.params;
  const sigma2 = residualVariance(fit, n) * (error == ERROR_M ? 1.0 : s.scale * s.scale);
  store<f64>(paramsPtr, p.alpha);
  store<f64>(paramsPtr + 8, trend != TREND_N ? p.beta : NaN);
  store<f64>(paramsPtr + 16, season != SEASON_N ? p.gamma : NaN);
  store<f64>(paramsPtr + 24, trend == TREND_AD ? p.phi : NaN);
  store<f64>(paramsPtr + 32, aiccOf(fit, s));
  store<f64>(paramsPtr + 40, -0.5 * s.unscaleLik(fit.lik));
  store<f64>(paramsPtr + 48, sigma2);
  store<f64>(paramsPtr + 56, <f64>(fit.np + 1));
  return STATUS_OK;
}

/**
 * One likelihood pass over the n values at yPtr with the given parameters and initial states
 * (statesPtr: level, slope, then for seasonal forms the m states s_0, s_−1, …, s_{1−m} in the
 * book's order, so s_{1−m} meets the first observation). Returns n·log Σε² (+ 2Σlog|ŷ| for
 * multiplicative errors), +Infinity when a multiplicative season meets a non-positive
 * level or season or a multiplicative error a zero fit, and
 * NaN for an unknown form or bad sizes. beta, gamma, phi are ignored when the form lacks them.
 */
export function ets_loglik(
  yPtr: usize, n: i32, m: i32, error: i32, trend: i32, season: i32,
  alpha: f64, beta: f64, gamma: f64, phi: f64, statesPtr: usize,
): f64 {
  if (n < 1 || !isKnownForm(error, trend, season)) return NaN;
  if (season != SEASON_N && m < 2) return NaN;
  const mm = season != SEASON_N ? m : 1;
  const seasons = new Float64Array(mm);
  if (season != SEASON_N) for (let j = 0; j < mm; j++) seasons[j] = load<f64>(statesPtr + (<usize>(2 + mm - 1 - j) << 3));
  const work = new Float64Array(mm);
  return etsPassAt(yPtr, n, mm, error, trend, season, alpha, beta, gamma, phi,
    load<f64>(statesPtr), load<f64>(statesPtr + 8), seasons, work, 0.0, null);
}
