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
 * simplex values spread less than `tol` (relative). `f0` is f(x0) when the caller already has it
 * (not NaN: used when x0 lies inside the box, and counted as an evaluation, so the path is the
 * same as without it). With `giveUpAfter` > 0 it also stops once that many evaluations are spent
 * and the best value is still above `giveUpAbove` (a caller that only needs points below it).
 * Deterministic: no randomness.
 */
export function nelderMead(
  f: Objective, x0: Float64Array, lower: Float64Array, upper: Float64Array,
  maxEvals: i32 = 1000, tol: f64 = 1e-8, step: f64 = 0.1,
  f0: f64 = NaN, giveUpAfter: i32 = 0, giveUpAbove: f64 = Infinity,
): MinResult {
  const d = x0.length;
  const np = d + 1;
  const pts = new Float64Array(np * d);
  const vals = new Float64Array(np);
  for (let j = 0; j < d; j++) unchecked(pts[j] = clampTo(unchecked(x0[j]), unchecked(lower[j]), unchecked(upper[j])));
  // initial simplex: move each coordinate by `step` of its box width, towards the larger side
  for (let i = 1; i < np; i++) {
    for (let j = 0; j < d; j++) unchecked(pts[i * d + j] = unchecked(pts[j]));
    const k = i - 1;
    const w = unchecked(upper[k]) - unchecked(lower[k]);
    let v = unchecked(pts[k]) + step * w;
    if (v > unchecked(upper[k])) v = unchecked(pts[k]) - step * w;
    unchecked(pts[i * d + k] = clampTo(v, unchecked(lower[k]), unchecked(upper[k])));
  }
  const tmp = new Float64Array(d);
  let evals = 0;
  let known = !isNaN(f0);
  for (let j = 0; j < d; j++) if (unchecked(pts[j]) != unchecked(x0[j])) known = false;
  for (let i = 0; i < np; i++) {
    for (let j = 0; j < d; j++) unchecked(tmp[j] = unchecked(pts[i * d + j]));
    // f is deterministic, so the value the caller brings is the value this evaluation would give
    unchecked(vals[i] = i == 0 && known ? f0 : f.eval(tmp)); evals++;
  }
  let checked = giveUpAfter <= 0;
  const cen = new Float64Array(d);
  const xr = new Float64Array(d);
  const xe = new Float64Array(d);
  const xc = new Float64Array(d);
  while (evals < maxEvals) {
    // order: find best, worst, second worst
    let best = 0, worst = 0;
    for (let i = 1; i < np; i++) {
      if (unchecked(vals[i]) < unchecked(vals[best])) best = i;
      if (unchecked(vals[i]) > unchecked(vals[worst])) worst = i;
    }
    let second = best;
    for (let i = 0; i < np; i++) if (i != worst && unchecked(vals[i]) > unchecked(vals[second])) second = i;
    const fb = unchecked(vals[best]), fw = unchecked(vals[worst]);
    if (isFinite(fw) && Math.abs(fw - fb) <= tol * (Math.abs(fb) + tol)) break;
    if (!checked && evals >= giveUpAfter) {
      checked = true;
      if (fb > giveUpAbove) break;
    }
    for (let j = 0; j < d; j++) {
      let s = 0.0;
      for (let i = 0; i < np; i++) if (i != worst) s += unchecked(pts[i * d + j]);
      unchecked(cen[j] = s / <f64>d);
    }
    for (let j = 0; j < d; j++) unchecked(xr[j] = clampTo(2.0 * unchecked(cen[j]) - unchecked(pts[worst * d + j]), unchecked(lower[j]), unchecked(upper[j])));
    const fr = f.eval(xr); evals++;
    if (fr < fb) {
      for (let j = 0; j < d; j++) unchecked(xe[j] = clampTo(3.0 * unchecked(cen[j]) - 2.0 * unchecked(pts[worst * d + j]), unchecked(lower[j]), unchecked(upper[j])));
      const fe = f.eval(xe); evals++;
      if (fe < fr) { for (let j = 0; j < d; j++) unchecked(pts[worst * d + j] = unchecked(xe[j])); unchecked(vals[worst] = fe); }
      else { for (let j = 0; j < d; j++) unchecked(pts[worst * d + j] = unchecked(xr[j])); unchecked(vals[worst] = fr); }
      continue;
    }
    if (fr < unchecked(vals[second])) {
      for (let j = 0; j < d; j++) unchecked(pts[worst * d + j] = unchecked(xr[j])); unchecked(vals[worst] = fr);
      continue;
    }
    // contraction (outside when the reflection improved on the worst, inside otherwise)
    const outside = fr < fw;
    for (let j = 0; j < d; j++) {
      const base = outside ? unchecked(xr[j]) : unchecked(pts[worst * d + j]);
      unchecked(xc[j] = unchecked(cen[j]) + 0.5 * (base - unchecked(cen[j])));
    }
    const fc = f.eval(xc); evals++;
    // named first: AssemblyScript's parser reads `fc < (` as the start of a type argument
    const fRef = outside ? fr : fw;
    if (fc < fRef) {
      for (let j = 0; j < d; j++) unchecked(pts[worst * d + j] = unchecked(xc[j])); unchecked(vals[worst] = fc);
      continue;
    }
    // shrink towards the best point
    for (let i = 0; i < np; i++) {
      if (i == best) continue;
      for (let j = 0; j < d; j++) {
        unchecked(pts[i * d + j] = unchecked(pts[best * d + j]) + 0.5 * (unchecked(pts[i * d + j]) - unchecked(pts[best * d + j])));
        unchecked(tmp[j] = unchecked(pts[i * d + j]));
      }
      unchecked(vals[i] = f.eval(tmp)); evals++;
    }
  }
  let best = 0;
  for (let i = 1; i < np; i++) if (unchecked(vals[i]) < unchecked(vals[best])) best = i;
  const x = new Float64Array(d);
  for (let j = 0; j < d; j++) unchecked(x[j] = unchecked(pts[best * d + j]));
  return new MinResult(x, unchecked(vals[best]), evals);
}
