// ADIDA (aggregate, forecast, disaggregate): forecast the demand summed over buckets about one inter-demand
// interval long, where most zeros disappear, then spread the bucket forecast evenly back over periods.
import { ModelForecast } from "../result";
import { CODE_ADIDA } from "../codes";
import { adi } from "./classify";
import { ses, aggregate, disaggregate } from "./smoothing";
import { withFitted } from "../result";
import { flatForecast } from "./flat";

/** The largest bucket length that still leaves at least three buckets of `n` periods (≥ 1). */
export function maxLevel(n: i32): i32 {
  const k = n / 3;
  return k < 1 ? 1 : k;
}

/**
 * ADIDA forecast for `h` steps: buckets of round(ADI) periods, SES on the bucket sums, and each
 * period gets 1/k of the bucket forecast. The per-period sd is the bucket one-step sd over √k
 * (periods within a bucket taken as independent).
 */
export function adidaModel(y: Float64Array, m: i32, h: i32): ModelForecast {
  const a = adi(y);
  let k = isFinite(a) ? <i32>Math.round(a) : 1;
  const cap = maxLevel(y.length);
  if (k > cap) k = cap;
  if (k < 1) k = 1;
  const fit = ses(aggregate(y, k));
  return withFitted(flatForecast(fit.level / <f64>k, Math.sqrt(fit.mse / <f64>k), h, CODE_ADIDA),
    disaggregate(fit.fitted, k, y.length));
}
