// Runs the model a host asked for on a clean (gap-free) series with a resolved season length.
import { Outcome } from "./outcome";
import { tempo } from "./tempo";
import { multiSeason } from "./multi_season";
import { subDaily } from "./sub_daily";
import { ModelRow } from "../models/registry";
import { isIntermittentModel, intermittentSingle } from "./intermittent";

/**
 * Forecast of the registry row `row` for `h` steps (the pipeline falls back to naive on failure);
 * `weak`: m is a season on weak evidence (see `tempo`).
 */
export function route(y: Float64Array, m: i32, h: i32, row: ModelRow, members: i32, combine: i32, weak: bool = false): Outcome {
  const entry = row.entry;
  if (entry === null) {
    if (weak) return tempo(y, m, h, members, combine, true);
    // hourly and finer data have members of their own when the caller names none
    if (members == 0) {
      const hf = subDaily(y, m, h, combine);
      if (hf !== null) return hf;
    }
    // hourly and daily data may carry a second, longer cycle: decompose both when it tests positive
    const two = multiSeason(y, m, h, members, combine);
    return two !== null ? two : tempo(y, m, h, members, combine);
  }
  if (isIntermittentModel(row)) return intermittentSingle(y, h, row);
  const fc = entry(y, m, h);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}
