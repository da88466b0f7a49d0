// Fills missing values (NaN) so every model sees a gap-free series.
import { seasonalityTest } from "./seasonality";
import { seasonalIndices } from "../numerics/decompose";

/** Rounds of index estimation and refilling in the seasonal case. */
const IMPUTE_PASSES: i32 = 3;

/** Linear interpolation across interior gaps and last-value carry over trailing ones (in place). */
function fillLinear(out: Float64Array): void {
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
}

/**
 * Returns a copy of `y` with leading NaNs dropped, interior gaps filled by linear interpolation
 * and trailing gaps carried forward. Expects at least one finite value. `m` (0 when unknown) is
 * the seasonal period; when m > 1, the series has at least 3m points and the linearly filled
 * series passes the seasonality test, the interpolation runs on the seasonally adjusted series
 * (additive classical indices) and the season is put back,
 * so a gap keeps the seasonal shape and a trailing gap continues it. Never produces NaN.
 */
export function impute(y: Float64Array, m: i32): Float64Array {
  const n = y.length;
  let first = 0;
  while (first < n && !isFinite(y[first])) first++;
  const out = new Float64Array(n - first);
  let gaps = 0;
  for (let i = first; i < n; i++) {
    const v = y[i];
    out[i - first] = v;
    if (!isFinite(v)) gaps++;
  }
  const k = out.length;
  if (gaps == 0 || k == 0) return out;
  const missing = new Uint8Array(k);
  for (let i = 0; i < k; i++) missing[i] = isFinite(out[i]) ? 0 : 1;
  fillLinear(out);
  if (m <= 1 || k < 3 * m || !seasonalityTest(out, m)) return out;

  // indices estimated with the gaps filled linearly are flattened there; a second pass
  // re-estimates them from the seasonally filled series, which removes most of that bias
  const adj = new Float64Array(k);
  for (let pass = 0; pass < IMPUTE_PASSES; pass++) {
    const idx = seasonalIndices(out, m, false);
    for (let i = 0; i < k; i++) adj[i] = missing[i] ? NaN : y[first + i] - idx[i % m];
    fillLinear(adj);
    for (let i = 0; i < k; i++) {
      if (missing[i]) {
        const v = adj[i] + idx[i % m];
        if (isFinite(v)) out[i] = v;
      }
    }
  }
  return out;
}
