// The in-sample one-step MSE as a function of the free parameters, for the shared Nelder–Mead.
import { Objective } from "../../optim/nelder_mead";
import { ThetaState, thetaFilter } from "./kernel";

/**
 * Parameters x = [alpha, delta] (theta fixed) or [alpha, delta, theta] (theta free). The initial
 * level is l_0 = Y_1 - (1 - 1/theta)·(A_1 + B_1) + delta, i.e. delta is the offset from the
 * level that predicts Y_1 exactly: that keeps the search box on the right scale whatever theta
 * is (the level of a theta model is about Y/theta).
 */
export class ThetaObjective extends Objective {
  state: ThetaState = new ThetaState();
  constructor(
    public y: Float64Array,
    public dynamic: bool,
    /** theta when it is not a parameter */
    public fixedTheta: f64,
    public A: f64,
    public B: f64,
  ) { super(); }

  /** The initial level the parameters stand for. */
  level0(delta: f64, theta: f64): f64 {
    const w = 1.0 - 1.0 / theta;
    const start = this.dynamic ? this.y[0] : this.A + this.B;
    return this.y[0] - w * start + delta;
  }

  thetaOf(x: Float64Array): f64 {
    return x.length > 2 ? x[2] : this.fixedTheta;
  }

  eval(x: Float64Array): f64 {
    const theta = this.thetaOf(x);
    return thetaFilter(this.y, x[0], theta, this.level0(x[1], theta), this.dynamic, this.A, this.B, this.state);
  }
}
