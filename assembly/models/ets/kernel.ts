// One pass of the innovations state-space recursion: the likelihood and the final states.
import { ERROR_M, TREND_N, TREND_AD, SEASON_N, SEASON_M } from "./form";

/** Slots of the `final` buffer written by `etsPass`, before the m seasonal states. */
export const FINAL_LEVEL: i32 = 0;
export const FINAL_SLOPE: i32 = 1;
export const FINAL_SSE: i32 = 2;
export const FINAL_SUMLOG: i32 = 3;
export const FINAL_SEASONS: i32 = 4;

/**
 * Runs the ETS recursion over `y` and returns the concentrated likelihood of Hyndman et al.
 * (2008, ch. 5): n·log(Σε²) plus 2·Σlog|ŷ| for multiplicative errors (ε = y−ŷ for additive
 * errors, (y−ŷ)/ŷ for multiplicative ones). The mean square is floored at `floor` so a perfect fit
 * gives a finite value. `seasons` holds the m initial seasonal states in the order they are used
 * (seasons[j] applies to y[j]); `work` is scratch of length >= m. Returns +Infinity when a
 * multiplicative season meets a non-positive level or season, or a fitted value is 0 under
 * multiplicative errors. When `final` is given
 * (length >= 4 + m) it receives level, slope, Σε², Σlog|ŷ| and the seasonal states in the order
 * the forecasts use them. When `resid` is given (length >= n) it receives every ε, and `mus`
 * (length >= n) every one-step prediction ŷ. Allocates nothing.
 */
export function etsPass(
  y: Float64Array, m: i32, error: i32, trend: i32, season: i32,
  alpha: f64, beta: f64, gamma: f64, phi: f64, l0: f64, b0: f64,
  seasons: Float64Array, work: Float64Array, floor: f64, final: Float64Array | null,
  resid: Float64Array | null = null, mus: Float64Array | null = null,
): f64 {
  return etsPassAt(y.dataStart, y.length, m, error, trend, season, alpha, beta, gamma, phi, l0, b0,
    seasons, work, floor, final, resid, mus);
}

/** `etsPass` over the n f64 values at address `yp` (a caller's buffer, read in place). */
export function etsPassAt(
  yp: usize, n: i32, m: i32, error: i32, trend: i32, season: i32,
  alpha: f64, beta: f64, gamma: f64, phi: f64, l0: f64, b0: f64,
  seasons: Float64Array, work: Float64Array, floor: f64, final: Float64Array | null,
  resid: Float64Array | null = null, mus: Float64Array | null = null,
): f64 {
  // One loop per (trend?, season, error) with those tests decided before it starts: a runtime
  // engine does not unswitch them, and without a trend the step also drops an addition of zero.
  const t = trend != TREND_N;
  const multError = error == ERROR_M;
  if (season == SEASON_N || m <= 1) {
    if (t) return multError
      ? passLoop(yp, n, m, true, false, false, true, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus)
      : passLoop(yp, n, m, true, false, false, false, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus);
    return multError
      ? passLoop(yp, n, m, false, false, false, true, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus)
      : passLoop(yp, n, m, false, false, false, false, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus);
  }
  if (season == SEASON_M) {
    if (t) return multError
      ? passLoop(yp, n, m, true, true, true, true, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus)
      : passLoop(yp, n, m, true, true, true, false, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus);
    return multError
      ? passLoop(yp, n, m, false, true, true, true, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus)
      : passLoop(yp, n, m, false, true, true, false, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus);
  }
  if (t) return multError
    ? passLoop(yp, n, m, true, true, false, true, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus)
    : passLoop(yp, n, m, true, true, false, false, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus);
  return multError
    ? passLoop(yp, n, m, false, true, false, true, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus)
    : passLoop(yp, n, m, false, true, false, false, trend, alpha, beta, gamma, phi, l0, b0, seasons, work, floor, final, resid, mus);
}

// the pass for one combination of the constant flags (inlined, so the compiler folds every test on them)
@inline function passLoop(
  yp: usize, n: i32, m: i32, hasTrend: bool, hasSeason: bool, multSeason: bool, multError: bool, trend: i32,
  alpha: f64, beta: f64, gamma: f64, phi: f64, l0: f64, b0: f64,
  seasons: Float64Array, work: Float64Array, floor: f64, final: Float64Array | null,
  resid: Float64Array | null, mus: Float64Array | null,
): f64 {
  const p = hasTrend ? (trend == TREND_AD ? phi : 1.0) : 0.0;
  const bt = hasTrend ? beta : 0.0;
  const mm = hasSeason ? m : 1;
  if (hasSeason) for (let k = 0; k < m; k++) unchecked(work[k] = seasons[k]);
  else unchecked(work[0] = 0.0);
  // Both error forms share the state updates (only the likelihood differs; Hyndman et al. 2008,
  // ch. 2). With q the seasonally adjusted observation (y − s or y/s) they read
  //   l_t = lb + α(q − lb),  b_t = φb + β(q − lb),  where lb = l + φb,
  // so the next lb is (lb + φ²b) + (α + φβ)(q − lb): written that way the chain that carries one
  // step into the next is three operations long (lb + φ²b is formed beside it) instead of six.
  const c = alpha + p * bt, p2 = p * p, omc = 1.0 - c;
  let lb = l0 + p * (hasTrend ? b0 : 0.0), b = hasTrend ? b0 : 0.0;
  let q = 0.0, lbLast = lb;
  let sse = 0.0, sumLog = 0.0, prod = 1.0;
  let j = 0;
  const keepResid = resid !== null, keepMus = mus !== null;
  for (let t = 0; t < n; t++) {
    const s = hasSeason ? unchecked(work[j]) : 0.0;
    const yt = load<f64>(yp + (<usize>t << 3));
    let mu: f64;
    if (multSeason) {
      if (!(lb > 0.0) || !(s > 0.0)) return Infinity;
      mu = lb * s;
      q = yt / s;
    } else {
      mu = lb + s;
      q = yt - s;
    }
    const r = yt - mu;
    // r/ŷ, when the errors are relative
    let e = 0.0;
    if (keepMus) unchecked(changetype<Float64Array>(mus)[t] = mu);
    if (multError) {
      // the book's likelihood uses |ŷ|: a negative fit is legal, only a vanishing one is not
      const am = Math.abs(mu);
      if (!(am > 1e-300)) return Infinity;
      e = r / mu;
      sse += e * e;
      if (keepResid) unchecked(changetype<Float64Array>(resid)[t] = e);
      // one log per many steps: the product is folded into the sum before it can under/overflow
      prod *= am;
      if (prod > 1e150 || prod < 1e-150) { sumLog += Math.log(prod); prod = 1.0; }
    } else {
      sse += r * r;
      if (keepResid) unchecked(changetype<Float64Array>(resid)[t] = r);
    }
    const d = q - lb;
    // r/lb = e·s when both are relative: one division per step fewer (they bound a step's time)
    if (hasSeason) unchecked(work[j] = multSeason ? (multError ? s + gamma * (e * s) : s + gamma * r / lb) : s + gamma * r);
    lbLast = lb;
    if (hasTrend) {
      lb = (lb + p2 * b) + c * d;
      b = p * b + bt * d;
    } else {
      // without a slope the level's own update is the chain: two operations, the product c·q beside it
      lb = omc * lb + c * q;
    }
    if (hasSeason) {
      j++;
      if (j == mm) j = 0;
    }
  }
  const l = n > 0 ? lbLast + alpha * (q - lbLast) : l0;
  sumLog += Math.log(prod);
  const fl = floor * <f64>n;
  const lik = <f64>n * Math.log(sse > fl ? sse : fl) + 2.0 * sumLog;
  if (final !== null) {
    final[FINAL_LEVEL] = l;
    final[FINAL_SLOPE] = b;
    final[FINAL_SSE] = sse;
    final[FINAL_SUMLOG] = sumLog;
    if (hasSeason) {
      for (let k = 0; k < m; k++) final[FINAL_SEASONS + k] = work[(j + k) % m];
    }
  }
  return isNaN(lik) ? Infinity : lik;
}
