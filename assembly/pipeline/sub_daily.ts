// The default `tempo` forecast for hourly (and finer) series: a day inside a week, forecast by
// members that each treat the two seasons differently, combined by their median.
import { Outcome } from "./outcome";
import { combine, COMBINE_DEFAULT, COMBINE_MEDIAN } from "./combine";
import { holdToNaiveErrors } from "./hold_to_naive";
import { residualDof, smallSampleShare } from "./intervals";
import { ModelForecast, usable, withComponent } from "../models/result";
import { arimaModel } from "../models/arima/entry";
import { seasonalNaive } from "../models/baseline/seasonal_naive";
import { mstl } from "../stats/mstl";
import { twoSeasons } from "../stats/multi_seasonal";
import { isConstant } from "../numerics/checks";
import { difference } from "../numerics/difference";
import { seasonalIndices } from "../numerics/decompose";
import { seasonalityTest } from "../stats/seasonality";
import { isIntermittent } from "../models/intermittent/classify";

/**
 * Weeks the series must span: the M4 test that admits the weekly cycle needs three. Measured at
 * earlier origins of the dev sample's hourly series (some then 3.3 to 3.9 weeks long), these members
 * beat the usual ensemble there too.
 */
const MIN_WEEKS: i32 = 3;

/**
 * The `tempo` forecast of `y` when m is a day of sub-daily steps (24 hours, 48 half hours...) and
 * the series spans MIN_WEEKS weeks, else null. Three members, each handling the seasons in its own
 * way, combined by `rule` (0: the median):
 * - seasonal ARIMA at period m of the series less its weekly component from MSTL (periods m and
 *   7m), the component's last week repeated: the day's season stochastic, the week's smooth;
 * - non-seasonal ARIMA of the series less both classical seasonal indices (see twoSeasons), which
 *   are put back: both seasons fixed over the history;
 * - the seasonal naive forecast, the last day repeated.
 * The weekly cycle is used only when it shows: the M4 90% test at lag 7m passes on the series less
 * its daily indices or on that series' differences, the test the calendar's periods pass before
 * they are used. Otherwise the first two members keep the day alone (seasonal ARIMA of the series
 * itself; non-seasonal ARIMA of the series less its classical daily indices).
 * Measured on the dev sample's hourly series at four forecast origins (docs/accuracy.md, "Hourly
 * data"): members fitted without a season to the adjusted series (ETS, Theta) lose to these, and the
 * weekly cycle helps on many series where the stricter seasonal-means F test does not find it.
 */
export function subDaily(y: Float64Array, m: i32, h: i32, rule: i32): Outcome | null {
  const n = y.length;
  if (m < 24 || m % 24 != 0) return null;
  const week = 7 * m;
  if (n < MIN_WEEKS * week) return null;
  if (isConstant(y, 0.0) || isIntermittent(y)) return null;

  const fits = new Array<ModelForecast>();
  const codes = new Array<i32>();
  const s = twoSeasons(y, m, week);
  const noDay = new Float64Array(n);
  for (let t = 0; t < n; t++) noDay[t] = y[t] - s.inner[t % m];
  const weekly = seasonalityTest(noDay, week) || seasonalityTest(difference(noDay, 1), week);
  // the season a member's series is less, over the history and the h steps after it
  const season = new Float64Array(n + h);
  const adjusted = new Float64Array(n);
  if (weekly) {
    const periods: StaticArray<i32> = [m, week];
    const wk = mstl(y, periods)[1];
    for (let t = 0; t < n; t++) season[t] = wk[t];
    for (let i = 0; i < h; i++) season[n + i] = wk[n - week + (i % week)];
    for (let t = 0; t < n; t++) adjusted[t] = y[t] - season[t];
    add(fits, codes, withComponent(arimaModel(adjusted, m, h), season, n));
    for (let t = 0; t < n + h; t++) season[t] = s.at(t);
  } else {
    add(fits, codes, arimaModel(y, m, h));
    const day = seasonalIndices(y, m, false);
    for (let t = 0; t < n + h; t++) season[t] = day[t % m];
  }
  for (let t = 0; t < n; t++) adjusted[t] = y[t] - season[t];
  add(fits, codes, withComponent(arimaModel(adjusted, 1, h), season, n));
  add(fits, codes, seasonalNaive(y, m, h));
  const outer = weekly ? week : 0;
  if (fits.length == 0) return null;
  if (fits.length == 1) return new Outcome(fits[0], m, codes, false, outer);
  const share = smallSampleShare(residualDof(n, m));
  const fc = combine(fits, h, rule == COMBINE_DEFAULT ? COMBINE_MEDIAN : rule, 0, share);
  holdToNaiveErrors(y, fc, m, h, share);
  return new Outcome(fc, m, codes, false, outer);
}

function add(fits: Array<ModelForecast>, codes: Array<i32>, fc: ModelForecast): void {
  if (!usable(fc)) return;
  fits.push(fc);
  codes.push(fc.code);
}
