// What the seasonal naive forecast's errors actually were, lag by lag.
import { allPositive } from "../numerics/checks";

/**
 * For each forecast step i in [0, h): the root mean square of `y[t] − y[t − k·s]` over the series,
 * with k = ⌊i/s⌋ + 1 cycles of `s` (1 for no season): the in-sample error of a seasonal naive
 * forecast made k cycles ahead, which step i's forecast is. On a series above 0 throughout, the
 * errors are taken relative to the value each was made from, and step i's is scaled back by the
 * value its own seasonal naive forecast repeats, y[n − s + i mod s]: on data that grew, the
 * absolute errors of its lower early years understate today's (TOUR/Monthly covered 87.8–89.3% at
 * three earlier origins with absolute errors, 89.0–92.1% with relative ones). All NaN when fewer
 * than `minPairs` differences exist at the longest lag, so a path is held at every step or at none
 * (a hold that stopped part way would make the spread jump there).
 */
export function seasonalNaiveErrors(y: Float64Array, s: i32, h: i32, minPairs: i32): Float64Array {
  const out = new Float64Array(h);
  const step = s > 1 ? s : 1;
  const n = y.length;
  if (n - ((h - 1) / step + 1) * step < minPairs) {
    for (let i = 0; i < h; i++) out[i] = NaN;
    return out;
  }
  const relative = allPositive(y);
  let k = 0;
  let rms = NaN;
  for (let i = 0; i < h; i++) {
    const kk = i / step + 1;
    if (kk != k) {
      k = kk;
      rms = lagRms(y, k * step, relative);
    }
    // the seasonal naive forecast of step i repeats the last cycle's value there
    out[i] = relative ? rms * y[n - step + (i % step)] : rms;
  }
  return out;
}

// the root mean square of y[t] − y[t − lag] over every t that has both; `relative`: of that
// difference over y[t − lag]
function lagRms(y: Float64Array, lag: i32, relative: bool): f64 {
  const n = y.length;
  let squares = 0.0;
  for (let t = lag; t < n; t++) {
    const from = unchecked(y[t - lag]);
    const d = relative ? (unchecked(y[t]) - from) / from : unchecked(y[t]) - from;
    squares += d * d;
  }
  return Math.sqrt(squares / <f64>(n - lag));
}
