// Constancy and finiteness checks shared by every model family.

/** True when the range of `x` (max - min) is at most `tol` (0 = every value equal); true for n <= 1. */
export function isConstant(x: Float64Array, tol: f64): bool {
  const n = x.length;
  if (n <= 1) return true;
  let lo = x[0], hi = x[0];
  for (let i = 0; i < n; i++) {
    const v = x[i];
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return hi - lo <= tol;
}

/** True when every value of `a` is finite. */
export function allFinite(a: Float64Array): bool {
  for (let i = 0; i < a.length; i++) if (!isFinite(a[i])) return false;
  return true;
}

/** The largest absolute finite value in `a` (0 when there is none); non-finite values are skipped. */
export function maxAbsFinite(a: Float64Array): f64 {
  let s = 0.0;
  for (let i = 0; i < a.length; i++) {
    const v = Math.abs(a[i]);
    if (isFinite(v) && v > s) s = v;
  }
  return s;
}

/** True when every value is strictly positive (none 0, negative or NaN): the condition for multiplicative and relative errors. */
export function allPositive(y: Float64Array): bool {
  for (let i = 0; i < y.length; i++) if (!(unchecked(y[i]) > 0.0)) return false;
  return true;
}
