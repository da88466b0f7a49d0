// Scaling the series to unit magnitude, so bounds, floors and tolerances mean the same at any scale.

/** A series divided by its largest magnitude, with that factor kept to undo it. */
export class Scaled {
  constructor(public y: Float64Array, public scale: f64) {}

  /** Converts a likelihood n·log(Σε²) + 2Σlog|ŷ| on the scaled series to the original units. */
  unscaleLik(lik: f64): f64 {
    return lik + 2.0 * <f64>this.y.length * Math.log(this.scale);
  }
}

/** `y` divided by max |y| (1 when the series is all zeros or the maximum is not finite). */
export function scaleSeries(y: Float64Array): Scaled {
  const n = y.length;
  let big = 0.0;
  for (let i = 0; i < n; i++) { const a = Math.abs(y[i]); if (a > big) big = a; }
  if (!(big > 0.0) || !isFinite(big)) big = 1.0;
  const ys = new Float64Array(n);
  for (let i = 0; i < n; i++) ys[i] = y[i] / big;
  return new Scaled(ys, big);
}
