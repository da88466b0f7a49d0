// The `forecast` export plus the in-sample one-step predictions: a separate export so hosts that
// do not want them keep the old call unchanged.
import { STATUS_OK, STATUS_BAD_ARGUMENT } from "./status";
import { MAX_LEVELS } from "./layout";
import { writeAnswer } from "./forecast";
import { decide } from "../pipeline/forecast";

/**
 * Does what `forecast` does with the same arguments and buffers, and also writes n·(1+2·nLevels)
 * f64 to `fittedPtr`: the one-step-ahead in-sample predictions of the n input values, then the
 * lower/upper bounds per level; NaN marks a time with no prediction. Returns a status code.
 */
export function forecastFitted(
  yPtr: usize, n: i32, h: i32, m: i32, model: i32, members: i32, combine: i32,
  levelsPtr: usize, nLevels: i32, outPtr: usize, methodPtr: usize, fittedPtr: usize,
): i32 {
  if (n < 1 || h < 1 || nLevels < 0 || nLevels > MAX_LEVELS) return STATUS_BAD_ARGUMENT;
  const raw = new Float64Array(n);
  for (let i = 0; i < n; i++) raw[i] = load<f64>(yPtr + (<usize>i << 3));
  const levels = new Float64Array(nLevels);
  for (let i = 0; i < nLevels; i++) levels[i] = load<f64>(levelsPtr + (<usize>i << 3));

  const d = decide(raw, h, m, model, members, combine, levels, true);
  if (d.status != STATUS_OK) return d.status;
  writeAnswer(d, outPtr, methodPtr);
  const fitted = d.fitted;
  for (let i = 0; i < fitted.length; i++) store<f64>(fittedPtr + (<usize>i << 3), fitted[i]);
  return STATUS_OK;
}
