// Seeded benchmark inputs: trend + season + noise series, identical on every run and runtime.

/** Lengths every length-dependent benchmark runs at. */
export const LENGTHS = [50, 500, 5000] as const;
/** Season length of the fixtures (monthly). */
export const SEASON = 12;

/** mulberry32: a tiny deterministic PRNG in [0, 1), so fixtures never depend on Math.random. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A positive series of length `n`: level 100, linear trend, sinusoidal season of period `m`
 * whose amplitude grows with the level (so multiplicative forms are plausible), Gaussian noise.
 */
export function seasonalSeries(n: number, m: number = SEASON, seed: number = 42): Float64Array {
  const u = prng(seed ^ (n * 2654435761));
  const y = new Float64Array(n);
  for (let t = 0; t < n; t++) {
    const level = 100 + 0.05 * t;
    const season = 1 + 0.2 * Math.sin((2 * Math.PI * t) / m);
    // Box–Muller: the noise needs a normal shape, not a uniform one
    const z = Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
    y[t] = level * season + 3 * z;
  }
  return y;
}
