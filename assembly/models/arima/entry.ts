// Entry point of the ARIMA family used by the dispatcher and the ensemble.
// Automatic ARIMA after Hyndman & Khandakar (2008): D by seasonal strength, d by KPSS, orders
// by a stepwise AICc search, coefficients by conditional sum of squares (see README.md here).
import { ModelForecast, failed, withFitted, noFit } from "../result";
import { CODE_ARIMA_BASE } from "../codes";
import { isConstant } from "../../numerics/checks";
import { chooseDifferencing, differenceBy } from "./differencing";
import { CssProblem } from "./css";
import { FitWork } from "./fit";
import { stepwiseSearch, fitOrders, SearchSettings } from "./search";
import { arimaForecast } from "./forecast";
import { pinnedArima } from "../pins";
import { orderInCode, PLACE_P, PLACE_D, PLACE_Q, PLACE_SP, PLACE_SD, PLACE_SQ } from "./spec";

// Seasonal AR/MA terms are estimated up to this period; longer periods get seasonal differencing only.
export const MAX_SEASONAL_TERMS_PERIOD: i32 = 24;
// Upper bound on candidates fitted by the stepwise search (R's default nmodels is 94).
const MAX_MODELS: i32 = 60;

// A flat forecast at the series' value, for a series with nothing left to model.
function constantForecast(v: f64, h: i32): ModelForecast {
  const mean = new Float64Array(h);
  for (let i = 0; i < h; i++) mean[i] = v;
  return new ModelForecast(mean, new Float64Array(h), CODE_ARIMA_BASE);
}

/**
 * One-step in-sample predictions in levels: the innovation of the differenced series is that of
 * the levels, so ŷ_t = y_t − e_t. The residuals `e` belong to the last e.length values of `y`
 * (scaled by `scale`); the first `skip` of them lean on pre-sample zeros and are left NaN, as are
 * the values the differencing consumed.
 */
function arimaFitted(y: Float64Array, e: Float64Array, skip: i32, scale: f64): Float64Array {
  const n = y.length;
  const out = noFit(n);
  const off = n - e.length;
  for (let t = skip; t < e.length; t++) out[off + t] = y[off + t] - e[t] * scale;
  return out;
}

/** Automatic (seasonal) ARIMA chosen by AICc with a stepwise search; ok = false when the series is too short. */
export function arimaModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  const n = y.length;
  if (n < 3 || h < 1) return failed(h);
  let scale = 0.0;
  for (let i = 0; i < n; i++) { const v = Math.abs(y[i]); if (v > scale) scale = v; }
  if (!isFinite(scale)) return failed(h);
  if (isConstant(y, 1e-13 * scale)) {
    const flat = new Float64Array(n);
    for (let t = 0; t < n; t++) flat[t] = y[n - 1];
    return withFitted(constantForecast(y[n - 1], h), flat);
  }
  // scaling (not centring: a zero-mean ARMA must keep its meaning) keeps 1e-9 and 1e12 alike
  const z = new Float64Array(n);
  for (let i = 0; i < n; i++) z[i] = y[i] / scale;

  const season = m > 1 ? m : 1;
  // a refit (see ../pins.ts) keeps the differencing and orders the full fit chose, re-estimating the rest
  const pin = pinnedArima();
  const diff = pin != 0
    ? differenceBy(z, season, orderInCode(pin, PLACE_D), orderInCode(pin, PLACE_SD))
    : chooseDifferencing(z, season);
  const w = diff.w, d = diff.d, D = diff.D;

  const seasonalTerms = season > 1 && season <= MAX_SEASONAL_TERMS_PERIOD && w.length >= 2 * season + 4;
  // residuals of the first season lean on pre-sample zeros, so every candidate skips them alike
  const burnIn = seasonalTerms ? season : 0;
  if (w.length - burnIn < 3) return failed(h);
  const prob = new CssProblem(w, burnIn);
  const wk = new FitWork(prob.nEff);
  const cfg = new SearchSettings(d, D, season, seasonalTerms, d + D <= 1, MAX_MODELS);
  const best = pin != 0
    ? fitOrders(prob, wk, cfg, orderInCode(pin, PLACE_P), orderInCode(pin, PLACE_Q),
      seasonalTerms ? orderInCode(pin, PLACE_SP) : 0, seasonalTerms ? orderInCode(pin, PLACE_SQ) : 0)
    : stepwiseSearch(prob, wk, cfg);
  if (best === null) return failed(h);

  const spec = best.spec;
  const k = spec.nCoef;
  const par = best.par;
  // degrees-of-freedom corrected innovation variance for the intervals
  const sigma2 = best.ssr / <f64>(prob.nEff > k ? prob.nEff - k : prob.nEff);
  // in-sample innovations for the MA part of the forecast recursion
  prob.spec = spec;
  prob.ssr(par, new Float64Array(0));
  const path = arimaForecast(z, spec, par, prob.e, sigma2, h);
  const mean = path.mean, sd = path.sd;
  for (let i = 0; i < h; i++) {
    mean[i] *= scale;
    sd[i] *= scale;
    if (!isFinite(mean[i]) || !isFinite(sd[i])) return failed(h);
  }
  const skip = burnIn > spec.arDegree ? burnIn : spec.arDegree;
  return withFitted(new ModelForecast(mean, sd, spec.code()), arimaFitted(y, prob.e, skip, scale));
}

