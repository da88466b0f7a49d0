// Combination rules: how member forecasts become one path.
import { ModelForecast } from "../models/result";
import { COMBINE_MEAN } from "../abi/models";

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
 * Combines the members step by step: median (or mean) of the point forecasts, and the same rule
 * applied to the members' standard deviations as the spread of the combination (an approximation:
 * it ignores the members' correlation, which in practice is high, so the result is not overconfident).
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
  }
  return new ModelForecast(mean, sd, code);
}
