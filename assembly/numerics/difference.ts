// Differencing at a lag, the operation that turns an integrated series into a stationary one.

/** y_t - y_{t-lag} for t = lag..n-1 (length n - lag; empty when n <= lag). */
export function difference(y: Float64Array, lag: i32): Float64Array {
  const n = y.length;
  const len = n > lag ? n - lag : 0;
  const out = new Float64Array(len);
  for (let t = 0; t < len; t++) out[t] = y[t + lag] - y[t];
  return out;
}
