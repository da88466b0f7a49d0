// The forecasting policy, decided once for every model: check the request, bring the values to a
// safe scale, impute, find the period, route to the model, fall back, and form the intervals.
import { STATUS_OK, STATUS_BAD_ARGUMENT, STATUS_NO_DATA, STATUS_UNKNOWN_MODEL, STATUS_NUMERIC_FAILURE, STATUS_OUT_OF_RANGE } from "../abi/status";
import { impute } from "../stats/impute";
import { detectPeriod } from "../stats/period";
import { tentativePeriod, m4CalendarPeriod } from "../stats/tentative_period";
import { isIntermittent } from "../models/intermittent/classify";
import { route } from "./route";
import { COMBINE_COUNT } from "./combine";
import { fillIntervals, residualDof } from "./intervals";
import { observedNonNegative } from "./bounds";
import { naive } from "../models/baseline/naive";
import { usable } from "../models/result";
import { modelById, allMemberBits } from "../models/registry";
import { Outcome } from "./outcome";
import { CODE_NAIVE } from "../models/codes";
import { maxAbsFinite } from "../numerics/checks";
import { fittedBlock } from "./fitted";
import { holdoutScale } from "./holdout";
import { unpin } from "../models/pins";
import { Regressors, REGRESSOR_USED, REGRESSOR_UNUSED } from "./regressors";
import { routeWithRegressors } from "./route_regressors";
import { Selection } from "./regression";
import { fillQuantiles } from "./quantiles";
import { noSpread, spreadFloor, applyFloor } from "./spread_floor";

// Series whose largest value lies outside [2^-400, 2^400] are fitted at a power-of-two scale (an
// exact change) so squares and variances cannot overflow or underflow; answers are scaled back.
const SCALE_HIGH: f64 = Math.pow(2.0, 400.0);
const SCALE_LOW: f64 = Math.pow(2.0, -400.0);

/**
 * What the pipeline decided: a status, and when it is OK the output values, season length,
 * component codes, the fitted block when asked for (see fittedBlock; empty otherwise) and the
 * second seasonal period when two were used (0 otherwise).
 */
export class Decision {
  /** the regression used when the caller gave regressors (see routeWithRegressors) */
  regression: Selection | null = null;
  constructor(public status: i32, public values: Float64Array, public season: i32, public codes: Array<i32>,
    public fitted: Float64Array = new Float64Array(0), public outer: i32 = 0) {}
}

function refuse(status: i32): Decision {
  return new Decision(status, new Float64Array(0), 0, new Array<i32>());
}

// the power of two (as an exponent) that brings `big` near 1, or 0 when no rescaling is needed
function scaleExponent(big: f64): i32 {
  if (big <= SCALE_HIGH && big >= SCALE_LOW) return 0;
  if (big == 0.0) return 0;
  let e = <i32>Math.floor(Math.log2(big));
  if (e > 1000) e = 1000;
  if (e < -1000) e = -1000;
  return e;
}

/**
 * Forecasts `h` steps of `raw` (NaN = missing) with model id `model`, season length `m` (0 =
 * detect), ensemble `members` (bits, 0 = default) and `combine` rule, with intervals at `levels`
 * percent. The values are h·(1 + 2·levels) numbers: mean, then lower/upper per level; every one
 * is finite and lower <= mean <= upper, or the status says why not. With `wantFitted` the
 * decision also carries the one-step in-sample predictions and their intervals (fittedBlock).
 * With regressors `xreg` (rows n + h, finite) the forecast uses them (routeWithRegressors); with
 * quantile probabilities `probs` (each in (0, 1)) h values per probability follow the intervals
 * (fillQuantiles), from the same distribution.
 */
export function decide(raw: Float64Array, h: i32, m: i32, model: i32, members: i32, combine: i32, levels: Float64Array,
  wantFitted: bool = false, xreg: Regressors | null = null, probs: Float64Array = new Float64Array(0)): Decision {
  const n = raw.length;
  if (n < 1 || h < 1 || m < 0 || combine < 0 || combine >= COMBINE_COUNT) return refuse(STATUS_BAD_ARGUMENT);
  for (let i = 0; i < levels.length; i++) {
    const lv = levels[i];
    if (!(lv > 0.0 && lv < 100.0)) return refuse(STATUS_BAD_ARGUMENT);
  }
  for (let i = 0; i < probs.length; i++) {
    const p = probs[i];
    if (!(p > 0.0 && p < 1.0)) return refuse(STATUS_BAD_ARGUMENT);
  }
  if (xreg !== null) {
    for (let j = 0; j < xreg.k; j++) if (xreg.cols[j].length != n + h) return refuse(STATUS_BAD_ARGUMENT);
  }
  // a call that trapped inside the interval check may have left its pin behind
  unpin();
  const row = modelById(model);
  if (row === null) return refuse(STATUS_UNKNOWN_MODEL);
  // a bit no member owns would otherwise be silently dropped from the ensemble
  if ((members & ~allMemberBits()) != 0) return refuse(STATUS_UNKNOWN_MODEL);
  let finite = 0;
  for (let i = 0; i < n; i++) if (isFinite(raw[i])) finite++;
  if (finite == 0) return refuse(STATUS_NO_DATA);

  const e = scaleExponent(maxAbsFinite(raw));
  let x = raw;
  if (e != 0) {
    const down = Math.pow(2.0, <f64>-e);
    x = new Float64Array(n);
    for (let i = 0; i < n; i++) x[i] = raw[i] * down;
  }

  let season = m;
  if (season == 0) season = detectPeriod(impute(x, 0));
  const y = impute(x, season);

  // with no season found, the default ensemble is still offered a weakly supported calendar period: its
  // median needs three members to agree on a season, and ETS (AICc), ARIMA (seasonal strength,
  // AICc) and Theta (M4 test) each reject one the data does not carry. A period only the M4
  // autocorrelation test supports (it passes on trends and random walks too) is `weak`: the
  // seasonal naive member, which cannot reject it, runs without it
  let weak = false;
  // (intermittent series never use a season: they skip the tests)
  if (m == 0 && season == 1 && row.entry === null && members == 0 && !isIntermittent(y)) {
    season = tentativePeriod(y);
    if (season == 1) { season = m4CalendarPeriod(y); weak = season > 1; }
  }
  // the regressors' rows of the imputed series: its leading gaps are gone
  const xr = xreg !== null ? xreg.rows(n - y.length, y.length + h) : null;
  let out: Outcome = xr === null ? route(y, season, h, row, members, combine, weak)
    : routeWithRegressors(y, xr, season, h, row, members, combine, weak);
  let regression = out.regression;
  if (!usable(out.fc)) {
    // the last resort every series can take: it needs only one finite value
    const fb = naive(y, h);
    const codes = new Array<i32>();
    codes.push(CODE_NAIVE);
    out = new Outcome(fb, season, codes);
    if (!usable(fb)) return refuse(STATUS_NUMERIC_FAILURE);
    if (regression !== null) {
      const st = regression.status;
      for (let j = 0; j < st.length; j++) if (st[j] == REGRESSOR_USED) st[j] = REGRESSOR_UNUSED;
      regression = new Selection(null, regression.terms.slice(0, 0), st);
    }
  }

  const mean = out.fc.mean, sd = out.fc.sd;
  // taken before the rescaling below, so fittedBlock scales predictions and sd alike
  let sd1 = sd[0];
  // the combination's variance is estimated from the series itself, so its bounds take Student's t;
  // a single model keeps the normal bounds its own definition gives (and R reproduces)
  const df = row.entry === null ? residualDof(finite, out.season) : Infinity;
  // on a short series the ensemble's variance assumes its members are right; its errors on the
  // last h observations say how far they are not (count bounds keep their own distribution, and
  // the one-step in-sample sd1 above stays as fitted)
  if (row.entry === null && !out.countIntervals && out.fc.code != CODE_NAIVE) {
    const widen = holdoutScale(y, season, h, row, members, combine, weak, df, out.codes, xr);
    for (let i = 0; i < h; i++) sd[i] *= widen;
  }
  if (e != 0) {
    const up = Math.pow(2.0, <f64>e);
    for (let i = 0; i < h; i++) { mean[i] *= up; sd[i] *= up; }
  }
  for (let i = 0; i < h; i++) {
    if (!isFinite(mean[i]) || !isFinite(sd[i])) return refuse(STATUS_OUT_OF_RANGE);
  }
  // a constant or one-point series shows no spread: it gets the documented floor instead of
  // intervals of zero width (and its in-sample intervals the same one-step sd); count bounds have
  // their own for a rate with no spread (Poisson's)
  if (noSpread(sd) && !out.countIntervals) {
    const floor = spreadFloor(raw, mean[0]);
    applyFloor(sd, floor);
    sd1 = floor * Math.pow(2.0, <f64>-e);
  }
  const values = new Float64Array(h * (1 + 2 * levels.length + probs.length));
  const nonNegative = observedNonNegative(raw);
  if (!fillIntervals(mean, sd, levels, values, out.countIntervals, nonNegative, df, out.season)) return refuse(STATUS_OUT_OF_RANGE);
  if (probs.length > 0 && !fillQuantiles(mean, sd, probs, values.subarray(h * (1 + 2 * levels.length)), out.countIntervals, nonNegative, df, out.season)) {
    return refuse(STATUS_OUT_OF_RANGE);
  }
  let d: Decision;
  if (!wantFitted) d = new Decision(STATUS_OK, values, out.season, out.codes, new Float64Array(0), out.outer);
  else {
    const block = fittedBlock(out.fc.fitted, n, n - y.length, Math.pow(2.0, <f64>e), sd1, levels, out.countIntervals, nonNegative);
    d = new Decision(STATUS_OK, values, out.season, out.codes, block, out.outer);
  }
  d.regression = regression;
  return d;
}
