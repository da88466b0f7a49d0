// MSTL: several seasonal periods at once by repeated STL (Bandara, Hyndman & Bergmeir 2021).
import { stl } from "./stl";

/** Passes over all the periods: each season is re-estimated with the others removed. */
const ITERATIONS: i32 = 2;

/**
 * Seasonal spans of the shortest and the next period: a daily season inside hourly data (some 40
 * cycles in five weeks) follows its own change over 11 cycles; a weekly one, with a handful of
 * cycles, is held nearly fixed by a span past their count.
 */
const SPANS: StaticArray<i32> = [11, 15];

/**
 * The seasonal components of `y` for `periods` (ascending, each at least 2, at most two; y spans two
 * of the longest): the first pass takes out each season in turn by STL of the series less the
 * seasons already found; later passes put one season back, estimate it again and take it out.
 * Component i is periods[i]'s, one value per observation.
 */
export function mstl(y: Float64Array, periods: StaticArray<i32>): Array<Float64Array> {
  const n = y.length;
  const k = periods.length;
  const seasons = new Array<Float64Array>();
  for (let i = 0; i < k; i++) seasons.push(new Float64Array(n));
  const rest = new Float64Array(n);
  for (let t = 0; t < n; t++) rest[t] = y[t];
  for (let it = 0; it < ITERATIONS; it++) {
    for (let i = 0; i < k; i++) {
      const s = seasons[i];
      for (let t = 0; t < n; t++) rest[t] += s[t];
      const parts = stl(rest, periods[i], SPANS[i < SPANS.length ? i : SPANS.length - 1]);
      seasons[i] = parts.seasonal;
      for (let t = 0; t < n; t++) rest[t] -= parts.seasonal[t];
    }
  }
  return seasons;
}
