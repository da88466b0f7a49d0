// The ensemble's interval check on data it has already seen: forecast the last h observations
// from the origin before them, and widen the final sd by how far those errors outran the sd
// the ensemble claimed there.
import { route } from "./route";
import { ModelRow } from "../models/registry";
import { usable } from "../models/result";
import { pooledScale } from "../stats/pooled_scale";
import { SMALL_SAMPLE_DOF } from "./intervals";
import { pinComponents, unpin } from "../models/pins";
import { Regressors } from "./regressors";
import { routeWithRegressors } from "./route_regressors";

// the ensemble needs three observations to fit anything but naive
const MIN_ORIGIN: i32 = 3;

/**
 * Residual degrees of freedom from which the check is skipped: twice the small-sample line. Between
 * the two (M1's quarterly series of 46–60 observations, where its 95% intervals covered 91.6%) the
 * earlier forecast keeps the forms and orders the full fit chose (../models/pins.ts): a full second
 * fit there cost the median series 1.24×, the kept one 1.07×, and both reached 92.0%.
 */
const CHECK_DOF: f64 = 2.0 * SMALL_SAMPLE_DOF;

/**
 * How many observations the model's own variance weighs as, per observation it was fitted to: the
 * h errors of one origin share one path (a level shift puts all of them off together), so they are
 * worth fewer than h independent errors; counted as half, the prior weighs 2n.
 */
const PRIOR_PER_OBSERVATION: f64 = 2.0;

/**
 * The factor (>= 1) by which the ensemble forecast of `y` should widen its error sd, when its
 * variance rests on `dof` < CHECK_DOF residual degrees of freedom: pooledScale of the errors on the
 * last `h` observations of a forecast from the origin before them (same season, members and rule),
 * with the model's own variance weighing as 2·y.length observations (PRIOR_PER_OBSERVATION). Below
 * SMALL_SAMPLE_DOF that forecast chooses its models afresh; from there it keeps the component
 * `codes` the full fit chose. 1 when `dof` is CHECK_DOF or more, fewer than max(3, h) observations
 * precede the last `h`, or that earlier forecast is unusable. With regressors `x` (rows n + h), the
 * earlier forecast uses their rows up to the last observation, its regression estimated afresh.
 */
export function holdoutScale(y: Float64Array, season: i32, h: i32, row: ModelRow, members: i32, combine: i32, weak: bool, dof: f64,
  codes: Array<i32>, x: Regressors | null = null): f64 {
  // parameter and model uncertainty, which no model variance contains, shrink as the series grows;
  // past CHECK_DOF the check is skipped, which also spares long series a second fit
  if (dof >= CHECK_DOF) return 1.0;
  const origin = y.length - h;
  // a forecast from fewer observations than the steps it spans says more about the short start
  // than about the model
  if (origin < MIN_ORIGIN || origin < h) return 1.0;
  // on the shortest series the choice of model is itself the largest uncertainty, so it is made
  // again (kept, M1's yearly series covered 91.8% instead of 92.3%)
  if (dof >= SMALL_SAMPLE_DOF) pinComponents(codes);
  const early = x === null ? route(y.subarray(0, origin), season, h, row, members, combine, weak)
    : routeWithRegressors(y.subarray(0, origin), x.rows(0, origin + h), season, h, row, members, combine, weak);
  unpin();
  if (!usable(early.fc)) return 1.0;
  return pooledScale(y.subarray(origin), early.fc.mean, early.fc.sd, PRIOR_PER_OBSERVATION * <f64>y.length);
}
