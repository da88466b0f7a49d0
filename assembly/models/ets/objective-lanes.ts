// Several points of one ETS objective scored in one batched pass (the start grids of a fit).
import { ERROR_A } from "./form";
import { EtsObjective, EtsParams } from "./objective";
import { etsLanesAdditiveAt, LANE_GROUP, LANE_PARAMS } from "./kernel-lanes";

// below this length setting up the lanes costs more than the side-by-side pass saves (measured on
// the dev set: M1 monthly series got slower, the hourly and daily ones faster)
const LANES_MIN_N: i32 = 256;

/** Scratch for `evalPoints` sized for up to `lanes` points of an objective with m seasons. */
export class LaneScratch {
  par: Float64Array;
  states: Float64Array;
  work: Float64Array;
  point: Float64Array;
  readonly decoded: EtsParams = new EtsParams();
  constructor(public lanes: i32, public mm: i32) {
    this.par = new Float64Array(lanes * LANE_PARAMS);
    this.states = new Float64Array(lanes * (2 + mm));
    this.work = new Float64Array(mm * LANE_GROUP);
    this.point = new Float64Array(8);
  }
}

/**
 * Writes obj.eval of each of the `count` points (obj.dims() f64 each, packed in xs) to out; the
 * values are the very ones obj.eval returns. Forms with additive errors on long series are scored
 * side by side when the region check is off; anything else point by point.
 */
export function evalPoints(obj: EtsObjective, xs: Float64Array, count: i32, out: Float64Array, s: LaneScratch): void {
  const dim = obj.dims();
  const mm = obj.m > 1 ? obj.m : 1;
  if (obj.error != ERROR_A || obj.checkRegion || count > s.lanes || mm != s.mm || obj.y.length < LANES_MIN_N) {
    const x = s.point.subarray(0, dim);
    for (let k = 0; k < count; k++) {
      for (let i = 0; i < dim; i++) x[i] = xs[k * dim + i];
      out[k] = obj.eval(x);
    }
    return;
  }
  const stride = 2 + mm;
  const x = s.point.subarray(0, dim);
  for (let k = 0; k < count; k++) {
    for (let i = 0; i < dim; i++) x[i] = xs[k * dim + i];
    const p = obj.decode(x, s.decoded);
    s.par[k * LANE_PARAMS] = p.alpha;
    s.par[k * LANE_PARAMS + 1] = p.beta;
    s.par[k * LANE_PARAMS + 2] = p.gamma;
    s.par[k * LANE_PARAMS + 3] = p.phi;
    s.states[k * stride] = p.level;
    s.states[k * stride + 1] = p.slope;
    for (let j = 0; j < mm; j++) s.states[k * stride + 2 + j] = mm > 1 ? obj.seasons[j] : 0.0;
  }
  etsLanesAdditiveAt(obj.y.dataStart, obj.y.length, mm, obj.trend, obj.season,
    s.par.dataStart, s.states.dataStart, count, s.work.dataStart, obj.floor, out.dataStart);
}
