// Runs the model a host asked for on a clean (gap-free) series with a resolved season length.
import { Outcome } from "./outcome";
import { tempo } from "./tempo";
import { multiSeason } from "./multi_season";
import { runSingle } from "./dispatch_single";
import { MODEL_TEMPO } from "../abi/models";

/** Forecast of model id `model` for `h` steps (the ABI layer falls back to naive on failure). */
export function dispatch(y: Float64Array, m: i32, h: i32, model: i32, members: i32, combine: i32): Outcome {
  if (model == MODEL_TEMPO) {
    const two = multiSeason(y, m, h, members, combine);
    return two !== null ? two : tempo(y, m, h, members, combine);
  }
  const fc = runSingle(y, m, h, model);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}
