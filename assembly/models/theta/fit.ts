// Fits one Theta variant by minimising the in-sample one-step MSE and forecasts from it.
import { nelderMead } from "../../optim/nelder_mead";
import { ThetaObjective } from "./objective";
import { ThetaState, thetaFilter, thetaPath } from "./kernel";
import { lineFit } from "../../numerics/least_squares";

/** Search box for alpha: open (0, 1) kept away from the ends where the recursion degenerates. */
const ALPHA_LO: f64 = 0.01;
const ALPHA_HI: f64 = 0.99;
/** Search box for theta in the optimised variants (theta >= 1 per Fiorucci et al.; the cap only
 *  keeps the box finite for Nelder–Mead, and 10 beat 5 on the dev sample). */
const THETA_LO: f64 = 1.0;
const THETA_HI: f64 = 10.0;
const MAX_EVALS: i32 = 400;

/** A fitted Theta model's forecast: the path and the one-step error variance behind its sd. */
export class ThetaFit {
  constructor(
    public mean: Float64Array,
    public sd: Float64Array,
    public alpha: f64,
    public theta: f64,
    /** one-step in-sample predictions of the series the variant was fitted to */
    public fitted: Float64Array,
  ) {}
}

/**
 * Forecast-error sd of the SES-type approximation: sigma·sqrt(1 + alpha²·(h - 1)), the exact
 * h-step variance of simple exponential smoothing (Hyndman et al. 2008, class 1), treating the
 * trend coefficients as known. sigma² is the in-sample one-step MSE.
 */
export function sesSd(mse: f64, alpha: f64, h: i32): Float64Array {
  const sd = new Float64Array(h);
  const s2 = mse > 0.0 && isFinite(mse) ? mse : 0.0;
  for (let k = 0; k < h; k++) sd[k] = Math.sqrt(s2 * (1.0 + alpha * alpha * <f64>k));
  return sd;
}

function spread(y: Float64Array): f64 {
  let lo = y[0], hi = y[0];
  for (let i = 1; i < y.length; i++) { if (y[i] < lo) lo = y[i]; if (y[i] > hi) hi = y[i]; }
  const r = hi - lo;
  return r > 0.0 ? r : Math.abs(hi) + 1.0;
}

/**
 * Standard Theta as Hyndman & Billah (2003) show it: simple exponential smoothing (alpha and the
 * initial level fitted by MSE) plus a drift of half the least-squares slope b:
 * l_n + (b/2)·((k - 1) + (1 - (1 - alpha)^n)/alpha).
 */
export function fitStandard(y: Float64Array, h: i32): ThetaFit {
  const n = y.length;
  const ab = lineFit(y, y.length);
  const f = new ThetaObjective(y, false, 1.0, ab[0], ab[1]);
  const s = spread(y);
  const x0 = new Float64Array(2); x0[0] = 0.5; x0[1] = 0.0;
  const lo = new Float64Array(2); lo[0] = ALPHA_LO; lo[1] = -s;
  const hi = new Float64Array(2); hi[0] = ALPHA_HI; hi[1] = s;
  const best = nelderMead(f, x0, lo, hi, MAX_EVALS);
  const alpha = best.x[0];
  const st = new ThetaState();
  const mus = new Float64Array(n);
  thetaFilter(y, alpha, 1.0, f.level0(best.x[1], 1.0), false, ab[0], ab[1], st, mus);
  // the forecast adds half the slope as drift; the one-step predictions carry the same drift
  for (let t = 0; t < n; t++) mus[t] += 0.5 * ab[1] * (1.0 - Math.pow(1.0 - alpha, <f64>t)) / alpha;
  const tail = (1.0 - Math.pow(1.0 - alpha, <f64>n)) / alpha;
  const mean = new Float64Array(h);
  for (let k = 0; k < h; k++) mean[k] = st.level + 0.5 * ab[1] * (<f64>k + tail);
  return new ThetaFit(mean, sesSd(st.mse, alpha, h), alpha, 2.0, mus);
}

/**
 * Optimised Theta (OTM, `dynamic` false) or dynamic optimised Theta (DOTM, `dynamic` true) of
 * Fiorucci et al. (2016): alpha, theta and the initial level fitted by the in-sample MSE.
 */
export function fitOptimised(y: Float64Array, h: i32, dynamic: bool): ThetaFit {
  const n = y.length;
  const ab = lineFit(y, y.length);
  const f = new ThetaObjective(y, dynamic, 2.0, ab[0], ab[1]);
  const s = spread(y);
  const x0 = new Float64Array(3); x0[0] = 0.5; x0[1] = 0.0; x0[2] = 2.0;
  const lo = new Float64Array(3); lo[0] = ALPHA_LO; lo[1] = -s; lo[2] = THETA_LO;
  const hi = new Float64Array(3); hi[0] = ALPHA_HI; hi[1] = s; hi[2] = THETA_HI;
  const best = nelderMead(f, x0, lo, hi, MAX_EVALS);
  const alpha = best.x[0], theta = best.x[2];
  const st = new ThetaState();
  const mus = new Float64Array(n);
  thetaFilter(y, alpha, theta, f.level0(best.x[1], theta), dynamic, ab[0], ab[1], st, mus);
  const mean = thetaPath(st, alpha, theta, n, h);
  return new ThetaFit(mean, sesSd(st.mse, alpha, h), alpha, theta, mus);
}
