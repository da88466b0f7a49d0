// Naive2, the M4 benchmark every OWA is measured against.
import { ModelForecast, withFitted } from "../result";
import { CODE_NAIVE2 } from "../codes";
import { naive } from "./naive";
import { seasonalAdjust } from "../../stats/adjust";

/**
 * M4 Naive2: naive on the series seasonally adjusted by classical multiplicative decomposition
 * when the 90% test at lag m passes (additive when the data is not strictly positive; no
 * adjustment when m = 1 or n < 3m), with the season put back. The sd is the random walk's on
 * the adjusted series, scaled by the seasonal index in the multiplicative case.
 */
export function naive2(y: Float64Array, m: i32, h: i32): ModelForecast {
  const n = y.length;
  const adj = seasonalAdjust(y, m);
  const fc = naive(adj.adjusted, h);
  adj.restore(fc.mean, n);
  adj.restoreSd(fc.sd, n);
  const fitted = adj.restoreInSample(fc.fitted!);
  return withFitted(new ModelForecast(fc.mean, fc.sd, CODE_NAIVE2), fitted);
}
