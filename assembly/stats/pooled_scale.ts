// Widening a model's error sd by the errors it actually made: a pooled variance ratio.

/**
 * The factor (>= 1) to multiply a forecast's error sd by, given the errors `actual − mean` of a
 * forecast made earlier with error sd `sd` (steps whose sd is not positive and finite, or whose
 * values are not finite, are left out). The squared standardised errors are pooled with a prior
 * ratio of 1 that weighs as `prior` observations: (prior + Σ z²) / (prior + k), and its square root
 * is returned when above 1. Widening only: a model's variance already omits the uncertainty of
 * its parameters and of the model choice, so errors smaller than it says are no evidence it is too wide.
 */
export function pooledScale(actual: Float64Array, mean: Float64Array, sd: Float64Array, prior: f64): f64 {
  let sum = 0.0, k = 0.0;
  const h = min(actual.length, min(mean.length, sd.length));
  for (let j = 0; j < h; j++) {
    const s = sd[j];
    if (!(s > 0.0) || !isFinite(s)) continue;
    const z = (actual[j] - mean[j]) / s;
    if (!isFinite(z)) continue;
    sum += z * z;
    k += 1.0;
  }
  const w = prior > 0.0 ? prior : 0.0;
  if (k + w == 0.0) return 1.0;
  const ratio = (w + sum) / (w + k);
  return ratio > 1.0 ? Math.sqrt(ratio) : 1.0;
}
