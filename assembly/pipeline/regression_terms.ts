// Terms a regressor may enter the regression through: itself, and bends (hinges) for effects that
// are not linear, such as electricity demand rising on hot and on cold days: with hinges the
// regressor acts through a piecewise-linear curve (a linear spline), which, unlike a square,
// continues as a straight line beyond the values the history saw. Which bends a forecast uses is
// chosen by AICc (regression.ts).

/** The regressor as given. */
export const TERM_LINEAR: i32 = 0;
/** max(0, x − knot): the slope changes by the coefficient above the knot (a linear spline). */
export const TERM_HINGE: i32 = 1;

/** One column of the regression: which input regressor it comes from, how, and its values (history and future rows). */
export class Term {
  constructor(public source: i32, public kind: i32, public knot: f64, public values: Float64Array) {}
}

/** The regressor itself. */
export function linearTerm(col: Float64Array, source: i32): Term {
  return new Term(source, TERM_LINEAR, 0.0, col);
}

/** max(0, x − knot) at every row. */
export function hingeTerm(col: Float64Array, source: i32, knot: f64): Term {
  const v = new Float64Array(col.length);
  for (let t = 0; t < col.length; t++) v[t] = col[t] > knot ? col[t] - knot : 0.0;
  return new Term(source, TERM_HINGE, knot, v);
}

/** True when the first n values of `col` take at least `k` distinct values (a 0/1 flag takes two). */
export function hasDistinct(col: Float64Array, n: i32, k: i32): bool {
  const seen = new Array<f64>();
  for (let t = 0; t < n && seen.length < k; t++) {
    const v = col[t];
    let found = false;
    for (let i = 0; i < seen.length; i++) if (seen[i] == v) { found = true; break; }
    if (!found) seen.push(v);
  }
  return seen.length >= k;
}

/** The p-quantile (0 < p < 1) of the first n values of `col` (linear interpolation between order statistics). */
export function historyQuantile(col: Float64Array, n: i32, p: f64): f64 {
  const s = new Float64Array(n);
  for (let t = 0; t < n; t++) s[t] = col[t];
  s.sort();
  const pos = p * <f64>(n - 1);
  const lo = <i32>Math.floor(pos);
  const hi = lo + 1 < n ? lo + 1 : lo;
  return s[lo] + (s[hi] - s[lo]) * (pos - <f64>lo);
}
