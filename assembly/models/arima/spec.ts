// The orders of one candidate ARIMA(p,d,q)(P,D,Q)_m model and the layout of its parameter vector.
import { CODE_ARIMA_BASE } from "../codes";

/**
 * Orders of a candidate. Parameters are laid out as [φ1..φp, θ1..θq, Φ1..ΦP, Θ1..ΘQ, μ?, β1..βnx]
 * where μ is the mean of the differenced series (a mean when d+D = 0, a drift when d+D = 1) and β
 * the coefficients of `nx` regressors (regression with ARIMA errors, see regression.ts).
 */
export class ArimaSpec {
  constructor(
    public p: i32, public q: i32, public P: i32, public Q: i32, public mean: bool,
    public d: i32, public D: i32, public m: i32, public nx: i32 = 0,
  ) {}

  /** Number of estimated coefficients (σ² excluded). */
  get nCoef(): i32 { return this.p + this.q + this.P + this.Q + (this.mean ? 1 : 0) + this.nx; }
  /** Index of θ1 in the parameter vector. */
  get offTheta(): i32 { return this.p; }
  /** Index of Φ1 in the parameter vector. */
  get offSPhi(): i32 { return this.p + this.q; }
  /** Index of Θ1 in the parameter vector. */
  get offSTheta(): i32 { return this.p + this.q + this.P; }
  /** Index of μ in the parameter vector (when `mean`). */
  get offMean(): i32 { return this.p + this.q + this.P + this.Q; }
  /** Index of β1 in the parameter vector (when nx > 0). */
  get offBeta(): i32 { return this.offMean + (this.mean ? 1 : 0); }
  /** Largest AR lag of the expanded φ(B)Φ(B^m). */
  get arDegree(): i32 { return this.p + this.P * this.m; }
  /** Largest MA lag of the expanded θ(B)Θ(B^m). */
  get maDegree(): i32 { return this.q + this.Q * this.m; }

  /** A small integer naming (p,q,P,Q,mean), to remember which candidates were fitted. */
  key(): i32 {
    return (((this.p * 8 + this.q) * 4 + this.P) * 4 + this.Q) * 2 + (this.mean ? 1 : 0);
  }

  /** The component code reported to the host. */
  code(): i32 {
    return CODE_ARIMA_BASE + this.p * 100000 + this.d * 10000 + this.q * 1000 + this.P * 100 + this.D * 10 + this.Q;
  }
}

// decimal places of each order in an ARIMA component code (see ArimaSpec.code)
export const PLACE_P: i32 = 5;
export const PLACE_D: i32 = 4;
export const PLACE_Q: i32 = 3;
export const PLACE_SP: i32 = 2;
export const PLACE_SD: i32 = 1;
export const PLACE_SQ: i32 = 0;

/** The order at decimal `place` (PLACE_P … PLACE_SQ) of an ARIMA component code; each order is one digit (at most 5). */
export function orderInCode(code: i32, place: i32): i32 {
  let c = code - CODE_ARIMA_BASE;
  for (let i = 0; i < place; i++) c /= 10;
  return c % 10;
}
