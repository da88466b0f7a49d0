// The ETS taxonomy used by this family: component ids, parameter counts and which forms a series admits.

export const ERROR_A: i32 = 1;
export const ERROR_M: i32 = 2;
export const TREND_N: i32 = 0;
export const TREND_A: i32 = 1;
export const TREND_AD: i32 = 2;
export const SEASON_N: i32 = 0;
export const SEASON_A: i32 = 1;
export const SEASON_M: i32 = 2;

/** Longest season the family models (as R's ets: longer periods are fitted without a season). */
export const MAX_SEASON: i32 = 24;

/** Number of estimated parameters (smoothing parameters and initial states), sigma excluded. */
export function paramCount(trend: i32, season: i32, m: i32): i32 {
  let k = 2; // alpha and the initial level
  if (trend != TREND_N) k += 2; // beta and the initial slope
  if (trend == TREND_AD) k += 1; // phi
  if (season != SEASON_N) k += m; // gamma and m-1 free seasonal states (they are normalised)
  return k;
}

/** True when (error, trend, season) names one of the 15 forms this family fits. */
export function isKnownForm(error: i32, trend: i32, season: i32): bool {
  if (error != ERROR_A && error != ERROR_M) return false;
  if (trend < TREND_N || trend > TREND_AD) return false;
  if (season < SEASON_N || season > SEASON_M) return false;
  // additive error with a multiplicative season can divide by fitted values near zero: unstable
  return !(error == ERROR_A && season == SEASON_M);
}

/** True when a seasonal form can be estimated for period m on n points (two full seasons at least). */
export function seasonFits(n: i32, m: i32): bool {
  return m > 1 && m <= MAX_SEASON && n >= 2 * m;
}

/**
 * True when the form may be fitted to this series: a known form, multiplicative parts only on
 * strictly positive data, a season only when `seasonFits`, and enough points for AICc to be
 * defined (n > parameters + sigma + 1).
 */
export function formAllowed(error: i32, trend: i32, season: i32, n: i32, m: i32, positive: bool): bool {
  if (!isKnownForm(error, trend, season)) return false;
  if ((error == ERROR_M || season == SEASON_M) && !positive) return false;
  if (season != SEASON_N && !seasonFits(n, m)) return false;
  return n > paramCount(trend, season, m) + 2;
}

