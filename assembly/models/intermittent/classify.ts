// Syntetos-Boylan-Croston classification: is demand intermittent, from how often and how evenly it comes.

/** Average inter-demand interval above which demand counts as intermittent (SBC cut-off). */
export const ADI_CUTOFF: f64 = 1.32;
/** Squared coefficient of variation of demand sizes above which demand counts as erratic (SBC cut-off). */
export const CV2_CUTOFF: f64 = 0.49;

/**
 * Average inter-demand interval: the mean number of periods from one non-zero value to the next,
 * the first interval counted from the start of the series (Croston's convention). +Inf when no
 * value is non-zero; 1 when every value is.
 */
export function adi(y: Float64Array): f64 {
  let count = 0, last = -1;
  for (let t = 0; t < y.length; t++) if (y[t] != 0.0) { count++; last = t; }
  if (count == 0) return Infinity;
  return <f64>(last + 1) / <f64>count;
}

/** Squared coefficient of variation of the non-zero values (population variance); 0 with under two. */
export function cv2(y: Float64Array): f64 {
  let k = 0, s = 0.0;
  for (let t = 0; t < y.length; t++) if (y[t] != 0.0) { k++; s += y[t]; }
  if (k < 2 || s == 0.0) return 0.0;
  const mu = s / <f64>k;
  let v = 0.0;
  for (let t = 0; t < y.length; t++) if (y[t] != 0.0) { const e = y[t] - mu; v += e * e; }
  return v / <f64>k / (mu * mu);
}

/** SBC demand classes. */
export const SBC_SMOOTH: i32 = 0;
export const SBC_ERRATIC: i32 = 1;
export const SBC_INTERMITTENT: i32 = 2;
export const SBC_LUMPY: i32 = 3;

/**
 * The SBC class of a demand series: smooth (ADI ≤ 1.32, CV² ≤ 0.49), erratic (CV² above),
 * intermittent (ADI above) or lumpy (both above). Syntetos, Boylan and Croston found SBA better
 * than Croston's method and SES in every class but smooth.
 */
export function sbcClass(y: Float64Array): i32 {
  const sparse = adi(y) > ADI_CUTOFF, uneven = cv2(y) > CV2_CUTOFF;
  if (sparse) return uneven ? SBC_LUMPY : SBC_INTERMITTENT;
  return uneven ? SBC_ERRATIC : SBC_SMOOTH;
}

/** True when every value is finite and ≥ 0: forecasts and bounds must then stay ≥ 0 too. */
export function nonNegative(y: Float64Array): bool {
  for (let t = 0; t < y.length; t++) if (!(y[t] >= 0.0)) return false;
  return true;
}

/**
 * True for non-negative demand that the SBC scheme calls intermittent or lumpy (ADI > 1.32), with at
 * least two demands so sizes and intervals can be estimated: the series the intermittent members suit.
 * Smooth and erratic demand (ADI ≤ 1.32) stays with the regular members.
 */
export function isIntermittent(y: Float64Array): bool {
  if (!nonNegative(y)) return false;
  let k = 0;
  for (let t = 0; t < y.length; t++) if (y[t] != 0.0) k++;
  if (k < 2) return false;
  const c = sbcClass(y);
  return c == SBC_INTERMITTENT || c == SBC_LUMPY;
}

/** True when every value is a non-negative integer: counts, for which a count distribution fits. */
export function isCountData(y: Float64Array): bool {
  for (let t = 0; t < y.length; t++) if (!(y[t] >= 0.0) || Math.floor(y[t]) != y[t]) return false;
  return true;
}
