// Combination rules: how member forecasts become one path.
import { ModelForecast } from "../models/result";

// Combination rules for the `combine` argument.
export const COMBINE_DEFAULT: i32 = 0;
export const COMBINE_MEDIAN: i32 = 1;
export const COMBINE_MEAN: i32 = 2;
/** One past the largest combination rule: a `combine` argument at or above it names no rule. */
export const COMBINE_COUNT: i32 = 3;

// sorts the first k values of v in place, by insertion: k is the member count (a handful)
function sortFirst(v: Float64Array, k: i32): void {
  for (let i = 1; i < k; i++) {
    const x = v[i];
    let j = i - 1;
    while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
    v[j + 1] = x;
  }
}

// the median of the first k values of v; sorts them in place
function medianOf(v: Float64Array, k: i32): f64 {
  sortFirst(v, k);
  return (k & 1) == 1 ? v[k >> 1] : 0.5 * (v[(k >> 1) - 1] + v[k >> 1]);
}

// the p-quantile (0 <= p <= 1) of the first k values of v, linearly interpolated; sorts them in place
function sortedQuantile(v: Float64Array, k: i32, p: f64): f64 {
  sortFirst(v, k);
  const pos = p * <f64>(k - 1);
  const lo = <i32>Math.floor(pos);
  const hi = lo + 1 < k ? lo + 1 : lo;
  const frac = pos - <f64>lo;
  return v[lo] + (v[hi] - v[lo]) * frac;
}

/**
 * Combines the members step by step: median (or mean) of the point forecasts. The spread starts
 * from the members' standard deviations: under the median rule, a quantile of them that rises from
 * their median (smallSample 0) to the widest (smallSample 1); under the mean rule, their mean. The
 * variance of the member means, weighted by `smallSample` (the share of uncertainty the members'
 * variances leave out, see smallSampleShare), is added in quadrature, so disagreement between models
 * widens the interval most where the series is short. Each member's own interval assumes its model
 * is true and its parameters known, which on short series is furthest from so (docs/accuracy.md,
 * Intervals).
 */
export function combine(members: Array<ModelForecast>, h: i32, rule: i32, code: i32, smallSample: f64 = 1.0): ModelForecast {
  const k = members.length;
  const mean = new Float64Array(h);
  const sd = new Float64Array(h);
  const buf = new Float64Array(k);
  for (let i = 0; i < h; i++) {
    if (rule == COMBINE_MEAN) {
      let a = 0.0, b = 0.0;
      for (let j = 0; j < k; j++) { a += members[j].mean[i]; b += members[j].sd[i]; }
      mean[i] = a / <f64>k; sd[i] = b / <f64>k;
    } else {
      for (let j = 0; j < k; j++) buf[j] = members[j].mean[i];
      mean[i] = medianOf(buf, k);
      for (let j = 0; j < k; j++) buf[j] = members[j].sd[i];
      sd[i] = sortedQuantile(buf, k, 0.5 + 0.5 * smallSample);
    }
    let mu = 0.0;
    for (let j = 0; j < k; j++) mu += members[j].mean[i];
    mu /= <f64>k;
    let between = 0.0;
    for (let j = 0; j < k; j++) { const e = members[j].mean[i] - mu; between += e * e; }
    sd[i] = Math.sqrt(sd[i] * sd[i] + smallSample * between / <f64>k);
  }
  return new ModelForecast(mean, sd, code, true, combineFitted(members, rule));
}

/**
 * The members' one-step in-sample predictions combined by the same rule as their forecasts, at
 * each time over the members that have one there (NaN where none has); null when a member
 * computed none.
 */
export function combineFitted(members: Array<ModelForecast>, rule: i32): Float64Array | null {
  const k = members.length;
  if (k == 0) return null;
  for (let j = 0; j < k; j++) if (members[j].fitted === null) return null;
  const n = members[0].fitted!.length;
  const out = new Float64Array(n);
  const buf = new Float64Array(k);
  for (let t = 0; t < n; t++) {
    let c = 0;
    for (let j = 0; j < k; j++) {
      const f = members[j].fitted!;
      const v = t < f.length ? f[t] : NaN;
      if (isFinite(v)) buf[c++] = v;
    }
    if (c == 0) { out[t] = NaN; continue; }
    if (rule == COMBINE_MEAN) {
      let a = 0.0;
      for (let j = 0; j < c; j++) a += buf[j];
      out[t] = a / <f64>c;
    } else {
      out[t] = medianOf(buf, c);
    }
  }
  return out;
}
