// The caller's regressors as the pipeline carries them, and what it reports about each.

/** The regressor was used (alone or with terms derived from it). */
export const REGRESSOR_USED: i32 = 0;
/** Dropped: constant over the series' history, so nothing can be learned from it. */
export const REGRESSOR_CONSTANT: i32 = 1;
/** Dropped: a linear combination of the constant and the regressors before it (over the history, or once differenced). */
export const REGRESSOR_COLLINEAR: i32 = 2;
/** Not used: the series is constant or too short to estimate a regression on it. */
export const REGRESSOR_UNUSED: i32 = 3;

/** k regressor columns, each the history (aligned with the series) followed by the known future values. */
export class Regressors {
  constructor(public cols: Array<Float64Array>) {}

  /** Number of regressors. */
  get k(): i32 { return this.cols.length; }

  /** Rows from..from+count of every column (views, not copies). */
  rows(from: i32, count: i32): Regressors {
    const out = new Array<Float64Array>();
    for (let j = 0; j < this.cols.length; j++) out.push(this.cols[j].subarray(from, from + count));
    return new Regressors(out);
  }
}
