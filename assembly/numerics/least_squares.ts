// Ordinary least squares of a straight line, the one regression every model family needs.

/**
 * Intercept A and slope B of the least-squares line y[t] ≈ A + B·(t + 1) over the first `k`
 * values of `y` (time counted 1..k, so A is the line's value at time 0). B = 0 when k = 1.
 * Centred sums keep long series with large levels from cancelling digits.
 */
export function lineFit(y: Float64Array, k: i32): Float64Array {
  const out = new Float64Array(2);
  let mean = 0.0;
  for (let t = 0; t < k; t++) mean += y[t];
  mean /= <f64>k;
  const tbar = (<f64>k + 1.0) / 2.0;
  let sxy = 0.0, sxx = 0.0;
  for (let t = 0; t < k; t++) {
    const dt = <f64>(t + 1) - tbar;
    sxy += dt * (y[t] - mean);
    sxx += dt * dt;
  }
  const b = sxx > 0.0 ? sxy / sxx : 0.0;
  out[0] = mean - tbar * b;
  out[1] = b;
  return out;
}
