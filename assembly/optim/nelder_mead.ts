// One bounded Nelder–Mead minimiser shared by every model family.
// AssemblyScript has no closures, so an objective is an object with `eval`.

/** An objective to minimise; `eval` must return a finite value or +Infinity for an inadmissible point. */
export abstract class Objective {
  abstract eval(x: Float64Array): f64;
}

/** Result of a minimisation: the best point, its value and the number of evaluations spent. */
export class MinResult {
  constructor(public x: Float64Array, public value: f64, public evals: i32) {}
}

@inline function clampTo(v: f64, lo: f64, hi: f64): f64 {
  return v < lo ? lo : v > hi ? hi : v;
}

/**
 * Minimises `f` from `x0` inside the box [lower, upper] (points are clamped into the box, so the
 * objective never sees an out-of-bounds point); stops after `maxEvals` evaluations or when the
 * simplex values spread less than `tol` (relative). Deterministic: no randomness.
 */
export function nelderMead(
  f: Objective, x0: Float64Array, lower: Float64Array, upper: Float64Array,
  maxEvals: i32 = 1000, tol: f64 = 1e-8, step: f64 = 0.1,
): MinResult {
  const d = x0.length;
  const np = d + 1;
  const pts = new Float64Array(np * d);
  const vals = new Float64Array(np);
  for (let j = 0; j < d; j++) pts[j] = clampTo(x0[j], lower[j], upper[j]);
  // initial simplex: move each coordinate by `step` of its box width, towards the larger side
  for (let i = 1; i < np; i++) {
    for (let j = 0; j < d; j++) pts[i * d + j] = pts[j];
    const k = i - 1;
    const w = upper[k] - lower[k];
    let v = pts[k] + step * w;
    if (v > upper[k]) v = pts[k] - step * w;
    pts[i * d + k] = clampTo(v, lower[k], upper[k]);
  }
  const tmp = new Float64Array(d);
  let evals = 0;
  for (let i = 0; i < np; i++) {
    for (let j = 0; j < d; j++) tmp[j] = pts[i * d + j];
    vals[i] = f.eval(tmp); evals++;
  }
  const cen = new Float64Array(d);
  const xr = new Float64Array(d);
  const xe = new Float64Array(d);
  const xc = new Float64Array(d);
  while (evals < maxEvals) {
    // order: find best, worst, second worst
    let best = 0, worst = 0;
    for (let i = 1; i < np; i++) {
      if (vals[i] < vals[best]) best = i;
      if (vals[i] > vals[worst]) worst = i;
    }
    let second = best;
    for (let i = 0; i < np; i++) if (i != worst && vals[i] > vals[second]) second = i;
    const fb = vals[best], fw = vals[worst];
    if (isFinite(fw) && Math.abs(fw - fb) <= tol * (Math.abs(fb) + tol)) break;
    for (let j = 0; j < d; j++) {
      let s = 0.0;
      for (let i = 0; i < np; i++) if (i != worst) s += pts[i * d + j];
      cen[j] = s / <f64>d;
    }
    for (let j = 0; j < d; j++) xr[j] = clampTo(2.0 * cen[j] - pts[worst * d + j], lower[j], upper[j]);
    const fr = f.eval(xr); evals++;
    if (fr < fb) {
      for (let j = 0; j < d; j++) xe[j] = clampTo(3.0 * cen[j] - 2.0 * pts[worst * d + j], lower[j], upper[j]);
      const fe = f.eval(xe); evals++;
      if (fe < fr) { for (let j = 0; j < d; j++) pts[worst * d + j] = xe[j]; vals[worst] = fe; }
      else { for (let j = 0; j < d; j++) pts[worst * d + j] = xr[j]; vals[worst] = fr; }
      continue;
    }
    if (fr < vals[second]) {
      for (let j = 0; j < d; j++) pts[worst * d + j] = xr[j]; vals[worst] = fr;
      continue;
    }
    // contraction (outside when the reflection improved on the worst, inside otherwise)
    const outside = fr < fw;
    for (let j = 0; j < d; j++) {
      const base = outside ? xr[j] : pts[worst * d + j];
      xc[j] = cen[j] + 0.5 * (base - cen[j]);
    }
    const fc = f.eval(xc); evals++;
    // named first: AssemblyScript's parser reads `fc < (` as the start of a type argument
    const fRef = outside ? fr : fw;
    if (fc < fRef) {
      for (let j = 0; j < d; j++) pts[worst * d + j] = xc[j]; vals[worst] = fc;
      continue;
    }
    // shrink towards the best point
    for (let i = 0; i < np; i++) {
      if (i == best) continue;
      for (let j = 0; j < d; j++) {
        pts[i * d + j] = pts[best * d + j] + 0.5 * (pts[i * d + j] - pts[best * d + j]);
        tmp[j] = pts[i * d + j];
      }
      vals[i] = f.eval(tmp); evals++;
    }
  }
  let best = 0;
  for (let i = 1; i < np; i++) if (vals[i] < vals[best]) best = i;
  const x = new Float64Array(d);
  for (let j = 0; j < d; j++) x[j] = pts[best * d + j];
  return new MinResult(x, vals[best], evals);
}
