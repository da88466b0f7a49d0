// Automatic form choice: fit every admissible form and keep the one with the smallest AICc.
import { ModelForecast, failed, withFitted } from "../result";
import { ERROR_A, ERROR_M, TREND_N, TREND_AD, SEASON_N, SEASON_M, formAllowed, paramCount } from "./form";
import { allPositive } from "../../numerics/checks";
import { EtsFit, fitForm } from "./fit";
import { etsForecast } from "./forecast";
import { etsFitted } from "./fitted";
import { scaleSeries, Scaled } from "./scale";
import { knownFit, rememberFit, sharedFit } from "./shared";
import { etsPinned } from "../pins";
import { etsCode, etsErrorOf, etsTrendOf, etsSeasonOf } from "../codes";

/**
 * Most recent points a fit looks at. Exponential smoothing forgets geometrically, so older points
 * barely move the forecast while the cost of every likelihood pass grows with them.
 */
export const MAX_FIT_POINTS: i32 = 3000;

/**
 * AICc points by which a form may trail the best one so far before its fit is cut short: its
 * Akaike weight against the best is then below e^-5 (0.7%), and it is not chosen.
 */
const HOPELESS: f64 = 10.0;

/** AICc of a fit with sigma counted as a parameter (R's ets convention; +Infinity when undefined). */
export function aiccOf(fit: EtsFit, s: Scaled): f64 {
  return aiccAt(fit.lik, fit.np, s);
}

// the AICc of likelihood `lik` (on the scaled series) with np estimated parameters besides sigma
function aiccAt(lik: f64, np: i32, s: Scaled): f64 {
  const n = <f64>s.y.length;
  const k = <f64>(np + 1);
  const aic = s.unscaleLik(lik) + 2.0 * k;
  return n - k - 1.0 > 0.0 ? aic + 2.0 * k * (k + 1.0) / (n - k - 1.0) : Infinity;
}

function finiteForecast(fc: ModelForecast): bool {
  for (let i = 0; i < fc.mean.length; i++) {
    if (!isFinite(fc.mean[i]) || !isFinite(fc.sd[i]) || fc.sd[i] < 0.0) return false;
  }
  return true;
}

/**
 * The forms (error, trend, season) the masks and the data allow, as etsCode values in fitting
 * order; while components are pinned and some of these forms are among them, only those.
 */
function formsToFit(trendMask: i32, seasonMask: i32, n: i32, m: i32, positive: bool): Array<i32> {
  const all = new Array<i32>();
  const kept = new Array<i32>();
  for (let t = TREND_N; t <= TREND_AD; t++) {
    if (!(trendMask & (1 << t))) continue;
    for (let z = SEASON_N; z <= SEASON_M; z++) {
      if (!(seasonMask & (1 << z))) continue;
      for (let e = ERROR_A; e <= ERROR_M; e++) {
        if (!formAllowed(e, t, z, n, m, positive)) continue;
        const code = etsCode(e, t, z);
        all.push(code);
        if (etsPinned(code)) kept.push(code);
      }
    }
  }
  return kept.length > 0 ? kept : all;
}

/**
 * The forecast of the form with the smallest AICc among those allowed by the masks (bit k of
 * `trendMask` allows trend k, of `seasonMask` season k) and the data; multiplicative error and
 * season only when `allowMultiplicative` and the data are positive. A form whose forecast is not
 * finite gives way to the next best. Series too short for AICc get simple exponential smoothing
 * when the masks allow it (n >= 3); otherwise the result is failed(h). Only the last
 * MAX_FIT_POINTS points are fitted. A form more than HOPELESS behind the best so far is fitted
 * only until that is clear; for a damped form the best so far counts damped forms only, so the
 * `damped` member, which shares these fits, chooses among fits made as it would make them. While
 * components are pinned (../pins.ts) and one of the pinned forms is on offer, only those are fitted.
 */
export function etsSelect(series: Float64Array, m: i32, h: i32, trendMask: i32, seasonMask: i32, allowMultiplicative: bool): ModelForecast {
  const y = series.length > MAX_FIT_POINTS ? series.subarray(series.length - MAX_FIT_POINTS) : series;
  const n = y.length;
  if (n < 3 || h < 1) return failed(h < 1 ? 1 : h);
  const s = scaleSeries(y);
  const positive = allowMultiplicative && allPositive(y);
  const forms = formsToFit(trendMask, seasonMask, n, m, positive);
  const fits = new Array<EtsFit>();
  const scores = new Array<f64>();
  let bestAll = Infinity, bestDamped = Infinity;
  for (let k = 0; k < forms.length; k++) {
    const e = etsErrorOf(forms[k]), t = etsTrendOf(forms[k]), z = etsSeasonOf(forms[k]);
    let fit: EtsFit | null;
    if (knownFit(series, m, e, t, z)) {
      fit = sharedFit(series, m, e, t, z);
    } else {
      // the likelihood at which this form's AICc trails the best so far by HOPELESS
      const bound = t == TREND_AD ? bestDamped : bestAll;
      const np = paramCount(t, z, z != SEASON_N ? m : 1);
      fit = fitForm(s.y, m, e, t, z, bound + HOPELESS - aiccAt(0.0, np, s));
      rememberFit(series, m, e, t, z, fit);
    }
    if (fit === null) continue;
    const score = aiccOf(fit, s);
    fits.push(fit);
    scores.push(score);
    if (score < bestAll) bestAll = score;
    if (t == TREND_AD && score < bestDamped) bestDamped = score;
  }
  // best first; the next best steps in when a forecast is not finite
  while (fits.length > 0) {
    let best = 0;
    for (let i = 1; i < fits.length; i++) if (scores[i] < scores[best]) best = i;
    const fc = etsForecast(fits[best], n, h, s.scale);
    if (finiteForecast(fc)) return withFitted(fc, etsFitted(fits[best], s.y, s.scale, series.length));
    fits.splice(best, 1);
    scores.splice(best, 1);
  }
  if ((trendMask & 1) && (seasonMask & 1) && n < 5) {
    const fit = fitForm(s.y, 1, ERROR_A, TREND_N, SEASON_N);
    if (fit !== null) {
      const fc = etsForecast(fit, n, h, s.scale);
      if (finiteForecast(fc)) return withFitted(fc, etsFitted(fit, s.y, s.scale, series.length));
    }
  }
  return failed(h);
}
