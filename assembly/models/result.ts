// The one shape every model returns, so the ensemble can combine any of them.

/**
 * One model's forecast: the point path, the standard deviation of the h-step forecast error
 * (used for intervals), and the component code that names what ran. `ok` is false when the
 * model could not be fitted to this series; the other fields are then meaningless.
 */
export class ModelForecast {
  constructor(
    public mean: Float64Array,
    public sd: Float64Array,
    public code: i32,
    public ok: bool = true,
    /** one-step-ahead in-sample predictions, one per observation (NaN where the model has none), or null when not computed */
    public fitted: Float64Array | null = null,
  ) {}
}

/** `fc` with its one-step-ahead in-sample predictions attached (returns `fc`). */
export function withFitted(fc: ModelForecast, fitted: Float64Array): ModelForecast {
  fc.fitted = fitted;
  return fc;
}

/**
 * `fc`, a forecast of a series less a component, with the component put back: `component[n..n+h)`
 * added to its path and `component[0..n)` to its in-sample predictions (a new forecast; the sd is
 * kept, the component being treated as known).
 */
export function withComponent(fc: ModelForecast, component: Float64Array, n: i32): ModelForecast {
  const h = fc.mean.length;
  const mean = new Float64Array(h);
  for (let i = 0; i < h; i++) mean[i] = fc.mean[i] + component[n + i];
  let fitted: Float64Array | null = null;
  const f = fc.fitted;
  if (f !== null) {
    const back = new Float64Array(f.length);
    for (let t = 0; t < f.length; t++) back[t] = f[t] + component[t];
    fitted = back;
  }
  return new ModelForecast(mean, fc.sd, fc.code, fc.ok, fitted);
}

/** A series of n NaNs: the fitted values of a model that has no one-step prediction anywhere. */
export function noFit(n: i32): Float64Array {
  const f = new Float64Array(n);
  for (let i = 0; i < n; i++) f[i] = NaN;
  return f;
}

/** A failed fit of horizon `h`: the ensemble skips it. */
export function failed(h: i32): ModelForecast {
  return new ModelForecast(new Float64Array(h), new Float64Array(h), 0, false);
}

/** True when the fit succeeded and every point forecast and sd is finite: safe to answer with. */
export function usable(fc: ModelForecast): bool {
  if (!fc.ok) return false;
  for (let i = 0; i < fc.mean.length; i++) {
    if (!isFinite(fc.mean[i]) || !isFinite(fc.sd[i])) return false;
  }
  return true;
}
