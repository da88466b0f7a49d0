// Entry points of the Theta family used by the dispatcher and the ensemble.
import { ModelForecast, failed, withFitted } from "../result";
import { CODE_THETA, CODE_OTM, CODE_DOTM } from "../codes";
import { seasonalAdjust } from "../../stats/adjust";
import { ThetaFit, fitStandard, fitOptimised } from "./fit";
import { isConstant, allFinite } from "../../numerics/checks";

/** Fewest observations a Theta fit is tried on; shorter series fail so the caller can fall back. */
const MIN_LENGTH: i32 = 3;

const VARIANT_STANDARD: i32 = 0;
const VARIANT_OPTIMISED: i32 = 1;
const VARIANT_DYNAMIC: i32 = 2;

// seasonally adjusts (M4 rule), fits the variant on the adjusted series and puts the season back
function runTheta(y: Float64Array, m: i32, h: i32, variant: i32, code: i32): ModelForecast {
  const n = y.length;
  if (n < MIN_LENGTH) return failed(h);
  if (isConstant(y, 1e-12 * (Math.abs(y[0]) + 1.0))) {
    const mean = new Float64Array(h);
    for (let i = 0; i < h; i++) mean[i] = y[0];
    const flat = new Float64Array(n);
    for (let t = 0; t < n; t++) flat[t] = y[0];
    return withFitted(new ModelForecast(mean, new Float64Array(h), code), flat);
  }
  const adj = seasonalAdjust(y, m);
  let fit: ThetaFit;
  if (variant == VARIANT_STANDARD) fit = fitStandard(adj.adjusted, h);
  else fit = fitOptimised(adj.adjusted, h, variant == VARIANT_DYNAMIC);
  adj.restore(fit.mean, n);
  adj.restoreSd(fit.sd, n);
  if (!allFinite(fit.mean) || !allFinite(fit.sd)) return failed(h);
  return withFitted(new ModelForecast(fit.mean, fit.sd, code), adj.restoreInSample(fit.fitted));
}

/** Standard Theta (STM) on the seasonally adjusted series when seasonal. */
export function thetaModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return runTheta(y, m, h, VARIANT_STANDARD, CODE_THETA);
}

/** Optimised Theta (OTM), Fiorucci et al. 2016. */
export function otmModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return runTheta(y, m, h, VARIANT_OPTIMISED, CODE_OTM);
}

/** Dynamic optimised Theta (DOTM), Fiorucci et al. 2016. */
export function dotmModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  return runTheta(y, m, h, VARIANT_DYNAMIC, CODE_DOTM);
}
