// Runs the model a host asked for when the caller gave regressors: the regression with ARIMA
// errors estimates their effect; the ARIMA family answers with that fit itself, and every other
// model (the ensemble included) forecasts the series less the effect and gets the effect at the
// regressors' future values added back. Measured on the exogenous sample (docs/regressors.md),
// this beat averaging the regression's own forecast with the ensemble's.
import { Outcome } from "./outcome";
import { route } from "./route";
import { Regressors } from "./regressors";
import { selectRegression } from "./regression";
import { ModelRow } from "../models/registry";
import { ModelForecast, usable, withComponent } from "../models/result";

const ARIMA_MODEL_ID: i32 = 10;

/**
 * The forecast of `y` (n gap-free values) for `h` steps with regressors `x` (rows n + h) by the
 * registry row `row`; the outcome carries the regression used (`regression`; its fit is null when
 * none could be made, and the series is then forecast without the regressors).
 */
export function routeWithRegressors(y: Float64Array, x: Regressors, m: i32, h: i32, row: ModelRow, members: i32, rule: i32,
  weak: bool = false): Outcome {
  const n = y.length;
  const sel = selectRegression(y, x, m > 1 ? m : 1);
  const fit = sel.fit;
  if (fit === null) {
    const plain = route(y, m, h, row, members, rule, weak);
    plain.regression = sel;
    return plain;
  }
  if (row.id == ARIMA_MODEL_ID) {
    const own = fit.forecast(h);
    if (usable(own)) {
      const codes = new Array<i32>();
      codes.push(own.code);
      const out = new Outcome(own, m, codes);
      out.regression = sel;
      return out;
    }
  }
  const effect = fit.effect(0, n + h);
  const adjusted = new Float64Array(n);
  for (let t = 0; t < n; t++) adjusted[t] = y[t] - effect[t];
  const out = route(adjusted, m, h, row, members, rule, weak);
  const res = new Outcome(withComponent(out.fc, effect, n), out.season, out.codes, out.countIntervals, out.outer);
  res.regression = sel;
  return res;
}
