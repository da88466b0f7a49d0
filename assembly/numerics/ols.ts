// Multiple linear regression by modified Gram–Schmidt: coefficients, residuals, and which columns
// add nothing to the ones before them (collinear), for the regressors of a forecast.

/**
 * Relative residual norm under which a column counts as a linear combination of the columns kept
 * before it: the scale R's `lm` uses for its pivoting (1e-7).
 */
export const COLLINEAR_TOL: f64 = 1e-7;

/** A least-squares fit: coefficients per column (0 for a dropped one), which were kept, the residuals. */
export class OlsFit {
  constructor(public coef: Float64Array, public kept: StaticArray<bool>, public resid: Float64Array) {}
}

/**
 * Least squares of the first `n` values of `y` on the first `n` values of each column of `cols`
 * (and on a constant first, when `intercept`; its coefficient is then `coef[0]` and the columns'
 * follow). Columns are taken in order; one whose part orthogonal to those kept before it is below
 * COLLINEAR_TOL of its own norm is dropped (coefficient 0, `kept` false), so the fit never divides
 * by a vanishing pivot. The constant is never dropped.
 */
export function olsFit(y: Float64Array, cols: Array<Float64Array>, n: i32, intercept: bool): OlsFit {
  const k = cols.length + (intercept ? 1 : 0);
  const q = new Array<Float64Array>();
  const idx = new Array<i32>();
  const r = new Float64Array(k * k);
  const kept = new StaticArray<bool>(k);
  const qty = new Float64Array(k);
  const resid = new Float64Array(n);
  for (let t = 0; t < n; t++) resid[t] = y[t];
  for (let j = 0; j < k; j++) {
    const v = new Float64Array(n);
    const isConst = intercept && j == 0;
    let norm0 = 0.0;
    if (isConst) {
      for (let t = 0; t < n; t++) v[t] = 1.0;
      norm0 = <f64>n;
    } else {
      const src = cols[j - (intercept ? 1 : 0)];
      for (let t = 0; t < n; t++) { const x = src[t]; v[t] = x; norm0 += x * x; }
    }
    norm0 = Math.sqrt(norm0);
    const col = q.length;
    for (let i = 0; i < col; i++) {
      const qi = q[i];
      let dot = 0.0;
      for (let t = 0; t < n; t++) dot += qi[t] * v[t];
      r[i * k + col] = dot;
      for (let t = 0; t < n; t++) v[t] -= dot * qi[t];
    }
    let norm = 0.0;
    for (let t = 0; t < n; t++) norm += v[t] * v[t];
    norm = Math.sqrt(norm);
    if (!isConst && !(norm > COLLINEAR_TOL * norm0)) { kept[j] = false; continue; }
    if (!(norm > 0.0)) { kept[j] = false; continue; }
    kept[j] = true;
    for (let t = 0; t < n; t++) v[t] /= norm;
    r[col * k + col] = norm;
    let dot = 0.0;
    for (let t = 0; t < n; t++) dot += v[t] * resid[t];
    qty[col] = dot;
    for (let t = 0; t < n; t++) resid[t] -= dot * v[t];
    q.push(v);
    idx.push(j);
  }
  // back-substitution R·b = Qᵀy over the kept columns
  const p = q.length;
  const b = new Float64Array(p);
  for (let i = p - 1; i >= 0; i--) {
    let s = qty[i];
    for (let l = i + 1; l < p; l++) s -= r[i * k + l] * b[l];
    b[i] = s / r[i * k + i];
  }
  const coef = new Float64Array(k);
  for (let i = 0; i < p; i++) coef[idx[i]] = b[i];
  return new OlsFit(coef, kept, resid);
}

/**
 * An orthonormal basis grown column by column (modified Gram–Schmidt), to ask cheaply whether a
 * further column adds a direction: one pass over the basis and no allocation per question.
 */
export class Basis {
  q: Array<Float64Array> = new Array<Float64Array>();
  private scratch: Float64Array;

  /** A basis for columns of `n` values, holding the constant first when `intercept`. */
  constructor(public n: i32, intercept: bool) {
    this.scratch = new Float64Array(n);
    if (intercept) {
      const v = new Float64Array(n);
      const c = 1.0 / Math.sqrt(<f64>n);
      for (let t = 0; t < n; t++) v[t] = c;
      this.q.push(v);
    }
  }

  // the part of `col` orthogonal to the basis, in the scratch buffer; returns its norm over col's
  private residual(col: Float64Array): f64 {
    const n = this.n, v = this.scratch;
    let norm0 = 0.0;
    for (let t = 0; t < n; t++) { v[t] = col[t]; norm0 += col[t] * col[t]; }
    for (let i = 0; i < this.q.length; i++) {
      const qi = this.q[i];
      let dot = 0.0;
      for (let t = 0; t < n; t++) dot += qi[t] * v[t];
      for (let t = 0; t < n; t++) v[t] -= dot * qi[t];
    }
    let norm = 0.0;
    for (let t = 0; t < n; t++) norm += v[t] * v[t];
    return norm0 > 0.0 ? Math.sqrt(norm / norm0) : 0.0;
  }

  /** True when `col` (n values) is not within COLLINEAR_TOL of the span of the basis. */
  independent(col: Float64Array): bool {
    return this.residual(col) > COLLINEAR_TOL;
  }

  /** Adds `col` to the basis when it is independent of it; returns whether it was. */
  add(col: Float64Array): bool {
    const r = this.residual(col);
    if (!(r > COLLINEAR_TOL)) return false;
    const n = this.n, v = this.scratch;
    let norm = 0.0;
    for (let t = 0; t < n; t++) norm += v[t] * v[t];
    norm = Math.sqrt(norm);
    const u = new Float64Array(n);
    for (let t = 0; t < n; t++) u[t] = v[t] / norm;
    this.q.push(u);
    return true;
  }
}
