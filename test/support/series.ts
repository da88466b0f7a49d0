// Seeded synthetic series shared by the core tests: deterministic, so every run sees the same data.

/** A linear congruential generator returning uniforms in [0, 1); the same seed, the same stream. */
export function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Positive trend × season × noise series of length n and period m. */
export function seasonalSeries(n: number, m: number, seed = 7, trend = 0.5, amp = 0.25): number[] {
  const u = lcg(seed);
  const out: number[] = [];
  for (let t = 0; t < n; t++) {
    const season = 1 + amp * Math.sin((2 * Math.PI * t) / m);
    out.push((100 + trend * t) * season * (1 + 0.03 * (u() - 0.5)));
  }
  return out;
}

/** Seeded standard-normal generator: 32-bit LCG (Numerical Recipes constants) + Box–Muller. */
export function normals(seed: number): () => number {
  let s = seed >>> 0;
  const u = () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return (s + 0.5) / 4294967296; };
  return () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
}
