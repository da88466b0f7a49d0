// The M4 accuracy measures: sMAPE, MASE and OWA relative to Naive2 (definitions in docs/accuracy.md, "Columns").

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

/**
 * MASE scale: the in-sample mean absolute difference at lag m, falling back to lag 1 when the
 * series is not longer than m (the M4 guide's rule, so short seasonal series still get a scale).
 */
export function maseScale(train: ArrayLike<number>, m: number): number {
  const lag = train.length > m ? m : 1;
  if (train.length <= lag) return NaN;
  let sum = 0;
  for (let t = lag; t < train.length; t++) sum += Math.abs(train[t] - train[t - lag]);
  return sum / (train.length - lag);
}

/** MASE: mean absolute forecast error over the scale from `maseScale(train, m)`. */
export function mase(train: ArrayLike<number>, actual: ArrayLike<number>, forecast: ArrayLike<number>, m: number): number {
  if (actual.length !== forecast.length || actual.length === 0) throw new Error('mase: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) sum += Math.abs(actual[i] - forecast[i]);
  return sum / actual.length / maseScale(train, m);
}

/**
 * MSIS, M4's interval score at coverage 1−alpha: mean over the horizon of the interval width plus
 * 2/alpha times any miss, divided by the MASE scale of `maseScale(train, m)`. Lower is better: it
 * rewards narrow intervals and punishes values falling outside.
 */
export function msis(train: ArrayLike<number>, actual: ArrayLike<number>, lower: ArrayLike<number>, upper: ArrayLike<number>, m: number, alpha: number): number {
  if (actual.length !== lower.length || actual.length !== upper.length || actual.length === 0) throw new Error('msis: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) {
    const y = actual[i], lo = lower[i], hi = upper[i];
    sum += hi - lo + (y < lo ? (2 / alpha) * (lo - y) : 0) + (y > hi ? (2 / alpha) * (y - hi) : 0);
  }
  return sum / actual.length / maseScale(train, m);
}

/** How many actual values lie inside [lower, upper] (bounds included). */
export function countInside(actual: ArrayLike<number>, lower: ArrayLike<number>, upper: ArrayLike<number>): number {
  let k = 0;
  for (let i = 0; i < actual.length; i++) if (actual[i] >= lower[i] && actual[i] <= upper[i]) k++;
  return k;
}

/** OWA on group means: ½(sMAPE/sMAPE_Naive2 + MASE/MASE_Naive2); exactly 1 for Naive2 itself. */
export function owa(smapeMean: number, maseMean: number, smapeNaive2: number, maseNaive2: number): number {
  return 0.5 * (smapeMean / smapeNaive2 + maseMean / maseNaive2);
}

/** Arithmetic mean (NaN for an empty list). */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** The q-quantile (0..1) by linear interpolation between order statistics (R's type 7). */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

function lag1Scale(train: ArrayLike<number>, power: 1 | 2): number {
  if (train.length < 2) return NaN;
  let sum = 0;
  for (let t = 1; t < train.length; t++) {
    const d = Math.abs(train[t] - train[t - 1]);
    sum += power === 1 ? d : d * d;
  }
  // a constant training part has no scale: NaN, rather than an infinite score
  return sum > 0 ? sum / (train.length - 1) : NaN;
}

/** MASE1 (lag-1 scale, the intermittent ANCHORS.md): mean |y − f| over the mean |diff(train)|. */
export function mase1(train: ArrayLike<number>, actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  if (actual.length !== forecast.length || actual.length === 0) throw new Error('mase1: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) sum += Math.abs(actual[i] - forecast[i]);
  return sum / actual.length / lag1Scale(train, 1);
}

/** RMSSE (M5's scale, lag 1): sqrt of mean (y − f)² over the mean squared diff(train). */
export function rmsse(train: ArrayLike<number>, actual: ArrayLike<number>, forecast: ArrayLike<number>): number {
  if (actual.length !== forecast.length || actual.length === 0) throw new Error('rmsse: lengths differ or are zero');
  let sum = 0;
  for (let i = 0; i < actual.length; i++) { const e = actual[i] - forecast[i]; sum += e * e; }
  return Math.sqrt(sum / actual.length / lag1Scale(train, 2));
}

/** True when any value is below 0 (a forecast or bound off the support of a non-negative series). */
export function anyNegative(xs: ArrayLike<number>): boolean {
  for (let i = 0; i < xs.length; i++) if (xs[i] < 0) return true;
  return false;
}
