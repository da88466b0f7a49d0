// What every ARMA estimation criterion shares: the candidate's orders, its admissible region and
// a sum of squares to minimise (so one least-squares routine serves CSS and exact likelihood).
import { ArimaSpec } from "./spec";
import { stableRoots } from "./polynomial";

// Reflection coefficients must stay below this: keeps fitted models away from unit roots,
// where estimates and forecasts become unreliable.
export const ROOT_LIMIT: f64 = 0.99;
/** Largest expanded AR or MA lag a candidate can have (p, q <= 5, P, Q <= 2, m <= 24), plus slack. */
export const MAX_LAGS: i32 = 5 + 2 * 24 + 8;

/** A differenced series and a criterion on it, written as a sum of squared residuals. */
export abstract class ArmaResiduals {
  spec: ArimaSpec = new ArimaSpec(0, 0, 0, 0, false, 0, 0, 1);
  /** Number of residuals that enter the sum of squares. */
  nEff: i32 = 0;
  work: Float64Array = new Float64Array(16);

  constructor(public w: Float64Array) {}

  /** True when the AR and MA factors of `par` (for the current spec) are stationary and invertible. */
  admissible(par: Float64Array): bool {
    const s = this.spec;
    return stableRoots(par, 0, s.p, 1.0, this.work, ROOT_LIMIT)
      && stableRoots(par, s.offTheta, s.q, -1.0, this.work, ROOT_LIMIT)
      && stableRoots(par, s.offSPhi, s.P, 1.0, this.work, ROOT_LIMIT)
      && stableRoots(par, s.offSTheta, s.Q, -1.0, this.work, ROOT_LIMIT);
  }

  /**
   * The criterion at `par` as a sum of squares, each residual written to `out` (length nEff)
   * unless `out` is empty; +Infinity when `par` is not admissible or the computation overflows.
   */
  abstract ssr(par: Float64Array, out: Float64Array): f64;
}
