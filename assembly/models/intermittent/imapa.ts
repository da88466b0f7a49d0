// IMAPA (multiple aggregation levels): the ADIDA idea at every bucket length from 1 to about one
// inter-demand interval, each level forecast by SES when smooth and by SBA otherwise (the SBC
// scheme's choice), averaged.
import { ModelForecast } from "../result";
import { CODE_IMAPA } from "../codes";
import { adi, sbcClass, SBC_SMOOTH } from "./classify";
import { ses, sba, aggregate, FlatFit } from "./smoothing";
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
  let rate = 0.0, sd = 0.0;
  for (let k = 1; k <= top; k++) {
    const x = aggregate(y, k);
    const fit: FlatFit = sbcClass(x) == SBC_SMOOTH ? ses(x) : sba(x);
    rate += fit.level / <f64>k;
    sd += Math.sqrt(fit.mse / <f64>k);
  }
  return flatForecast(rate / <f64>top, sd / <f64>top, h, CODE_IMAPA);
}
