// The ensemble's interval check on data it has already seen: forecast the last h observations
// from the origin before them, and widen the final sd by how far those errors outran the sd
// the ensemble claimed there.
import { route } from "./route";
import { ModelRow } from "../models/registry";
import { usable } from "../models/result";
import { pooledScale } from "../stats/pooled_scale";
import { SMALL_SAMPLE_DOF } from "./intervals";

// the ensemble needs three observations to fit anything but naive
const MIN_ORIGIN: i32 = 3;

/**
 * How many observations the model's own variance weighs as, per observation it was fitted to: the
 * h errors of one origin share one path (a level shift puts all of them off together), so they are
 * worth fewer than h independent errors; counted as half, the prior weighs 2n.
 */
const PRIOR_PER_OBSERVATION: f64 = 2.0;

/**
 * The factor (>= 1) by which the ensemble forecast of `y` should widen its error sd, when its
 * variance rests on `dof` < 30 residual degrees of freedom: pooledScale of the errors on the last
 * `h` observations of a forecast from the origin before them (same season, members and rule), with
 * the model's own variance weighing as 2·y.length observations (PRIOR_PER_OBSERVATION). 1 when
 * `dof` is 30 or more, fewer than max(3, h) observations precede the last `h`, or that earlier
 * forecast is unusable.
 */
export function holdoutScale(y: Float64Array, season: i32, h: i32, row: ModelRow, members: i32, combine: i32, weak: bool, dof: f64): f64 {
  // below that line parameter and model uncertainty, which no model variance contains, are largest;
  // above it the check is skipped, which also spares long series a second fit
  if (dof >= SMALL_SAMPLE_DOF) return 1.0;
  const origin = y.length - h;
  // a forecast from fewer observations than the steps it spans says more about the short start
  // than about the model
  if (origin < MIN_ORIGIN || origin < h) return 1.0;
  const early = route(y.subarray(0, origin), season, h, row, members, combine, weak);
  if (!usable(early.fc)) return 1.0;
  return pooledScale(y.subarray(origin), early.fc.mean, early.fc.sd, PRIOR_PER_OBSERVATION * <f64>y.length);
}
