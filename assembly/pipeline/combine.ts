// Combination rules: how member forecasts become one path.
import { ModelForecast } from "../models/result";

// Combination rules for the `combine` argument.
export const COMBINE_DEFAULT: i32 = 0;
export const COMBINE_MEDIAN: i32 = 1;
export const COMBINE_MEAN: i32 = 2;
/** One past the largest combination rule: a `combine` argument at or above it names no rule. */
export const COMBINE_COUNT: i32 = 3;

function medianOf(v: Float64Array, k: i32): f64 {
  // insertion sort: k is the member count (a handful)
  for (let i = 1; i < k; i++) {
    const x = v[i];
    let j = i - 1;
    while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
    v[j + 1] = x;
  }
  return (k & 1) == 1 ? v[k >> 1] : 0.5 * (v[(k >> 1) - 1] + v[k >> 1]);
}

/**
 * Combines the members step by step: median (or mean) of the point forecasts. The spread is that
 * of an equal-weight mixture of the members (law of total variance): the typical member variance
 * (the same rule applied to their standard deviations) plus the variance of the member means, so
 * disagreement between models widens the interval. Each member's own interval assumes its model
 * is true; on the dev data this moved 95% coverage from 92.9% to 95.8% and MSIS from 21.0 to 19.1.
 */
export function combine(members: Array<ModelForecast>, h: i32, rule: i32, code: i32): ModelForecast {
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
      sd[i] = medianOf(buf, k);
    }
    let mu = 0.0;
    for (let j = 0; j < k; j++) mu += members[j].mean[i];
    mu /= <f64>k;
    let between = 0.0;
    for (let j = 0; j < k; j++) { const e = members[j].mean[i] - mu; between += e * e; }
    sd[i] = Math.sqrt(sd[i] * sd[i] + between / <f64>k);
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
