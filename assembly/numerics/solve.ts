// Dense linear solves shared by the model families: one general, one for symmetric positive systems.

/** Solves mat·δ = rhs (k×k, row-major, rhs as column k) by Gaussian elimination with partial pivoting, overwriting mat; false when singular. */
export function solveGaussian(mat: Float64Array, k: i32, out: Float64Array): bool {
  const w = k + 1;
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(mat[r * w + c]) > Math.abs(mat[piv * w + c])) piv = r;
    const pv = mat[piv * w + c];
    if (!(Math.abs(pv) > 1e-300)) return false;
    if (piv != c) for (let j = 0; j < w; j++) { const t = mat[c * w + j]; mat[c * w + j] = mat[piv * w + j]; mat[piv * w + j] = t; }
    for (let r = c + 1; r < k; r++) {
      const f = mat[r * w + c] / pv;
      if (f == 0.0) continue;
      for (let j = c; j < w; j++) mat[r * w + j] -= f * mat[c * w + j];
    }
  }
  for (let r = k - 1; r >= 0; r--) {
    let s = mat[r * w + k];
    for (let j = r + 1; j < k; j++) s -= mat[r * w + j] * out[j];
    out[r] = s / mat[r * w + r];
    if (!isFinite(out[r])) return false;
  }
  return true;
}

/** Solves (A + ridge)x = b for symmetric positive semi-definite A (k×k, row-major, overwritten) by Cholesky; false if singular. */
export function solveCholesky(a: Float64Array, b: Float64Array, k: i32, out: Float64Array): bool {
  let maxDiag = 0.0;
  for (let i = 0; i < k; i++) if (a[i * k + i] > maxDiag) maxDiag = a[i * k + i];
  if (!(maxDiag > 0.0) || !isFinite(maxDiag)) return false;
  // a small ridge keeps the level/season near-collinearity from breaking the factorisation
  const ridge = 1e-9 * maxDiag;
  for (let i = 0; i < k; i++) a[i * k + i] += ridge;
  for (let j = 0; j < k; j++) {
    let d = a[j * k + j];
    for (let q = 0; q < j; q++) d -= a[j * k + q] * a[j * k + q];
    if (!(d > 0.0)) return false;
    const ljj = Math.sqrt(d);
    a[j * k + j] = ljj;
    for (let i = j + 1; i < k; i++) {
      let v = a[i * k + j];
      for (let q = 0; q < j; q++) v -= a[i * k + q] * a[j * k + q];
      a[i * k + j] = v / ljj;
    }
  }
  for (let i = 0; i < k; i++) {
    let v = b[i];
    for (let q = 0; q < i; q++) v -= a[i * k + q] * out[q];
    out[i] = v / a[i * k + i];
  }
  for (let i = k - 1; i >= 0; i--) {
    let v = out[i];
    for (let q = i + 1; q < k; q++) v -= a[q * k + i] * out[q];
    out[i] = v / a[i * k + i];
  }
  return true;
}
