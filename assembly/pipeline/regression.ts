// Which regression a forecast with regressors uses: drops the regressors the history cannot teach
// anything, fits the regression with ARIMA errors on the rest, then adds, one at a time, the bend
// (a hinge at a quantile of a regressor's history) that lowers AICc most, while one does.
import { Regressors, REGRESSOR_USED, REGRESSOR_CONSTANT, REGRESSOR_COLLINEAR, REGRESSOR_UNUSED } from "./regressors";
import { Term, linearTerm, hingeTerm, hasDistinct, historyQuantile } from "./regression_terms";
import { RegressionData, RegressionArima, fitRegressionOn, differencedKept, differencedBasis } from "../models/arima/regression";
import { olsFit } from "../numerics/ols";
import { isConstant } from "../numerics/checks";

/** Most bends one forecast may add (each must lower AICc). */
export const MAX_EXTRA_TERMS: i32 = 4;
/**
 * Most candidate fits the bend search spends: with up to four regressors that can bend, every decile
 * is a candidate knot in every round; with more, fewer knots each (knotsPerRegressor).
 */
const MAX_CANDIDATE_FITS: i32 = 160;
/**
 * The bend search's work, in observations × (coefficients + 3)² per candidate fit, beyond which it
 * fits fewer candidates: with 300 daily values and 6 coefficients it may fit 400 (more than
 * MAX_CANDIDATE_FITS), with 10,000 hourly values and 2 regressors 40, and none when the linear fit
 * itself had to take two steps.
 */
const BEND_WORK: f64 = 1e7;
/** Most candidate knots per regressor: its history's deciles. */
const MAX_KNOTS: i32 = 9;
/** Distinct history values a regressor needs before a bend in its effect is considered (a 0/1 flag has two). */
const MIN_DISTINCT_FOR_HINGE: i32 = 5;

// how many candidate fits the bend search may spend on `data` with `columns` linear columns (BEND_WORK)
function bendFits(data: RegressionData, columns: i32): i32 {
  if (!data.jointAffordable(columns + 1)) return 0;
  const k = <f64>(columns + 3);
  const fits = BEND_WORK / (<f64>data.nEff * k * k);
  return fits >= <f64>MAX_CANDIDATE_FITS ? MAX_CANDIDATE_FITS : <i32>fits;
}

/** The regression chosen for a series: its fit (null when none could be made), its terms, and each input regressor's status. */
export class Selection {
  constructor(public fit: RegressionArima | null, public terms: Array<Term>, public status: Int32Array) {}
}

// the statuses after screening the history: constant, then collinear with the constant and the ones before
function screen(y: Float64Array, x: Regressors, n: i32): Int32Array {
  const k = x.k;
  const status = new Int32Array(k);
  const cand = new Array<Float64Array>();
  const which = new Array<i32>();
  for (let j = 0; j < k; j++) {
    const col = x.cols[j];
    let big = 0.0;
    for (let t = 0; t < n; t++) { const v = Math.abs(col[t]); if (v > big) big = v; }
    if (isConstant(col.subarray(0, n), 1e-12 * big)) { status[j] = REGRESSOR_CONSTANT; continue; }
    cand.push(col);
    which.push(j);
  }
  const fit = olsFit(y, cand, n, true);
  for (let i = 0; i < which.length; i++) if (!fit.kept[i + 1]) status[which[i]] = REGRESSOR_COLLINEAR;
  return status;
}

/** Marks every regressor still counted as used as unused, and returns the selection that carries no fit. */
export function withoutFit(status: Int32Array): Selection {
  for (let j = 0; j < status.length; j++) if (status[j] == REGRESSOR_USED) status[j] = REGRESSOR_UNUSED;
  return new Selection(null, new Array<Term>(), status);
}

/**
 * Candidate knots per regressor when `bendable` regressors can bend: as many as keep every round
 * of the search within the budget, from 1 (the median) to MAX_KNOTS (the deciles).
 */
export function knotsPerRegressor(bendable: i32): i32 {
  if (bendable <= 0) return 0;
  const k = MAX_CANDIDATE_FITS / (MAX_EXTRA_TERMS * bendable);
  return k < 1 ? 1 : (k > MAX_KNOTS ? MAX_KNOTS : k);
}

// the bends worth trying: knots at evenly spaced quantiles of each regressor in use that takes enough distinct values
function candidates(x: Regressors, status: Int32Array, n: i32): Array<Term> {
  const bendable = new Array<i32>();
  for (let j = 0; j < x.k; j++) if (status[j] == REGRESSOR_USED && hasDistinct(x.cols[j], n, MIN_DISTINCT_FOR_HINGE)) bendable.push(j);
  const knots = knotsPerRegressor(bendable.length);
  const out = new Array<Term>();
  for (let b = 0; b < bendable.length; b++) {
    const j = bendable[b];
    for (let i = 1; i <= knots; i++) out.push(hingeTerm(x.cols[j], j, historyQuantile(x.cols[j], n, <f64>i / <f64>(knots + 1))));
  }
  return out;
}

/**
 * The regression for `y` (n gap-free values) on `x` (rows n + h: history then future), season
 * length `m`: regressors constant over the history or collinear are dropped (status), the rest
 * enter linearly in a regression with ARIMA errors (differencing chosen on the least-squares
 * residuals of that linear fit), and bends (hinges at the deciles of each regressor with at least
 * five distinct values, fewer knots when many regressors can bend) are added one at a time while
 * the best of them lowers AICc at the orders and constant chosen for the linear fit; the orders are
 * searched again once a bend was added.
 */
export function selectRegression(y: Float64Array, x: Regressors, m: i32): Selection {
  const n = y.length;
  const status = screen(y, x, n);
  const terms = new Array<Term>();
  for (let j = 0; j < x.k; j++) if (status[j] == REGRESSOR_USED) terms.push(linearTerm(x.cols[j], j));
  let big = 0.0;
  for (let t = 0; t < n; t++) { const v = Math.abs(y[t]); if (v > big) big = v; }
  if (terms.length == 0 || n < 3 || !isFinite(big) || isConstant(y, 1e-13 * big)) return withoutFit(status);
  const cols = new Array<Float64Array>();
  for (let i = 0; i < terms.length; i++) cols.push(terms[i].values);
  const data = new RegressionData(y, cols, m);
  const all = new Array<i32>();
  for (let i = 0; i < terms.length; i++) all.push(i);
  const dropped = new Array<i32>();
  const use = differencedKept(data, all, dropped);
  // a regressor whose differences repeat the others' (a trend under a drift) teaches nothing more
  for (let i = 0; i < dropped.length; i++) status[terms[dropped[i]].source] = REGRESSOR_COLLINEAR;
  if (use.length == 0) return new Selection(null, new Array<Term>(), status);
  const linear = fitRegressionOn(data, use);
  if (linear === null) return withoutFit(status);
  let best: RegressionArima = linear;

  const allowed = bendFits(data, use.length);
  const extra = allowed > 0 ? candidates(x, status, n) : new Array<Term>();
  const first = terms.length;
  for (let i = 0; i < extra.length; i++) { terms.push(extra[i]); data.addColumn(extra[i].values); }
  const taken = new StaticArray<bool>(extra.length);
  let spent = 0, added = 0;
  while (added < MAX_EXTRA_TERMS && spent < allowed) {
    let pick = -1;
    let pickFit: RegressionArima | null = null;
    const basis = differencedBasis(data, use);
    for (let c = 0; c < extra.length && spent < allowed; c++) {
      if (taken[c]) continue;
      // a bend that the columns in use already span once differenced adds nothing
      if (!basis.independent(data.diffCols[first + c])) { taken[c] = true; continue; }
      const trial = use.slice(0);
      trial.push(first + c);
      spent++;
      const fit = fitRegressionOn(data, trial, linear.spec);
      if (fit === null) continue;
      if (fit.aicc < (pickFit === null ? best.aicc : pickFit.aicc)) { pick = c; pickFit = fit; }
    }
    if (pick < 0) break;
    taken[pick] = true;
    use.push(first + pick);
    best = pickFit!;
    added++;
  }
  if (added > 0) {
    const again = fitRegressionOn(data, use);
    if (again !== null && again.aicc < best.aicc) best = again;
  }
  const used = new Array<Term>();
  for (let i = 0; i < use.length; i++) used.push(terms[use[i]]);
  return new Selection(best, used, status);
}
