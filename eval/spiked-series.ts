// Seeded series with injected spikes, to measure the anomaly check: every run builds the same set.
//
// Each series is a smooth signal plus Gaussian noise of sd `sigma`; one third are seasonal
// (period 12, amplitude 10σ, slow trend), one third trend plus noise, one third a random walk
// (steps of sd σ, observed with no extra noise). Three spikes per series are added at distinct
// positions after the first 24 values (the models need a start), each of size 6σ to 10σ with a
// random sign. A spike changes only its own value.

/** A linear congruential generator of uniforms in [0, 1); the same seed, the same stream. */
function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** One test series: its values (spikes included), where the spikes are, and its season length. */
export interface SpikedSeries {
  values: number[];
  spikes: number[];
  seasonLength: number;
}

/** The spike sizes, in noise standard deviations. */
export const SPIKE_MIN_SD = 6;
export const SPIKE_MAX_SD = 10;
/** Spikes per series. */
export const SPIKES_PER_SERIES = 3;

/** `count` series of `n` values (n >= 48) with spikes, all drawn from `seed`. */
export function spikedSeries(count: number, n: number, seed: number): SpikedSeries[] {
  const u = lcg(seed);
  const normal = () => {
    const a = Math.max(u(), 1e-12), b = u();
    return Math.sqrt(-2 * Math.log(a)) * Math.cos(2 * Math.PI * b);
  };
  const out: SpikedSeries[] = [];
  for (let i = 0; i < count; i++) {
    const sigma = 1 + 4 * u();
    const kind = i % 3;
    const values: number[] = [];
    let walk = 100;
    for (let t = 0; t < n; t++) {
      if (kind === 0) values.push(200 + 0.2 * sigma * t + 10 * sigma * Math.sin((2 * Math.PI * t) / 12) + sigma * normal());
      else if (kind === 1) values.push(100 + 0.5 * sigma * t + sigma * normal());
      else { walk += sigma * normal(); values.push(walk); }
    }
    const spikes = new Set<number>();
    while (spikes.size < SPIKES_PER_SERIES) spikes.add(24 + Math.floor(u() * (n - 24)));
    for (const t of spikes) {
      const size = SPIKE_MIN_SD + (SPIKE_MAX_SD - SPIKE_MIN_SD) * u();
      values[t] += (u() < 0.5 ? -1 : 1) * size * sigma;
    }
    out.push({ values, spikes: [...spikes].sort((a, b) => a - b), seasonLength: kind === 0 ? 12 : 1 });
  }
  return out;
}
