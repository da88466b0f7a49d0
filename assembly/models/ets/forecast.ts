// Point forecasts and forecast-error standard deviations of a fitted ETS form.
import { ERROR_A, TREND_N, TREND_AD, SEASON_N, SEASON_M } from "./form";
import { etsCode } from "../codes";
import { FINAL_LEVEL, FINAL_SLOPE, FINAL_SSE, FINAL_SEASONS } from "./kernel";
import { EtsFit } from "./fit";
import { ModelForecast } from "../result";

/** Residual variance of a fit (of ε: absolute for additive errors, relative for multiplicative ones). */
export function residualVariance(fit: EtsFit, n: i32): f64 {
  const dof = n - fit.np;
  return fit.final[FINAL_SSE] / <f64>(dof > 0 ? dof : n);
}

/**
 * Forecasts `h` steps from a fit to the scaled series of length n and scales the result back by
 * `scale`. Point path: the model recursion with zero future errors. Variances (Hyndman et al. 2008,
 * ch. 6): exact for the linear class, σ²(1 + Σ c_j²) with c_j = α + βφ_j + γ·[m divides j];
 * exact for multiplicative errors with additive components, v_h = (1+σ²)θ_h − μ_h² with
 * θ_h = μ_h² + σ²Σ c_j²θ_{h−j}; and for multiplicative seasons the same recursion applied to the
 * point path, an approximation that is close when σ is small.
 */
export function etsForecast(fit: EtsFit, n: i32, h: i32, scale: f64): ModelForecast {
  const p = fit.params;
  const m = fit.m;
  const hasSeason = fit.season != SEASON_N && m > 1;
  const phi = fit.trend == TREND_AD ? p.phi : 1.0;
  const l = fit.final[FINAL_LEVEL];
  const b = fit.trend != TREND_N ? fit.final[FINAL_SLOPE] : 0.0;
  const mean = new Float64Array(h);
  const sd = new Float64Array(h);
  const c2 = new Float64Array(h); // c_j² for j = 1..h−1 at index j
  let phiSum = 0.0, phiPow = 1.0;
  for (let i = 1; i <= h; i++) {
    if (fit.trend != TREND_N) { phiPow *= phi; phiSum += phiPow; }
    const s = hasSeason ? fit.final[FINAL_SEASONS + (i - 1) % m] : 0.0;
    const lb = l + phiSum * b;
    mean[i - 1] = fit.season == SEASON_M && hasSeason ? lb * s : lb + s;
    if (i < h) {
      const c = p.alpha + p.beta * phiSum + (hasSeason && i % m == 0 ? p.gamma : 0.0);
      c2[i] = c * c;
    }
  }
  const sigma2 = residualVariance(fit, n);
  if (fit.error == ERROR_A) {
    let acc = 1.0;
    for (let i = 1; i <= h; i++) {
      if (i > 1) acc += c2[i - 1];
      sd[i - 1] = Math.sqrt(sigma2 * acc);
    }
  } else {
    const theta = new Float64Array(h + 1);
    for (let i = 1; i <= h; i++) {
      const mu = mean[i - 1];
      let t = mu * mu;
      let acc = 0.0;
      for (let j = 1; j < i; j++) acc += c2[j] * theta[i - j];
      t += sigma2 * acc;
      theta[i] = t;
      const v = (1.0 + sigma2) * t - mu * mu;
      sd[i - 1] = Math.sqrt(v > 0.0 ? v : 0.0);
    }
  }
  for (let i = 0; i < h; i++) { mean[i] *= scale; sd[i] *= scale; }
  return new ModelForecast(mean, sd, etsCode(fit.error, fit.trend, fit.season));
}
