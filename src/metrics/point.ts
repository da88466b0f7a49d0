// Point-forecast accuracy: sMAPE and MASE as the M4 competition defines them, RMSSE as M5 does.
// One implementation for `npm run eval` and the API's backtests, so both report the same numbers.

/** sMAPE in percent: mean of 200·|y−f|/(|y|+|f|) over the horizon; a 0/0 term counts 0. */
export function smape(actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  if (actual.length !== forecast.length || actual.length === 0) throw new Error('smape: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) {
    const den = Math.abs(actual[i]) + Math.abs(forecast[i]);
    if (den > 0) sum += (200 * Math.abs(actual[i] - forecast[i])) / den;
  }
  return sum / actual.length;
}

// mean of |x_t − x_{t−lag}|^power over the pairs where both values are present (NaN marks a missing one)
function meanLagDifference(train: ArrayLike<number>, lag: number, power: 1 | 2): number {
  let sum = 0, n = 0;
  for (let t = lag; t < train.length; t++) {
    const d = train[t] - train[t - lag];
    if (Number.isNaN(d)) continue;
    sum += power === 1 ? Math.abs(d) : d * d;
    n++;
  }
  return n === 0 ? NaN : sum / n;
}

/**
 * MASE scale: the in-sample mean absolute difference at lag m, falling back to lag 1 when the
 * series is not longer than m (the M4 guide's rule, so short seasonal series still get a scale).
 * Pairs with a missing (NaN) value are left out; NaN when no pair is left.
 */
export function maseScale(train: ArrayLike<number>, m: number): number {
  const lag = train.length > m ? m : 1;
  if (train.length <= lag) return NaN;
  return meanLagDifference(train, lag, 1);
}

/** MASE: mean absolute forecast error over the scale from `maseScale(train, m)`. */
export function mase(train: ArrayLike<number>, actual: ArrayLike<number>, forecast: ArrayLike<number>, m: number): number {
  if (actual.length !== forecast.length || actual.length === 0) throw new Error('mase: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) sum += Math.abs(actual[i] - forecast[i]);
  return sum / actual.length / maseScale(train, m);
}

/**
 * RMSSE scale: the in-sample mean squared one-step difference (M5 scales by the lag-1 naive
 * forecast, whatever the season). Pairs with a missing (NaN) value are left out; NaN when none is left.
 */
export function rmsseScale(train: ArrayLike<number>): number {
  if (train.length < 2) return NaN;
  const scale = meanLagDifference(train, 1, 2);
  // a constant training part has no scale: NaN, rather than an infinite score
  return scale > 0 ? scale : NaN;
}

/**
 * RMSSE with a seasonal scale: the in-sample mean squared difference at lag m (lag 1 when the series
 * is not longer than m, as for MASE), the definition of the exogenous sample's README. NaN when that scale is 0.
 */
export function rmsseSeasonal(train: ArrayLike<number>, actual: ArrayLike<number>, forecast: ArrayLike<number>, m: number): number {
  if (actual.length !== forecast.length || actual.length === 0) throw new Error('rmsse: lengths differ or are zero');
  const lag = train.length > m ? m : 1;
  const scale = train.length > lag ? meanLagDifference(train, lag, 2) : NaN;
  if (!(scale > 0)) return NaN;
  let sum = 0;
  for (let i = 0; i < actual.length; i++) { const e = actual[i] - forecast[i]; sum += e * e; }
  return Math.sqrt(sum / actual.length / scale);
}

/** RMSSE: square root of the mean squared forecast error over `rmsseScale(train)`. */
export function rmsse(train: ArrayLike<number>, actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  if (actual.length !== forecast.length || actual.length === 0) throw new Error('rmsse: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) {
    const e = actual[i] - forecast[i];
    sum += e * e;
  }
  return Math.sqrt(sum / actual.length / rmsseScale(train));
}

/** MASE1 (the lag-1 scale intermittent-demand studies use): MASE at lag 1, NaN when the training part is constant. */
export function mase1(train: ArrayLike<number>, actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  const scale = maseScale(train, 1);
  if (!(scale > 0)) return NaN;
  return mase(train, actual, forecast, 1);
}

/** True when any value is below 0 (a forecast or bound off the support of a non-negative series). */
export function anyNegative(xs: ArrayLike<number>): boolean {
  for (let i = 0; i < xs.length; i++) if (xs[i] < 0) return true;
  return false;
}
