// Maximum-likelihood fit of one ETS form with the shared bounded Nelder–Mead.
import { nelderMead } from "../../optim/nelder_mead";
import { ERROR_M, TREND_N, TREND_AD, SEASON_N, SEASON_M, paramCount } from "./form";
import { etsPass, FINAL_SEASONS } from "./kernel";
import { initialStates } from "./init";
import { EtsObjective, EtsParams, EPS, PHI_LOWER, PHI_UPPER } from "./objective";

/** Smallest mean squared error the likelihood sees on data scaled to max |y| = 1 (relative sd 1e-10). */
export const MSE_FLOOR: f64 = 1e-20;

/** A fitted form: its parameters, fixed seasonal states, likelihood on the scaled data and final states. */
export class EtsFit {
  constructor(
    public error: i32, public trend: i32, public season: i32, public m: i32,
    public params: EtsParams, public seasons: Float64Array,
    /** n·log(Σε²) (+ 2Σlog|ŷ|) on the scaled series */
    public lik: f64,
    /** estimated parameters, sigma excluded */
    public np: i32,
    /** level, slope, Σε², Σlog|ŷ|, then the seasonal states in forecast order */
    public final: Float64Array,
  ) {}
}

/** Starting values of alpha tried before the simplex starts: one pass each. */
const ALPHA_STARTS: StaticArray<f64> = [0.05, 0.2, 0.5, 0.85];

/** Evaluation budget of one fit: enough for the simplex to settle in d dimensions, no more. */
function evalBudget(d: i32): i32 {
  return 60 + 50 * d;
}

/**
 * Fits (error, trend, season) to `ys` (gap-free, scaled so max |y| = 1) by minimising the
 * concentrated likelihood over the smoothing parameters and initial level/slope; the m initial
 * seasonal states stay at their decomposition values (normalised), which costs little accuracy and
 * keeps the simplex small (up to 6 dimensions instead of up to 29). Returns null when no finite
 * likelihood is found. The caller checks that the form is allowed for this series.
 */
export function fitForm(ys: Float64Array, m: i32, error: i32, trend: i32, season: i32): EtsFit | null {
  const n = ys.length;
  const mm = season != SEASON_N ? m : 1;
  const st = initialStates(ys, mm, trend, season);
  const mult = error == ERROR_M || season == SEASON_M;

  // a typical one-step change of the seasonally adjusted series sets the boxes of level and slope
  let prev = 0.0, d = 0.0;
  for (let t = 0; t < n; t++) {
    let v = ys[t];
    if (mm > 1) v = season == SEASON_M ? v / st.seasons[t % mm] : v - st.seasons[t % mm];
    if (t > 0) d += Math.abs(v - prev);
    prev = v;
  }
  d = n > 1 ? d / <f64>(n - 1) : 0.0;
  if (!(d > 1e-8)) d = 1e-8;
  let level = st.level;
  if (mult && !(level > 0.0)) level = ys[0] / (season == SEASON_M ? st.seasons[0] : 1.0);

  const obj = new EtsObjective(ys, mm, error, trend, season, st.seasons, MSE_FLOOR);
  const dim = obj.dims();
  const x0 = new Float64Array(dim), lo = new Float64Array(dim), hi = new Float64Array(dim);
  let i = 0;
  lo[i] = EPS; hi[i] = 1.0 - EPS; x0[i++] = 0.2;
  if (trend != TREND_N) { lo[i] = EPS; hi[i] = 1.0 - EPS; x0[i++] = 0.1; }
  if (season != SEASON_N) { lo[i] = EPS; hi[i] = 1.0 - EPS; x0[i++] = 0.05; }
  if (trend == TREND_AD) { lo[i] = PHI_LOWER; hi[i] = PHI_UPPER; x0[i++] = 0.97; }
  lo[i] = level - 5.0 * d; hi[i] = level + 5.0 * d;
  if (mult && lo[i] < 1e-3 * level) lo[i] = 1e-3 * level;
  x0[i++] = level;
  if (trend != TREND_N) { lo[i] = st.slope - 2.0 * d; hi[i] = st.slope + 2.0 * d; x0[i++] = st.slope; }

  // a few starting values of alpha: the simplex is local and the likelihood is often bimodal in alpha
  let bestA = x0[0], bestF = Infinity;
  for (let k = 0; k < ALPHA_STARTS.length; k++) {
    x0[0] = ALPHA_STARTS[k];
    const f = obj.eval(x0);
    if (f < bestF) { bestF = f; bestA = x0[0]; }
  }
  x0[0] = bestA;

  const budget = evalBudget(dim);
  let res = nelderMead(obj, x0, lo, hi, budget, 1e-8, 0.1);
  // one restart from the best point: a collapsed simplex often stops short of the optimum
  const res2 = nelderMead(obj, res.x, lo, hi, budget >> 1, 1e-8, 0.05);
  if (res2.value < res.value) res = res2;
  if (!isFinite(res.value)) return null;

  const params = obj.decode(res.x, new EtsParams());
  const final = new Float64Array(FINAL_SEASONS + mm);
  const work = new Float64Array(mm);
  const lik = etsPass(ys, mm, error, trend, season, params.alpha, params.beta, params.gamma, params.phi,
    params.level, params.slope, st.seasons, work, MSE_FLOOR, final);
  if (!isFinite(lik)) return null;
  return new EtsFit(error, trend, season, mm, params, st.seasons, lik, paramCount(trend, season, mm), final);
}
