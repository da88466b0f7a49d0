// Runs the model a host asked for on a clean (gap-free) series with a resolved season length.
import { Outcome } from "./outcome";
import { tempo } from "./tempo";
import { runSingle } from "./dispatch_single";
import { isIntermittentModel, intermittentSingle } from "./intermittent";
import { MODEL_TEMPO } from "../abi/models";

/** Forecast of model id `model` for `h` steps (the ABI layer falls back to naive on failure). */
export function dispatch(y: Float64Array, m: i32, h: i32, model: i32, members: i32, combine: i32): Outcome {
  if (model == MODEL_TEMPO) return tempo(y, m, h, members, combine);
  if (isIntermittentModel(model)) return intermittentSingle(y, h, model);
  const fc = runSingle(y, m, h, model);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}
