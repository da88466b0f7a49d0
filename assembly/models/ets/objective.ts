// The likelihood as an optimiser objective over smoothing parameters and initial level/slope.
import { Objective } from "../../optim/nelder_mead";
import { TREND_N, TREND_AD, SEASON_N } from "./form";
import { etsPass } from "./kernel";
import { admissible } from "./admissible";

/** Smallest distance kept from the bounds of the usual region (as R's ets: 1e-4). */
export const EPS: f64 = 1e-4;
/** Bounds of the damping parameter. */
export const PHI_LOWER: f64 = 0.8;
export const PHI_UPPER: f64 = 0.98;

/** Parameters of one form decoded from an optimiser point. */
export class EtsParams {
  alpha: f64 = 0.0;
  beta: f64 = 0.0;
  gamma: f64 = 0.0;
  phi: f64 = 1.0;
  level: f64 = 0.0;
  slope: f64 = 0.0;
}

/**
 * The negative log-likelihood (concentrated, up to constants) of one form as a function of the
 * point x = [alpha, beta/alpha?, gamma/(1−alpha)?, phi?, l0, b0?] (entries present only when the
 * form has that component). Writing beta and gamma as fractions keeps the usual region
 * 0 < beta < alpha, 0 < gamma < 1 − alpha inside a box, so the bounded simplex never leaves it;
 * points outside the forecastability region score +Infinity. Seasonal states stay fixed.
 */
export class EtsObjective extends Objective {
  readonly decoded: EtsParams = new EtsParams();
  /** Whether eval enforces the forecastability region (off while it is known not to bind). */
  checkRegion: bool = true;
  private work: Float64Array;
  private scratch: Float64Array;

  constructor(
    public y: Float64Array, public m: i32, public error: i32, public trend: i32, public season: i32,
    public seasons: Float64Array, public floor: f64,
  ) {
    super();
    const mm = m > 1 ? m : 1;
    this.work = new Float64Array(mm);
    this.scratch = new Float64Array(2 * (mm + 2));
  }

  /** Number of coordinates of the optimiser point for this form. */
  dims(): i32 {
    let d = 2;
    if (this.trend != TREND_N) d += 2;
    if (this.trend == TREND_AD) d += 1;
    if (this.season != SEASON_N) d += 1;
    return d;
  }

  /** Writes the parameters named by point `x` into `out` and returns it. */
  decode(x: Float64Array, out: EtsParams): EtsParams {
    let i = 0;
    const alpha = unchecked(x[i++]);
    out.alpha = alpha;
    out.beta = this.trend != TREND_N ? alpha * unchecked(x[i++]) : 0.0;
    out.gamma = this.season != SEASON_N ? (1.0 - alpha) * unchecked(x[i++]) : 0.0;
    out.phi = this.trend == TREND_AD ? unchecked(x[i++]) : 1.0;
    out.level = unchecked(x[i++]);
    out.slope = this.trend != TREND_N ? unchecked(x[i++]) : 0.0;
    return out;
  }

  /** True when the parameters are forecastable (always so for non-seasonal forms in the usual region). */
  inRegion(p: EtsParams): bool {
    return this.season == SEASON_N || admissible(p.alpha, p.beta, p.gamma, p.phi, this.trend, this.m, this.scratch);
  }

  eval(x: Float64Array): f64 {
    const p = this.decode(x, this.decoded);
    // non-seasonal forms inside the usual region are always forecastable; seasonal ones are not
    if (this.checkRegion && !this.inRegion(p)) return Infinity;
    return etsPass(this.y, this.m, this.error, this.trend, this.season, p.alpha, p.beta, p.gamma, p.phi,
      p.level, p.slope, this.seasons, this.work, this.floor, null);
  }
}
