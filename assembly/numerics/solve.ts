// Dense linear solves shared by the model families: one general, one for symmetric positive systems.

/** Solves mat·δ = rhs (k×k, row-major, rhs as column k) by Gaussian elimination with partial pivoting, overwriting mat; false when singular. */
export function solveGaussian(mat: Float64Array, k: i32, out: Float64Array): bool {
  const w = k + 1;
  for (let c = 0; c < k; c++) {
    let piv = c;
    for (let r = c + 1; r < k; r++) if (Math.abs(unchecked(mat[r * w + c])) > Math.abs(unchecked(mat[piv * w + c]))) piv = r;
    const pv = unchecked(mat[piv * w + c]);
    if (!(Math.abs(pv) > 1e-300)) return false;
    if (piv != c) for (let j = 0; j < w; j++) { const t = unchecked(mat[c * w + j]); unchecked(mat[c * w + j] = unchecked(mat[piv * w + j])); unchecked(mat[piv * w + j] = t); }
    for (let r = c + 1; r < k; r++) {
      const f = unchecked(mat[r * w + c]) / pv;
      if (f == 0.0) continue;
      for (let j = c; j < w; j++) unchecked(mat[r * w + j] -= f * unchecked(mat[c * w + j]));
    }
  }
  for (let r = k - 1; r >= 0; r--) {
    let s = unchecked(mat[r * w + k]);
    for (let j = r + 1; j < k; j++) s -= unchecked(mat[r * w + j]) * unchecked(out[j]);
    unchecked(out[r] = s / unchecked(mat[r * w + r]));
    if (!isFinite(unchecked(out[r]))) return false;
  }
  return true;
}

/** Solves (A + ridge)x = b for symmetric positive semi-definite A (k×k, row-major, overwritten) by Cholesky; false if singular. */
export function solveCholesky(a: Float64Array, b: Float64Array, k: i32, out: Float64Array): bool {
  let maxDiag = 0.0;
  for (let i = 0; i < k; i++) if (unchecked(a[i * k + i]) > maxDiag) maxDiag = unchecked(a[i * k + i]);
  if (!(maxDiag > 0.0) || !isFinite(maxDiag)) return false;
  // a small ridge keeps the level/season near-collinearity from breaking the factorisation
  const ridge = 1e-9 * maxDiag;
  for (let i = 0; i < k; i++) unchecked(a[i * k + i] += ridge);
  for (let j = 0; j < k; j++) {
    let d = unchecked(a[j * k + j]);
    for (let q = 0; q < j; q++) d -= unchecked(a[j * k + q]) * unchecked(a[j * k + q]);
    if (!(d > 0.0)) return false;
    const ljj = Math.sqrt(d);
    unchecked(a[j * k + j] = ljj);
    for (let i = j + 1; i < k; i++) {
      let v = unchecked(a[i * k + j]);
      for (let q = 0; q < j; q++) v -= unchecked(a[i * k + q]) * unchecked(a[j * k + q]);
      unchecked(a[i * k + j] = v / ljj);
    }
  }
  for (let i = 0; i < k; i++) {
    let v = unchecked(b[i]);
    for (let q = 0; q < i; q++) v -= unchecked(a[i * k + q]) * unchecked(out[q]);
    unchecked(out[i] = v / unchecked(a[i * k + i]));
  }
  for (let i = k - 1; i >= 0; i--) {
    let v = unchecked(out[i]);
    for (let q = i + 1; q < k; q++) v -= unchecked(a[q * k + i]) * unchecked(out[q]);
    unchecked(out[i] = v / unchecked(a[i * k + i]));
  }
  return true;
}
