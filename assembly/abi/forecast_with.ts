// The `forecast` export with regressors and quantiles: a separate export, so hosts that send
// neither keep the old calls (and their answers) unchanged.
import { STATUS_OK, STATUS_BAD_ARGUMENT } from "./status";
import { MAX_LEVELS, MAX_QUANTILES, MAX_REGRESSORS } from "./layout";
import { writeAnswer } from "./forecast";
import { decide } from "../pipeline/forecast";
import { Regressors } from "../pipeline/regressors";
import { MAX_EXTRA_TERMS } from "../pipeline/regression";
import { Selection } from "../pipeline/regression";

// f64 values from linear memory
function readF64(ptr: usize, count: i32): Float64Array {
  const a = new Float64Array(count);
  for (let i = 0; i < count; i++) a[i] = load<f64>(ptr + (<usize>i << 3));
  return a;
}

/**
 * Writes the regression report to `ptr`: k statuses, the term count T, the regression errors'
 * ARIMA code (0 when no regression was fitted), then T rows of [source, kind, knot, coefficient].
 */
function writeRegression(sel: Selection | null, k: i32, ptr: usize): void {
  for (let j = 0; j < k; j++) store<f64>(ptr + (<usize>j << 3), sel !== null ? <f64>sel.status[j] : 3.0);
  const fit = sel !== null ? sel.fit : null;
  const terms = fit !== null ? sel!.terms.length : 0;
  store<f64>(ptr + (<usize>k << 3), <f64>terms);
  store<f64>(ptr + (<usize>(k + 1) << 3), fit !== null ? <f64>fit.spec.code() : 0.0);
  for (let i = 0; i < terms; i++) {
    const t = sel!.terms[i];
    const row = ptr + (<usize>(k + 2 + 4 * i) << 3);
    store<f64>(row, <f64>t.source);
    store<f64>(row + 8, <f64>t.kind);
    store<f64>(row + 16, t.knot);
    store<f64>(row + 24, fit!.coef(i));
  }
}

/**
 * `forecastFitted` plus regressors and quantiles. `x` holds k regressors column by column, each
 * n + h finite f64 (history aligned with `y`, then the known future); `probs` nProbs quantile
 * probabilities in (0, 1), whose h values each follow the intervals in `out`; `fitted` 0 when the
 * in-sample predictions are not wanted; `reg` the regression report (regressionReportLength(k,
 * MAX_EXTRA_TERMS) f64) when k > 0. Returns a status code.
 */
export function forecastWith(
  yPtr: usize, n: i32, h: i32, m: i32, model: i32, members: i32, combine: i32,
  levelsPtr: usize, nLevels: i32, probsPtr: usize, nProbs: i32, xPtr: usize, k: i32,
  outPtr: usize, methodPtr: usize, fittedPtr: usize, regPtr: usize,
): i32 {
  if (n < 1 || h < 1 || nLevels < 0 || nLevels > MAX_LEVELS || nProbs < 0 || nProbs > MAX_QUANTILES || k < 0 || k > MAX_REGRESSORS) {
    return STATUS_BAD_ARGUMENT;
  }
  const raw = readF64(yPtr, n);
  const levels = readF64(levelsPtr, nLevels);
  const probs = readF64(probsPtr, nProbs);
  let xreg: Regressors | null = null;
  if (k > 0) {
    const cols = new Array<Float64Array>();
    const rows = n + h;
    for (let j = 0; j < k; j++) {
      const col = readF64(xPtr + (<usize>j * <usize>rows << 3), rows);
      for (let t = 0; t < rows; t++) if (!isFinite(col[t])) return STATUS_BAD_ARGUMENT;
      cols.push(col);
    }
    xreg = new Regressors(cols);
  }
  const d = decide(raw, h, m, model, members, combine, levels, fittedPtr != 0, xreg, probs);
  if (d.status != STATUS_OK) return d.status;
  writeAnswer(d, outPtr, methodPtr);
  if (fittedPtr != 0) {
    const fitted = d.fitted;
    for (let i = 0; i < fitted.length; i++) store<f64>(fittedPtr + (<usize>i << 3), fitted[i]);
  }
  if (k > 0) writeRegression(d.regression, k, regPtr);
  return STATUS_OK;
}

/** The most derived terms (beyond one per regressor) a regression report can hold. */
export function regressionExtraTerms(): i32 {
  return MAX_EXTRA_TERMS;
}
