// The F distribution's upper tail, for tests that compare variances (seasonal means, nested fits).

/** Lanczos coefficients (g = 7, 9 terms): ln Γ to about 15 digits for x > 0. */
const LANCZOS: StaticArray<f64> = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313,
  -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6,
  1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0. */
export function logGamma(x: f64): f64 {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1.0 - x);
  const z = x - 1.0;
  let a = LANCZOS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + <f64>i);
  return 0.5 * Math.log(2.0 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** Continued fraction of the incomplete beta function (modified Lentz), valid for x < (a+1)/(a+b+2). */
function betaFraction(a: f64, b: f64, x: f64): f64 {
  const tiny = 1e-300;
  let c = 1.0;
  let d = 1.0 - (a + b) * x / (a + 1.0);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1.0 / d;
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const fm = <f64>m, m2 = 2.0 * fm;
    let aa = fm * (b - fm) * x / ((a + m2 - 1.0) * (a + m2));
    d = 1.0 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1.0 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1.0 / d; h *= d * c;
    aa = -(a + fm) * (a + b + fm) * x / ((a + m2) * (a + m2 + 1.0));
    d = 1.0 + aa * d; if (Math.abs(d) < tiny) d = tiny;
    c = 1.0 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1.0) < 1e-14) break;
  }
  return h;
}

/** ln of the regularised incomplete beta I_x(a, b), for 0 <= x <= 1 and a, b > 0 (-Infinity at x = 0). */
export function logIncompleteBeta(x: f64, a: f64, b: f64): f64 {
  if (x <= 0.0) return -Infinity;
  if (x >= 1.0) return 0.0;
  const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1.0 - x);
  // the fraction converges fast only on this side of the mean; the other side uses symmetry,
  // I_x(a, b) = 1 - I_{1-x}(b, a), where the result is not small so the log is safe
  if (x < (a + 1.0) / (a + b + 2.0)) return logFront + Math.log(betaFraction(a, b, x)) - Math.log(a);
  const other = Math.exp(logFront) * betaFraction(b, a, 1.0 - x) / b;
  return Math.log(Math.max(1.0 - other, 1e-300));
}

/** ln P(F > f) for F with (d1, d2) degrees of freedom; 0 (p = 1) when f <= 0. */
export function logUpperF(f: f64, d1: f64, d2: f64): f64 {
  if (!(f > 0.0)) return 0.0;
  return logIncompleteBeta(d2 / (d2 + d1 * f), 0.5 * d2, 0.5 * d1);
}
