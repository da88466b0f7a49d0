// The combination's spread held to what the series itself shows about errors k cycles ahead.
import { ModelForecast } from "../models/result";
import { seasonalNaiveErrors } from "../stats/seasonal_naive_errors";

/**
 * Differences a lag needs before its error is trusted: with 100, a mean square has a relative
 * standard error near √(2/100) ≈ 14%, so only long series are touched.
 */
const MIN_LAG_PAIRS: i32 = 100;

/**
 * Narrows the combination `fc`'s sd in place where, at a step k cycles of `m` ahead, it exceeds the
 * root mean square error the seasonal naive forecast actually made at that lag over `y` (in proportion
 * to the level when `y` is positive throughout, see seasonalNaiveErrors; only where
 * at least MIN_LAG_PAIRS differences exist): such a step moves to the geometric mean of the two, by
 * 1 − `share` of the way (the small-sample share: a series near the small-sample line keeps more of
 * its members' caution, as the combination's spread does).
 * Why: the members' sds extrapolate their one-step errors as if the series wandered, so on data that
 * returns towards a level or a season (NN5's days, M4's weeks and hours) they grow faster with h than
 * any error the series has shown; a model at least as good as the seasonal naive one should not
 * claim more. Halfway, because the naive error is one model's, not the combination's (with the
 * naive error as a hard cap, TOUR/Monthly covered 91.8% at 95%).
 */
export function holdToNaiveErrors(y: Float64Array, fc: ModelForecast, m: i32, h: i32, share: f64): void {
  const naive = seasonalNaiveErrors(y, m, h, MIN_LAG_PAIRS);
  const keep = share < 1.0 ? share : 1.0;
  for (let i = 0; i < h; i++) {
    const s = naive[i];
    const sd = fc.sd[i];
    if (isFinite(s) && sd > s) fc.sd[i] = keep * sd + (1.0 - keep) * Math.sqrt(sd * s);
  }
}
