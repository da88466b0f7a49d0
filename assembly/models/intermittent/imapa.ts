// IMAPA (multiple aggregation levels): the ADIDA idea at every bucket length from 1 to about one
// inter-demand interval, each level forecast by SES when smooth and by SBA otherwise (the SBC
// scheme's choice), averaged.
import { ModelForecast } from "../result";
import { CODE_IMAPA } from "../codes";
import { adi, sbcClass, SBC_SMOOTH } from "./classify";
import { ses, sba, aggregate, disaggregate, FlatFit } from "./smoothing";
import { withFitted } from "../result";
import { maxLevel } from "./adida";
import { flatForecast } from "./flat";

/**
 * IMAPA forecast for `h` steps: for k = 1..K (K = round(ADI), at least 2, leaving three buckets)
 * the bucket sums are forecast by SES when their SBC class is smooth, else by SBA; the per-period
 * forecasts (bucket forecast / k) and sds (bucket sd / √k) are averaged over the levels.
 */
export function imapaModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  const a = adi(y);
  let top = isFinite(a) ? <i32>Math.round(a) : 1;
  if (top < 2) top = 2;
  const cap = maxLevel(y.length);
  if (top > cap) top = cap;
  const n = y.length;
  let rate = 0.0, sd = 0.0;
  // in-sample: the mean over the levels that have a prediction for the period
  const sum = new Float64Array(n), cnt = new Float64Array(n);
  for (let k = 1; k <= top; k++) {
    const x = aggregate(y, k);
    const fit: FlatFit = sbcClass(x) == SBC_SMOOTH ? ses(x) : sba(x);
    rate += fit.level / <f64>k;
    sd += Math.sqrt(fit.mse / <f64>k);
    const per = disaggregate(fit.fitted, k, n);
    for (let t = 0; t < n; t++) if (isFinite(per[t])) { sum[t] += per[t]; cnt[t] += 1.0; }
  }
  const fitted = new Float64Array(n);
  for (let t = 0; t < n; t++) fitted[t] = cnt[t] > 0.0 ? sum[t] / cnt[t] : NaN;
  return withFitted(flatForecast(rate / <f64>top, sd / <f64>top, h, CODE_IMAPA), fitted);
}
