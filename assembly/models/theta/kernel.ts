// The Theta model's state-space recursion (Fiorucci, Pellegrini, Louzada, Petropoulos & Koehler
// 2016, IJF 32(4)): one pass gives the in-sample one-step errors and the final states.
//
//   mu_t = l_{t-1} + (1 - 1/theta)·[(1-a)^{t-1}·A_{t-1} + ((1 - (1-a)^t)/a)·B_{t-1}]
//   l_t  = a·Y_t + (1-a)·l_{t-1}
// with A, B the intercept and slope of the least-squares line through Y_1..Y_t: fixed at their
// full-sample values (static models) or updated every step (dynamic models) by
//   Ybar_t = ((t-1)·Ybar_{t-1} + Y_t)/t
//   B_t    = ((t-2)·B_{t-1} + (6/t)·(Y_t - Ybar_{t-1}))/(t+1)
//   A_t    = Ybar_t - ((t+1)/2)·B_t
// theta = 1 removes the trend term and leaves simple exponential smoothing.

/** The states after the last observation and the in-sample fit of one run of the recursion. */
export class ThetaState {
  level: f64 = 0.0;
  A: f64 = 0.0;
  B: f64 = 0.0;
  /** mean squared one-step error over t = 1..n */
  mse: f64 = 0.0;
}

/**
 * Runs the recursion over `y` with smoothing `alpha` in (0, 1), `theta` >= 1 and initial level
 * `level0`; `dynamic` selects updated coefficients (DOTM) over the fixed `A`, `B` (OTM). Writes
 * the final states to `out` and returns the mean squared one-step error (+Infinity if it overflows).
 * When `mus` is given (length >= n) it receives every one-step prediction mu_t.
 */
export function thetaFilter(
  y: Float64Array, alpha: f64, theta: f64, level0: f64, dynamic: bool, A: f64, B: f64, out: ThetaState,
  mus: Float64Array | null = null,
): f64 {
  const n = y.length;
  const w = 1.0 - 1.0 / theta;
  const q = 1.0 - alpha;
  let level = level0;
  // the dynamic coefficients start from the first observation: a flat line through it
  let a = dynamic ? y[0] : A;
  let b = dynamic ? 0.0 : B;
  let ybar = y[0];
  let qPow = 1.0; // (1-a)^{t-1}
  let sse = 0.0;
  for (let t = 1; t <= n; t++) {
    const yt = unchecked(y[t - 1]);
    const mu = level + w * (qPow * a + ((1.0 - qPow * q) / alpha) * b);
    const e = yt - mu;
    if (mus !== null) unchecked(mus[t - 1] = mu);
    sse += e * e;
    level = alpha * yt + q * level;
    qPow *= q;
    if (dynamic) {
      const tf = <f64>t;
      const prevBar = ybar;
      ybar = t == 1 ? yt : ((tf - 1.0) * ybar + yt) / tf;
      b = t == 1 ? 0.0 : ((tf - 2.0) * b + (6.0 / tf) * (yt - prevBar)) / (tf + 1.0);
      a = ybar - ((tf + 1.0) / 2.0) * b;
    }
  }
  out.level = level;
  out.A = a;
  out.B = b;
  const mse = sse / <f64>n;
  out.mse = mse;
  return isFinite(mse) ? mse : Infinity;
}

/**
 * The h-step path of the fitted model after n observations (Fiorucci et al. 2016):
 * l_n + (1 - 1/theta)·[(1-a)^n·A_n + ((k - 1) + (1 - (1-a)^{n+1})/a)·B_n] for k = 1..h.
 */
export function thetaPath(state: ThetaState, alpha: f64, theta: f64, n: i32, h: i32): Float64Array {
  const w = 1.0 - 1.0 / theta;
  const qn = Math.pow(1.0 - alpha, <f64>n);
  const base = state.level + w * qn * state.A;
  const tail = (1.0 - qn * (1.0 - alpha)) / alpha;
  const path = new Float64Array(h);
  for (let k = 0; k < h; k++) path[k] = base + w * (<f64>k + tail) * state.B;
  return path;
}
