// The spread a forecast takes when its data show none: a constant series, or a single point, gives
// every model an error sd of 0, and an interval of zero width claims a certainty no sample of that
// kind supports.

/** The one-step sd given to a series with no spread, as a share of its level: 5%. */
export const LEVEL_SHARE: f64 = 0.05;

/** True when the sd is 0 at every step: the data gave the model no spread to measure. */
export function noSpread(sd: Float64Array): bool {
  for (let i = 0; i < sd.length; i++) if (sd[i] != 0.0) return false;
  return true;
}

/**
 * The one-step sd floor of a series `raw` (NaN = missing) whose forecast shows no spread, at level
 * `level`: LEVEL_SHARE·|level|, and at least 1 when every observed value is a whole number (counts
 * move by whole units, and an all-zero count series has no level to take a share of). Always > 0
 * for a finite level that is not 0, and ≥ 1 for whole numbers.
 */
export function spreadFloor(raw: Float64Array, level: f64): f64 {
  const share = LEVEL_SHARE * Math.abs(level);
  for (let t = 0; t < raw.length; t++) {
    const v = raw[t];
    if (isFinite(v) && v != Math.floor(v)) return share;
  }
  return share > 1.0 ? share : 1.0;
}

/**
 * Gives `sd` (h steps, all 0) the spread of a random walk with one-step sd `floor`, the naive
 * method's: floor·√(i + 1) at step i, so the interval still widens with the horizon.
 */
export function applyFloor(sd: Float64Array, floor: f64): void {
  for (let i = 0; i < sd.length; i++) sd[i] = floor * Math.sqrt(<f64>(i + 1));
}
