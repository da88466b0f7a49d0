// Classical decomposition (centred moving average) and the seasonal (re)adjustment it allows.

/**
 * The centred moving average of order m (a 2×m average when m is even); NaN where the window
 * does not fit, i.e. the first and last floor(m/2) points.
 */
export function centredMovingAverage(y: Float64Array, m: i32): Float64Array {
  const n = y.length;
  const out = new Float64Array(n);
  const half = m >> 1;
  for (let t = 0; t < n; t++) out[t] = NaN;
  if (m < 2 || n < m + 1 - (m & 1)) return out;
  const even = (m & 1) == 0;
  const inv = 1.0 / <f64>m;
  // every index below stays within [0, n): t − half >= 0 and t + half < n (unchecked: the sums are
  // the inner loop of every seasonal decomposition, m terms per point)
  for (let t = half; t + half < n; t++) {
    let s = 0.0;
    if (even) {
      // weights 1/2m on the two ends, 1/m inside: the 2×m average centres an even window
      s = 0.5 * (unchecked(y[t - half]) + unchecked(y[t + half]));
      for (let j = t - half + 1; j < t + half; j++) s += unchecked(y[j]);
    } else {
      for (let j = t - half; j <= t + half; j++) s += unchecked(y[j]);
    }
    unchecked(out[t] = s * inv);
  }
  return out;
}

/**
 * Seasonal indices of `y` for period m by classical decomposition: index i applies to every t
 * with t % m == i (t counted from the start of `y`). Multiplicative indices average to 1,
 * additive ones to 0. Returns neutral indices when the series is shorter than 2m or the
 * ratios cannot be formed (a zero trend value in the multiplicative case).
 */
export function seasonalIndices(y: Float64Array, m: i32, multiplicative: bool): Float64Array {
  const idx = new Float64Array(m > 0 ? m : 1);
  const neutral: f64 = multiplicative ? 1.0 : 0.0;
  for (let i = 0; i < idx.length; i++) idx[i] = neutral;
  const n = y.length;
  if (m < 2 || n < 2 * m) return idx;
  const trend = centredMovingAverage(y, m);
  const sum = new Float64Array(m);
  const cnt = new Int32Array(m);
  for (let t = 0; t < n; t++) {
    const c = trend[t];
    if (!isFinite(c)) continue;
    let d: f64;
    if (multiplicative) {
      if (c == 0.0) { for (let i = 0; i < m; i++) idx[i] = neutral; return idx; }
      d = y[t] / c;
    } else {
      d = y[t] - c;
    }
    sum[t % m] += d;
    cnt[t % m]++;
  }
  let avg = 0.0;
  for (let i = 0; i < m; i++) {
    idx[i] = cnt[i] > 0 ? sum[i] / <f64>cnt[i] : neutral;
    avg += idx[i];
  }
  avg /= <f64>m;
  if (multiplicative) {
    if (!(avg > 0.0) || !isFinite(avg)) { for (let i = 0; i < m; i++) idx[i] = 1.0; return idx; }
    for (let i = 0; i < m; i++) idx[i] /= avg;
  } else {
    for (let i = 0; i < m; i++) idx[i] -= avg;
  }
  return idx;
}

/** `y` with the seasonal indices removed (divided out or subtracted), phase t % m from `start`. */
export function deseasonalise(y: Float64Array, idx: Float64Array, multiplicative: bool, start: i32 = 0): Float64Array {
  const m = idx.length;
  const out = new Float64Array(y.length);
  for (let t = 0; t < y.length; t++) {
    const s = idx[(start + t) % m];
    out[t] = multiplicative ? y[t] / s : y[t] - s;
  }
  return out;
}

/**
 * A path that continues the series (its first point is time `start`, usually n) with the
 * seasonal indices put back; in place, and returned for chaining.
 */
export function reseasonalise(path: Float64Array, idx: Float64Array, multiplicative: bool, start: i32): Float64Array {
  const m = idx.length;
  for (let i = 0; i < path.length; i++) {
    const s = idx[(start + i) % m];
    path[i] = multiplicative ? path[i] * s : path[i] + s;
  }
  return path;
}
