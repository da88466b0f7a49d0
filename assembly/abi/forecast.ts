// The main export: one whole fit-and-forecast per call, numbers in, numbers out.
import { STATUS_OK, STATUS_BAD_ARGUMENT, STATUS_NO_DATA, STATUS_UNKNOWN_MODEL, STATUS_NUMERIC_FAILURE } from "./status";
import { METHOD_SLOTS, MAX_COMPONENTS, MAX_LEVELS } from "./layout";
import { MODEL_COUNT } from "./models";
import { impute } from "../stats/impute";
import { detectPeriod } from "../stats/period";
import { qnorm } from "../stats/qnorm";
import { dispatch } from "../ensemble/dispatch";
import { naive } from "../models/baseline/naive";
import { usable } from "../models/result";
import { Outcome } from "../ensemble/outcome";
import { CODE_NAIVE } from "./models";
import { observedNonNegative, onSupport, lowerBound, upperBound } from "../ensemble/bounds";

/**
 * Forecasts `h` steps of the `n` f64 values at `yPtr` (NaN = missing) with model id `model`.
 * `m` is the season length (0 = detect). Writes `h·(1+2·nLevels)` f64 to `outPtr` (mean, then
 * lower/upper per level) and METHOD_SLOTS i32 to `methodPtr`; returns a status code.
 */
export function forecast(
  yPtr: usize, n: i32, h: i32, m: i32, model: i32, members: i32, combine: i32,
  levelsPtr: usize, nLevels: i32, outPtr: usize, methodPtr: usize,
): i32 {
  if (n < 1 || h < 1 || m < 0 || nLevels < 0 || nLevels > MAX_LEVELS) return STATUS_BAD_ARGUMENT;
  if (model < 0 || model >= MODEL_COUNT) return STATUS_UNKNOWN_MODEL;
  for (let i = 0; i < nLevels; i++) {
    const lv = load<f64>(levelsPtr + (<usize>i << 3));
    if (!(lv > 0.0 && lv < 100.0)) return STATUS_BAD_ARGUMENT;
  }
  const raw = new Float64Array(n);
  let finite = 0;
  for (let i = 0; i < n; i++) {
    const v = load<f64>(yPtr + (<usize>i << 3));
    raw[i] = v;
    if (isFinite(v)) finite++;
  }
  if (finite == 0) return STATUS_NO_DATA;

  let season = m;
  if (season == 0) season = detectPeriod(impute(raw, 0));
  const y = impute(raw, season);

  let out: Outcome = dispatch(y, season, h, model, members, combine);
  if (!usable(out.fc)) {
    // the last resort every series can take: it needs only one finite value
    const fb = naive(y, h);
    const codes = new Array<i32>();
    codes.push(CODE_NAIVE);
    out = new Outcome(fb, season, codes);
    if (!usable(fb)) return STATUS_NUMERIC_FAILURE;
  }

  const mean = out.fc.mean, sd = out.fc.sd;
  const floor = observedNonNegative(raw);
  // intervals must widen with the horizon, so the spread used is the running maximum of sd
  let spread = 0.0;
  for (let i = 0; i < h; i++) {
    const mu = onSupport(mean[i], floor);
    store<f64>(outPtr + (<usize>i << 3), mu);
    const s = sd[i] > spread ? sd[i] : spread;
    spread = s;
    for (let k = 0; k < nLevels; k++) {
      const lv = load<f64>(levelsPtr + (<usize>k << 3));
      const z = qnorm(0.5 + lv / 200.0);
      const lo = outPtr + (<usize>((1 + 2 * k) * h + i) << 3);
      const hi = outPtr + (<usize>((2 + 2 * k) * h + i) << 3);
      store<f64>(lo, lowerBound(mu, s, lv, z, out.countIntervals, floor));
      store<f64>(hi, upperBound(mu, s, lv, z, out.countIntervals, floor));
    }
  }
  for (let i = 0; i < METHOD_SLOTS; i++) store<i32>(methodPtr + (<usize>i << 2), 0);
  store<i32>(methodPtr, out.season);
  const k = out.codes.length < MAX_COMPONENTS ? out.codes.length : MAX_COMPONENTS;
  store<i32>(methodPtr + 4, k);
  for (let i = 0; i < k; i++) store<i32>(methodPtr + (<usize>(2 + i) << 2), out.codes[i]);
  return STATUS_OK;
}
