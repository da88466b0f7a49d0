// Output layouts shared by the core and every host. See assembly/README.md.

/** Slots (i32) in the method buffer: [season_length, component count, codes..., second period]. */
export const METHOD_SLOTS: i32 = 16;
/** Most components a method buffer can name (the ensemble has 12 members; the last slot is the second period). */
export const MAX_COMPONENTS: i32 = 13;
/** Slot of the second, longer seasonal period (0 when one period was used). */
export const METHOD_OUTER_SLOT: i32 = 15;
/** Most prediction-interval levels one call may ask for. */
export const MAX_LEVELS: i32 = 16;

/** Number of f64 slots the forecast output buffer needs for `h` steps and `nLevels` levels. */
export function outputLength(h: i32, nLevels: i32): i32 {
  return h * (1 + 2 * nLevels);
}

/** Most quantile probabilities one call may ask for. */
export const MAX_QUANTILES: i32 = 32;
/** Most regressors one call may carry. */
export const MAX_REGRESSORS: i32 = 64;

/** Number of f64 slots the regression report of `forecastWith` needs for `k` regressors. */
export function regressionReportLength(k: i32, maxExtraTerms: i32): i32 {
  return k + 2 + 4 * (k + maxExtraTerms);
}
