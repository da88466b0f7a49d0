// Maximum-likelihood fit of one ETS form with the shared bounded Nelder–Mead.
import { nelderMead, MinResult } from "../../optim/nelder_mead";
import { ERROR_M, TREND_N, TREND_AD, SEASON_N, SEASON_M, paramCount } from "./form";
import { etsPass, FINAL_SEASONS } from "./kernel";
import { initialStates } from "./init";
import { EtsObjective, EtsParams, EPS, PHI_LOWER, PHI_UPPER } from "./objective";
import { refineStates } from "./refine";

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

/** Starting values of gamma/(1 − alpha) tried for seasonal forms. */
const GAMMA_STARTS: StaticArray<f64> = [0.02, 0.3, 0.7];

/** Evaluation budget of one fit: enough for the simplex to settle in d dimensions, no more. */
function evalBudget(d: i32): i32 {
  return 15 + 12 * d;
}

/**
 * How far above `limit` a simplex a third of the way through its budget may still be: it moves
 * most in its first evaluations (measured on the dev data: a form this far behind then almost
 * never overtook the best one).
 */
const GIVE_UP_SLACK: f64 = 10.0;

/**
 * Runs the simplex and one restart from its best point (a collapsed simplex often stops short);
 * f0 = f(x0) or NaN. A fit still above `limit` a third of the way through, or above it at the end
 * of the first run, is left there: only fits below it can be chosen, and the restart moves a fit
 * by little (measured: by more than 1 in -2 log L in about one case in twenty).
 */
function minimise(obj: EtsObjective, x0: Float64Array, lo: Float64Array, hi: Float64Array, budget: i32, step: f64,
  f0: f64, limit: f64): MinResult {
  let res = nelderMead(obj, x0, lo, hi, budget, 1e-8, step, f0, budget / 3, limit + GIVE_UP_SLACK);
  if (res.value > limit) return res;
  const again = nelderMead(obj, res.x, lo, hi, budget >> 1, 1e-8, step * 0.5, res.value);
  if (again.value < res.value) res = again;
  return res;
}

/** Sets x[0] (alpha) and x[gi] (gamma fraction) to the best pair of the start grids; returns its score. */
function gridStart(obj: EtsObjective, x: Float64Array, gi: i32): f64 {
  let bestF = Infinity, bestA = x[0], bestG = x[gi];
  for (let a = 0; a < ALPHA_STARTS.length; a++) {
    for (let g = 0; g < GAMMA_STARTS.length; g++) {
      x[0] = ALPHA_STARTS[a]; x[gi] = GAMMA_STARTS[g];
      const f = obj.eval(x);
      if (f < bestF) { bestF = f; bestA = x[0]; bestG = x[gi]; }
    }
  }
  x[0] = bestA; x[gi] = bestG;
  return bestF;
}

/** Moves the level/slope coordinates of x to the refined states and recentres their boxes (width set by d). */
function recentre(x: Float64Array, lo: Float64Array, hi: Float64Array, at: i32, hasTrend: bool, p: EtsParams, d: f64, mult: bool): void {
  x[at] = p.level;
  lo[at] = p.level - 5.0 * d; hi[at] = p.level + 5.0 * d;
  if (mult && lo[at] < 1e-3 * p.level) lo[at] = 1e-3 * p.level;
  if (hasTrend) { x[at + 1] = p.slope; lo[at + 1] = p.slope - 2.0 * d; hi[at + 1] = p.slope + 2.0 * d; }
}

/**
 * Fits (error, trend, season) to `ys` (gap-free, scaled so max |y| = 1) by maximum likelihood.
 * The simplex searches the smoothing parameters and the initial level/slope (up to 6
 * dimensions). The m initial seasonal states are not simplex coordinates (up to 23 more would
 * cost far more evaluations than the budget allows): they come from a classical decomposition,
 * are refitted once by a Gauss–Newton step at the starting smoothing parameters, and the better
 * of the two sets (judged after a small alpha × gamma start grid) is kept for the whole fit. The
 * forecastability region is imposed only when the optimum found without it falls outside (rare
 * in the usual region, and the test is the dearest part of a seasonal evaluation). A caller that
 * can only use a likelihood below `limit` says so, and a fit that stays above it is cut short (see
 * minimise). Returns null when no finite likelihood is found. The caller checks that the form is
 * allowed for this series.
 */
export function fitForm(ys: Float64Array, m: i32, error: i32, trend: i32, season: i32, limit: f64 = Infinity): EtsFit | null {
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
  const levelAt = i;
  lo[i] = level - 5.0 * d; hi[i] = level + 5.0 * d;
  if (mult && lo[i] < 1e-3 * level) lo[i] = 1e-3 * level;
  x0[i++] = level;
  if (trend != TREND_N) { lo[i] = st.slope - 2.0 * d; hi[i] = st.slope + 2.0 * d; x0[i++] = st.slope; }
  const safe = new Float64Array(dim);
  for (let k = 0; k < dim; k++) safe[k] = x0[k];

  // a few starting values of alpha: the simplex is local and the likelihood is often bimodal in alpha
  obj.checkRegion = false;
  let bestA = x0[0], bestF = Infinity;
  for (let k = 0; k < ALPHA_STARTS.length; k++) {
    x0[0] = ALPHA_STARTS[k];
    const f = obj.eval(x0);
    if (f < bestF) { bestF = f; bestA = x0[0]; }
  }
  x0[0] = bestA;
  // the objective's value at x0 as the starts leave it, so the simplex need not evaluate it again
  let f0 = bestF;
  const budget = evalBudget(dim);
  if (mm > 1 && isFinite(bestF)) {
    // Two candidate seasonal starts: the decomposition's states, and states refitted at the small
    // starting gamma (they describe the average season; without them the simplex tends to buy a
    // large gamma to repair the decomposition's first-years pattern). Each gets the (alpha, gamma)
    // grid; the simplex starts from the better one.
    const gi = trend != TREND_N ? 2 : 1;
    const xr = new Float64Array(dim);
    for (let k = 0; k < dim; k++) xr[k] = x0[k];
    const fDec = gridStart(obj, x0, gi);
    // with no finite grid value x0 is left where it was
    if (isFinite(fDec)) f0 = fDec;
    const keepSeasons = new Float64Array(mm);
    for (let k = 0; k < mm; k++) keepSeasons[k] = st.seasons[k];
    const keepLo = new Float64Array(dim), keepHi = new Float64Array(dim);
    for (let k = 0; k < dim; k++) { keepLo[k] = lo[k]; keepHi[k] = hi[k]; }
    const p0 = obj.decode(xr, new EtsParams());
    if (refineStates(ys, mm, error, trend, season, p0, st.seasons, MSE_FLOOR, bestF) < bestF) {
      recentre(xr, lo, hi, levelAt, trend != TREND_N, p0, d, mult);
      const fRef = gridStart(obj, xr, gi);
      if (fRef < fDec) {
        for (let k = 0; k < dim; k++) x0[k] = xr[k];
        f0 = fRef;
      } else {
        for (let k = 0; k < mm; k++) st.seasons[k] = keepSeasons[k];
        for (let k = 0; k < dim; k++) { lo[k] = keepLo[k]; hi[k] = keepHi[k]; }
      }
    }
  }
  let res = minimise(obj, x0, lo, hi, budget, 0.1, f0, limit);

  obj.checkRegion = true;
  if (isFinite(res.value) && !obj.inRegion(obj.decode(res.x, obj.decoded))) {
    res = minimise(obj, safe, lo, hi, budget, 0.1, NaN, limit);
  }
  if (!isFinite(res.value)) return null;

  const params = obj.decode(res.x, new EtsParams());
  const final = new Float64Array(FINAL_SEASONS + mm);
  const work = new Float64Array(mm);
  const lik = etsPass(ys, mm, error, trend, season, params.alpha, params.beta, params.gamma, params.phi,
    params.level, params.slope, st.seasons, work, MSE_FLOOR, final);
  if (!isFinite(lik)) return null;
  return new EtsFit(error, trend, season, mm, params, st.seasons, lik, paramCount(trend, season, mm), final);
}
