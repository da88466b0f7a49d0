// The main export: one whole fit-and-forecast per call, numbers in, numbers out. The policy lives
// in pipeline/forecast.ts; this file only reads the caller's buffers and writes the answer.
import { STATUS_OK, STATUS_BAD_ARGUMENT } from "./status";
import { METHOD_SLOTS, MAX_COMPONENTS, MAX_LEVELS, METHOD_OUTER_SLOT } from "./layout";
import { decide, Decision } from "../pipeline/forecast";

/**
 * Forecasts `h` steps of the `n` f64 values at `yPtr` (NaN = missing) with model id `model`.
 * `m` is the season length (0 = detect). Writes `h·(1+2·nLevels)` f64 to `outPtr` (mean, then
 * lower/upper per level) and METHOD_SLOTS i32 to `methodPtr`; returns a status code.
 */
export function forecast(
  yPtr: usize, n: i32, h: i32, m: i32, model: i32, members: i32, combine: i32,
  levelsPtr: usize, nLevels: i32, outPtr: usize, methodPtr: usize,
): i32 {
  if (n < 1 || h < 1 || nLevels < 0 || nLevels > MAX_LEVELS) return STATUS_BAD_ARGUMENT;
  const raw = new Float64Array(n);
  for (let i = 0; i < n; i++) raw[i] = load<f64>(yPtr + (<usize>i << 3));
  const levels = new Float64Array(nLevels);
  for (let i = 0; i < nLevels; i++) levels[i] = load<f64>(levelsPtr + (<usize>i << 3));

  const d = decide(raw, h, m, model, members, combine, levels);
  if (d.status != STATUS_OK) return d.status;
  writeAnswer(d, outPtr, methodPtr);
  return STATUS_OK;
}

/** Writes a decided forecast to the caller's buffers: its values at `outPtr`, seasons and codes at `methodPtr`. */
export function writeAnswer(d: Decision, outPtr: usize, methodPtr: usize): void {
  const values = d.values;
  for (let i = 0; i < values.length; i++) store<f64>(outPtr + (<usize>i << 3), values[i]);
  for (let i = 0; i < METHOD_SLOTS; i++) store<i32>(methodPtr + (<usize>i << 2), 0);
  store<i32>(methodPtr, d.season);
  const k = d.codes.length < MAX_COMPONENTS ? d.codes.length : MAX_COMPONENTS;
  store<i32>(methodPtr + 4, k);
  for (let i = 0; i < k; i++) store<i32>(methodPtr + (<usize>(2 + i) << 2), d.codes[i]);
  store<i32>(methodPtr + (<usize>METHOD_OUTER_SLOT << 2), d.outer);
}
