// The M4 competition's 90% seasonality test, used to decide whether to seasonally adjust.
import { acf } from "./acf";

/**
 * True when `y` shows seasonality at lag `m` by the M4 rule: m > 1, n >= 3m and
 * |r_m| > 1.645·sqrt((1 + 2·Σ_{k<m} r_k²) / n) (Bartlett's bound on the ACF at lag m).
 */
export function seasonalityTest(y: Float64Array, m: i32): bool {
  const n = y.length;
  if (m <= 1 || n < 3 * m) return false;
  const r = acf(y, m);
  let s = 1.0;
  for (let k = 1; k < m; k++) s += 2.0 * r[k] * r[k];
  const limit = 1.645 * Math.sqrt(s / <f64>n);
  return Math.abs(r[m]) > limit;
}
