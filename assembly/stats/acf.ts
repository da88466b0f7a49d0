// Sample autocorrelation, the building block of the seasonality test and period detection.

/**
 * Sample autocorrelations r_0..r_maxLag of `y` (Box–Jenkins definition: lagged cross-products
 * over the full-series variance). A constant series gets r_0 = 1 and 0 elsewhere, never NaN.
 * Lags at or beyond the series length are 0.
 */
export function acf(y: Float64Array, maxLag: i32): Float64Array {
  const n = y.length;
  const lags = maxLag < 0 ? 0 : maxLag;
  const r = new Float64Array(lags + 1);
  r[0] = 1.0;
  if (n < 2) return r;
  let mean = 0.0;
  for (let t = 0; t < n; t++) mean += y[t];
  mean /= <f64>n;
  let denom = 0.0;
  for (let t = 0; t < n; t++) { const d = y[t] - mean; denom += d * d; }
  // a relative floor: rounding noise around a constant must not read as correlation
  if (!(denom > 1e-24 * (mean * mean + 1.0) * <f64>n)) return r;
  const top = lags < n ? lags : n - 1;
  for (let k = 1; k <= top; k++) {
    let s = 0.0;
    for (let t = k; t < n; t++) s += (y[t] - mean) * (y[t - k] - mean);
    r[k] = s / denom;
  }
  return r;
}
