// Calendar hints: the host knows from the dates which periods are plausible (12 for monthly data,
// 24 and 168 for hourly); the data still has to show the season before it is used.
import { impute } from "../stats/impute";
import { seasonalityTest } from "../stats/seasonality";
import { detectPeriod } from "../stats/period";

function differenced(y: Float64Array): Float64Array {
  const d = new Float64Array(y.length - 1);
  for (let t = 1; t < y.length; t++) d[t - 1] = y[t] - y[t - 1];
  return d;
}

/**
 * The first of the `nHints` candidate periods at `hintsPtr` (f64, rounded to whole steps) at which
 * the n values at `yPtr` (NaN = missing) pass the M4 90% seasonality test, on the series or on its
 * first differences (a strong trend can hide a season from the raw test); 0 when none passes or
 * the series holds no finite value, so the host can fall back to detection (`forecast` with m = 0).
 */
export function statsCalendarPeriod(yPtr: usize, n: i32, hintsPtr: usize, nHints: i32): i32 {
  if (n < 1 || nHints < 1) return 0;
  const raw = new Float64Array(n);
  let finite = 0;
  for (let i = 0; i < n; i++) {
    const v = load<f64>(yPtr + (<usize>i << 3));
    raw[i] = v;
    if (isFinite(v)) finite++;
  }
  if (finite == 0) return 0;
  const y = impute(raw, 0);
  if (y.length < 3) return 1;
  const d = differenced(y);
  for (let k = 0; k < nHints; k++) {
    const p = hintAt(hintsPtr, k, y.length);
    if (p > 1 && (seasonalityTest(y, p) || seasonalityTest(d, p))) return p;
  }
  // the test can miss a weak season that the models still find worth fitting; detection gets
  // its say first, and only when it finds nothing do the members weigh the calendar's period
  // themselves (ETS by AICc among seasonal and non-seasonal forms, Theta by this same test)
  const detected = detectPeriod(y);
  if (detected > 1) return detected;
  for (let k = 0; k < nHints; k++) {
    const p = hintAt(hintsPtr, k, y.length);
    if (p > 1 && y.length >= 2 * p) return p;
  }
  return 1;
}

function hintAt(hintsPtr: usize, k: i32, n: i32): i32 {
  const hint = load<f64>(hintsPtr + (<usize>k << 3));
  if (!isFinite(hint) || hint < 1.5 || hint > <f64>n) return 0;
  return <i32>Math.round(hint);
}
