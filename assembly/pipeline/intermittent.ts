// The intermittent combination `tempo` routes intermittent demand to: SBA, TSB, ADIDA and IMAPA,
// averaged, with intervals from a count distribution when the data are counts.
import { Outcome } from "./outcome";
import { combine, COMBINE_MEAN } from "./combine";
import { ModelForecast, usable } from "../models/result";
import { isCountData } from "../models/intermittent/classify";
import { naive } from "../models/baseline/naive";
import { ModelRow, membersIn, memberBit } from "../models/registry";

function intermittentMembers(): Array<ModelRow> {
  return membersIn(memberBit("sba") | memberBit("tsb") | memberBit("adida") | memberBit("imapa"));
}

/**
 * Mean of the intermittent members for `h` steps (the mean, not the median: squared-error scores
 * and the count intervals both want the expected demand rate). Reports season 1: none of them is seasonal.
 */
export function intermittent(y: Float64Array, h: i32): Outcome {
  const rows = intermittentMembers();
  const fits = new Array<ModelForecast>();
  const codes = new Array<i32>();
  for (let i = 0; i < rows.length; i++) {
    const fc = rows[i].entry!(y, 1, h);
    if (!usable(fc)) continue;
    fits.push(fc);
    codes.push(fc.code);
  }
  if (fits.length == 0) {
    const fb = naive(y, h);
    codes.push(fb.code);
    return new Outcome(fb, 1, codes);
  }
  const fc = fits.length == 1 ? fits[0] : combine(fits, h, COMBINE_MEAN, 0);
  return new Outcome(fc, 1, codes, isCountData(y));
}

/** True for the registry rows of the intermittent members. */
export function isIntermittentModel(row: ModelRow): bool {
  const rows = intermittentMembers();
  for (let i = 0; i < rows.length; i++) if (rows[i].id == row.id) return true;
  return false;
}

/** One intermittent member asked for on its own, with count bounds when the data are counts (as in the combination). */
export function intermittentSingle(y: Float64Array, h: i32, row: ModelRow): Outcome {
  const fc = row.entry!(y, 1, h);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, 1, codes, isCountData(y));
}
