// The forecastability (admissibility) region of the linear ETS forms, tested without root finding.
import { TREND_N, TREND_AD } from "./form";

/**
 * True when every root of a[0] + a[1]z + … + a[d]z^d lies strictly inside the unit circle
 * (Schur–Cohn reduction: |a0| < |ad| at each step, then the degree drops by one). `a` holds
 * at least 2(d+1) slots: the first d+1 are the coefficients, the rest scratch; both are destroyed.
 */
export function rootsInsideUnitCircle(a: Float64Array, d: i32): bool {
  if (a.length < 2 * (d + 1)) return false;
  const off = d + 1;
  for (let k = d; k > 0; k--) {
    const lead = unchecked(a[k]), c0 = unchecked(a[0]);
    if (!(Math.abs(c0) < Math.abs(lead) * (1.0 - 1e-10))) return false;
    // r_j = lead·a_{j+1} − c0·a_{k−1−j}: (lead·p − c0·p_reversed)/z has the remaining roots
    let big = 0.0;
    for (let j = 0; j < k; j++) {
      const x = lead * unchecked(a[j + 1]) - c0 * unchecked(a[k - 1 - j]);
      unchecked(a[off + j] = x);
      const ax = Math.abs(x);
      if (ax > big) big = ax;
    }
    if (!(big > 0.0) || !isFinite(big)) return false;
    // rescaled so long reductions neither overflow nor underflow
    const inv = 1.0 / big;
    for (let j = 0; j < k; j++) unchecked(a[j] = a[off + j] * inv);
  }
  return true;
}

/**
 * True when (alpha, beta, gamma, phi) lies in the forecastability region of the linear ETS form
 * with this trend and an m-period season (m <= 1: no season): the discount matrix F − g·w' must have
 * all eigenvalues inside the unit circle. For a season the root the level and seasonal states
 * share at z = 1 (the normalisation redundancy) is divided out first. `scratch` needs 2(m + 2) slots.
 */
export function admissible(alpha: f64, beta: f64, gamma: f64, phi: f64, trend: i32, m: i32, scratch: Float64Array): bool {
  const hasTrend = trend != TREND_N;
  const p = trend == TREND_AD ? phi : 1.0;
  const bt = hasTrend ? beta : 0.0;
  const a = scratch;
  if (m <= 1) {
    if (!hasTrend) return alpha > 0.0 && alpha < 2.0;
    // (z−1)(z−φ) + α(z−φ) + φβz
    a[0] = p - alpha * p;
    a[1] = alpha + p * bt - 1.0 - p;
    a[2] = 1.0;
    return rootsInsideUnitCircle(a, 2);
  }
  if (!hasTrend) {
    // (z^m − 1) + α(1 + z + … + z^{m−1}) + γ
    for (let k = 0; k <= m; k++) a[k] = 0.0;
    a[m] = 1.0;
    a[0] = -1.0 + gamma;
    for (let k = 0; k < m; k++) a[k] += alpha;
    return rootsInsideUnitCircle(a, m);
  }
  // (z−φ)(z^m − 1) + (α(z−φ) + φβ)(1 + … + z^{m−1}) + φβ(z^m − 1) + γ(z − φ)
  for (let k = 0; k <= m + 1; k++) a[k] = 0.0;
  a[m + 1] += 1.0; a[m] -= p; a[1] -= 1.0; a[0] += p;
  for (let k = 1; k <= m; k++) a[k] += alpha;
  const c = p * bt - alpha * p;
  for (let k = 0; k < m; k++) a[k] += c;
  a[m] += p * bt; a[0] -= p * bt;
  a[1] += gamma; a[0] -= gamma * p;
  return rootsInsideUnitCircle(a, m + 1);
}
