// Local regression (loess: Cleveland 1979; as STL uses it, Cleveland et al. 1990 §2) of values
// observed at the integer positions 0..n-1, evaluated at integer points, inside or just outside.

// the tricube weight of position j in a fit at x of bandwidth lambda, times its robustness weight
@inline function weightAt(j: i32, x: i32, lambda: f64, rw: Float64Array | null): f64 {
  const u = Math.abs(<f64>(j - x)) / lambda;
  if (u >= 1.0) return 0.0;
  const c = 1.0 - u * u * u;
  const w = c * c * c;
  return rw !== null ? w * unchecked(rw[j]) : w;
}

/**
 * The loess fit at integer position x of the n values in `v` (observed at 0..n-1): a weighted
 * least-squares polynomial of `degree` 0 or 1 over the q positions nearest x, each weighted by
 * the tricube of its distance over λ (the q-th nearest distance; when q > n, the farthest distance
 * times q/n, as the paper extends it) and by its robustness weight (`rw`, null = all 1). A linear fit
 * whose weighted positions have no spread falls back to the weighted mean. NaN when every weight is 0.
 */
export function loessAt(v: Float64Array, rw: Float64Array | null, q: i32, degree: i32, x: i32): f64 {
  const n = v.length;
  const k = q < n ? q : n;
  // the q nearest integer positions are a run of k consecutive ones, centred on x where it fits
  let lo = x - ((k - 1) >> 1);
  if (lo < 0) lo = 0;
  if (lo > n - k) lo = n - k;
  const hi = lo + k - 1;
  let lambda = <f64>(x - lo > hi - x ? x - lo : hi - x);
  if (q > n) lambda *= <f64>q / <f64>n;
  if (!(lambda > 0.0)) lambda = 1.0;
  let sw = 0.0, sx = 0.0, sy = 0.0;
  for (let j = lo; j <= hi; j++) {
    const w = weightAt(j, x, lambda, rw);
    if (w == 0.0) continue;
    sw += w;
    sx += w * <f64>j;
    sy += w * unchecked(v[j]);
  }
  if (!(sw > 0.0)) return NaN;
  const mean = sy / sw;
  if (degree == 0) return mean;
  const xm = sx / sw;
  let sxx = 0.0, sxy = 0.0;
  for (let j = lo; j <= hi; j++) {
    const w = weightAt(j, x, lambda, rw);
    if (w == 0.0) continue;
    const dx = <f64>j - xm;
    sxx += w * dx * dx;
    sxy += w * dx * unchecked(v[j]);
  }
  // positions closer than a thousandth of the window cannot fix a slope
  if (!(sxx > 1e-6 * lambda * lambda * sw)) return mean;
  return mean + (sxy / sxx) * (<f64>x - xm);
}

/**
 * The loess fit (see loessAt) at every position 0..n-1 of `v`, computed at every `jump`-th position
 * and at the last, and linearly interpolated in between: the paper's device for long series, whose
 * smooth curves the interpolation follows closely (jump 1 computes every position).
 */
export function loessSmooth(v: Float64Array, rw: Float64Array | null, q: i32, degree: i32, jump: i32): Float64Array {
  const n = v.length;
  const out = new Float64Array(n);
  if (n == 0) return out;
  const step = jump > 1 ? jump : 1;
  let prev = 0;
  out[0] = loessAt(v, rw, q, degree, 0);
  for (let x = step; ; x += step) {
    const at = x < n - 1 ? x : n - 1;
    if (at == prev) break;
    out[at] = loessAt(v, rw, q, degree, at);
    const a = out[prev], b = out[at];
    for (let j = prev + 1; j < at; j++) out[j] = a + (b - a) * <f64>(j - prev) / <f64>(at - prev);
    prev = at;
    if (at == n - 1) break;
  }
  return out;
}
