// What the seasonal naive forecast's errors actually were, lag by lag.

/**
 * For each forecast step i in [0, h): the root mean square of `y[t] − y[t − k·s]` over the series,
 * with k = ⌊i/s⌋ + 1 cycles of `s` (1 for no season): the in-sample error of a seasonal naive
 * forecast made k cycles ahead, which step i's forecast is. All NaN when fewer than `minPairs`
 * differences exist at the longest lag, so a path is held at every step or at none (a hold that
 * stopped part way would make the spread jump there).
 */
export function seasonalNaiveErrors(y: Float64Array, s: i32, h: i32, minPairs: i32): Float64Array {
  const out = new Float64Array(h);
  const step = s > 1 ? s : 1;
  const n = y.length;
  if (n - ((h - 1) / step + 1) * step < minPairs) {
    for (let i = 0; i < h; i++) out[i] = NaN;
    return out;
  }
  let k = 0;
  let rms = NaN;
  for (let i = 0; i < h; i++) {
    const kk = i / step + 1;
    if (kk != k) {
      k = kk;
      rms = lagRms(y, k * step);
    }
    out[i] = rms;
  }
  return out;
}

// the root mean square of y[t] − y[t − lag] over every t that has both
function lagRms(y: Float64Array, lag: i32): f64 {
  const n = y.length;
  let squares = 0.0;
  for (let t = lag; t < n; t++) {
    const d = unchecked(y[t]) - unchecked(y[t - lag]);
    squares += d * d;
  }
  return Math.sqrt(squares / <f64>(n - lag));
}
