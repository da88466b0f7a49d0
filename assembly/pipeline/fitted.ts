// In-sample one-step predictions and their intervals, laid out like the forecast output.
import { zOfLevel } from "./intervals";
import { onSupport, lowerBound, upperBound, CountBounds } from "./bounds";

/**
 * The fitted block of n·(1 + 2·levels) values for a raw series of `n` values: predictions, then
 * lower/upper per level. `fitted` covers the imputed series, which lacks the raw series' `lead`
 * leading gaps; `up` undoes the pipeline's power-of-two scale; `sd1` is the one-step error sd
 * (the forecast's first-step sd, in the same units as `fitted`). Every interval is
 * prediction ± z·sd1 under the same support rules as the forecast's (count quantiles, no value
 * below 0 for non-negative series). Where the model has no one-step prediction (the values it
 * needs to start, leading gaps), or a bound overflows, every slot of that time is NaN.
 */
export function fittedBlock(fitted: Float64Array | null, n: i32, lead: i32, up: f64, sd1: f64,
  levels: Float64Array, count: bool, nonNegative: bool): Float64Array {
  const nLevels = levels.length;
  const out = new Float64Array(n * (1 + 2 * nLevels));
  for (let i = 0; i < out.length; i++) out[i] = NaN;
  if (fitted === null) return out;
  const z = new Float64Array(nLevels);
  for (let k = 0; k < nLevels; k++) z[k] = zOfLevel(levels[k]);
  const sd = sd1 * up;
  const counts: CountBounds | null = count ? new CountBounds(levels) : null;
  for (let t = lead; t < n; t++) {
    const i = t - lead;
    if (i >= fitted.length) break;
    const f = fitted[i] * up;
    if (!isFinite(f) || !isFinite(sd)) continue;
    const mu = onSupport(f, nonNegative);
    let ok = true;
    if (counts !== null) counts.at(mu, sd, nonNegative);
    for (let k = 0; k < nLevels; k++) {
      const lo = Math.min(counts !== null ? counts.lower[k] : lowerBound(mu, sd, z[k], nonNegative), mu);
      const hi = Math.max(counts !== null ? counts.upper[k] : upperBound(mu, sd, z[k], nonNegative), mu);
      if (!isFinite(lo) || !isFinite(hi)) { ok = false; break; }
      out[(1 + 2 * k) * n + t] = lo;
      out[(2 + 2 * k) * n + t] = hi;
    }
    if (!ok) {
      for (let k = 0; k < nLevels; k++) { out[(1 + 2 * k) * n + t] = NaN; out[(2 + 2 * k) * n + t] = NaN; }
      continue;
    }
    out[t] = mu;
  }
  return out;
}
