// Student's t quantiles, for intervals whose error variance was estimated from few residuals.
import { logIncompleteBeta, logGamma } from "./fdist";

// the u in (0, 1) with ln I_u(a, b) = target, bisecting on ln u from `hi` (where ln I_u(a, b) is
// above the target) leftwards; I_u(a, b) increases with u
function solveBeta(target: f64, a: f64, b: f64, hi: f64): f64 {
  let lo = hi;
  while (lo > -700.0 && logIncompleteBeta(Math.exp(lo), a, b) > target) lo -= 8.0;
  if (lo < -700.0) lo = -700.0;
  for (let i = 0; i < 200 && hi - lo > 1e-14; i++) {
    const mid = 0.5 * (lo + hi);
    if (logIncompleteBeta(Math.exp(mid), a, b) > target) hi = mid; else lo = mid;
  }
  return Math.exp(0.5 * (lo + hi));
}

/**
 * The t value with P(|T| > t) = `tail` for T with `df` > 0 degrees of freedom and 0 < `tail` < 1:
 * finite, at least the normal quantile `z` of the same tail (the caller's, passed in), and `z`
 * itself when `df` is not a positive finite number. With x = t² / (df + t²),
 * P(|T| <= t) = I_x(1/2, df/2) and P(|T| > t) = I_{1-x}(df/2, 1/2); whichever probability is the
 * smaller is solved for, so neither tail loses its digits to rounding.
 */
export function studentTwoSided(tail: f64, df: f64, z: f64): f64 {
  if (!(df > 0.0) || !isFinite(df) || !(tail > 0.0 && tail < 1.0)) return z;
  const a = 0.5 * df;
  let t = z;
  if (tail < 0.5) {
    const fast = newtonTail(tail, df, z);
    if (fast > 0.0) return fast;
    // the t tail at z is already above `tail`, so the root 1 − x lies below df / (df + z²)
    const w = solveBeta(Math.log(tail), a, 0.5, Math.log(df / (df + z * z)));
    t = Math.sqrt(df * (1.0 - w) / w);
  } else {
    // the central mass at z is below 1 − tail: the root x lies above z² / (df + z²), and below 1
    const central = 1.0 - tail;
    const x = solveBeta(Math.log(central), 0.5, a, 0.0);
    t = Math.sqrt(df * x / (1.0 - x));
  }
  return t > z && isFinite(t) ? t : z;
}

// Newton's method on ln P(|T| > t) = ln tail, from the Cornish-Fisher expansion of t in z (a few
// steps instead of the bisection's forty); -1 when it does not settle, so the caller bisects
function newtonTail(tail: f64, df: f64, z: f64): f64 {
  const z2 = z * z, z3 = z2 * z, z5 = z3 * z2;
  let t = z + (z3 + z) / (4.0 * df) + (5.0 * z5 + 16.0 * z3 + 3.0 * z) / (96.0 * df * df);
  if (!(t >= z) || !isFinite(t)) return -1.0;
  const target = Math.log(tail);
  // ln of the density's constant: Γ((df+1)/2) / (Γ(df/2) √(df π)), doubled for the two tails
  const logC = Math.log(2.0) + logGamma(0.5 * (df + 1.0)) - logGamma(0.5 * df) - 0.5 * Math.log(df * Math.PI);
  for (let i = 0; i < 30; i++) {
    const logP = logIncompleteBeta(df / (df + t * t), 0.5 * df, 0.5);
    const logF = logC - 0.5 * (df + 1.0) * Math.log1p(t * t / df);
    // d ln P / dt = −2 f(t) / P(|T| > t)
    const step = (logP - target) / Math.exp(logF - logP);
    const next = t + step;
    if (!isFinite(next) || next <= 0.0) return -1.0;
    if (Math.abs(next - t) <= 1e-13 * next) return next >= z ? next : z;
    t = next;
  }
  return -1.0;
}
