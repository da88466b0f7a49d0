// In-sample one-step predictions of a fitted ETS form: the recursion rerun at the fitted parameters.
import { etsPass } from "./kernel";
import { EtsFit, MSE_FLOOR } from "./fit";
import { noFit } from "../result";

/**
 * The one-step predictions ŷ_t of `fit` over the scaled series `ys` (the fitted window), scaled
 * back by `scale` and placed at the end of a series of `total` values; the earlier values, which
 * the fit never saw, get NaN.
 */
export function etsFitted(fit: EtsFit, ys: Float64Array, scale: f64, total: i32): Float64Array {
  const n = ys.length;
  const mus = new Float64Array(n);
  const p = fit.params;
  const work = new Float64Array(fit.m > 1 ? fit.m : 1);
  etsPass(ys, fit.m, fit.error, fit.trend, fit.season, p.alpha, p.beta, p.gamma, p.phi, p.level, p.slope,
    fit.seasons, work, MSE_FLOOR, null, null, mus);
  const out = noFit(total);
  const off = total - n;
  for (let t = 0; t < n; t++) out[off + t] = mus[t] * scale;
  return out;
}
