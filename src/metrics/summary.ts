// Summaries over many series: OWA relative to Naive2, means and quantiles.

/** OWA on group means: ½(sMAPE/sMAPE_Naive2 + MASE/MASE_Naive2); exactly 1 for Naive2 itself. */
export function owa(smapeMean: number, maseMean: number, smapeNaive2: number, maseNaive2: number): number {
  return 0.5 * (smapeMean / smapeNaive2 + maseMean / maseNaive2);
}

/** Arithmetic mean (NaN for an empty list). */
export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return NaN;
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** The q-quantile (0..1) by linear interpolation between order statistics (R's type 7). */
export function quantile(xs: readonly number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}
