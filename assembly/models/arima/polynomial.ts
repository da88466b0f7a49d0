// Lag-polynomial helpers: admissibility (roots outside the unit circle) and multiplicative expansion.

/**
 * True when the polynomial 1 - Σ sign·c[off+i]·z^(i+1) (i < len) has every root outside the unit
 * circle with margin: all reflection (partial autocorrelation) coefficients of the step-down
 * recursion lie strictly inside (-limit, limit). `work` needs 2·len slots. sign = 1 for an AR
 * polynomial (1 - Σφ B^i), -1 for an MA polynomial (1 + Σθ B^i).
 */
export function stableRoots(c: Float64Array, off: i32, len: i32, sign: f64, work: Float64Array, limit: f64): bool {
  if (len == 0) return true;
  for (let i = 0; i < len; i++) unchecked(work[i] = sign * unchecked(c[off + i]));
  for (let k = len; k >= 1; k--) {
    const kappa = unchecked(work[k - 1]);
    if (!(Math.abs(kappa) < limit)) return false;
    const den = 1.0 - kappa * kappa;
    for (let i = 1; i < k; i++) unchecked(work[len + i - 1] = (unchecked(work[i - 1]) + kappa * unchecked(work[k - 1 - i])) / den);
    for (let i = 1; i < k; i++) unchecked(work[i - 1] = unchecked(work[len + i - 1]));
  }
  return true;
}

/**
 * Writes the coefficients a_1..a_deg of φ(B)·Φ(B^m) = 1 - Σ a_k B^k into out[1..deg] (out[0] = 0),
 * deg = p + P·m; φ from par[phiOff..], Φ from par[sphiOff..]. Returns deg.
 */
export function expandAr(par: Float64Array, phiOff: i32, p: i32, sphiOff: i32, P: i32, m: i32, out: Float64Array): i32 {
  const deg = p + P * m;
  for (let k = 0; k <= deg; k++) unchecked(out[k] = 0.0);
  for (let i = 1; i <= p; i++) unchecked(out[i] += unchecked(par[phiOff + i - 1]));
  for (let j = 1; j <= P; j++) {
    const s = unchecked(par[sphiOff + j - 1]);
    unchecked(out[j * m] += s);
    // the cross terms carry a minus sign because both factors are written 1 - Σ
    for (let i = 1; i <= p; i++) unchecked(out[i + j * m] -= unchecked(par[phiOff + i - 1]) * s);
  }
  return deg;
}

/**
 * Writes the coefficients b_1..b_deg of θ(B)·Θ(B^m) = 1 + Σ b_k B^k into out[1..deg] (out[0] = 0),
 * deg = q + Q·m. Returns deg.
 */
export function expandMa(par: Float64Array, thOff: i32, q: i32, sthOff: i32, Q: i32, m: i32, out: Float64Array): i32 {
  const deg = q + Q * m;
  for (let k = 0; k <= deg; k++) unchecked(out[k] = 0.0);
  for (let i = 1; i <= q; i++) unchecked(out[i] += unchecked(par[thOff + i - 1]));
  for (let j = 1; j <= Q; j++) {
    const s = unchecked(par[sthOff + j - 1]);
    unchecked(out[j * m] += s);
    for (let i = 1; i <= q; i++) unchecked(out[i + j * m] += unchecked(par[thOff + i - 1]) * s);
  }
  return deg;
}
