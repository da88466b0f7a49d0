// Runs the model a host asked for on a clean (gap-free) series with a resolved season length.
import { Outcome } from "./outcome";
import { naive } from "../models/baseline/naive";

/** Forecast of model id `model` for `h` steps; falls back to naive for ids not implemented yet. */
export function dispatch(y: Float64Array, m: i32, h: i32, model: i32, members: i32, combine: i32): Outcome {
  const fc = naive(y, h);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}
