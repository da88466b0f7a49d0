// Output layouts shared by the core and every host. See assembly/README.md.

/** Slots (i32) in the method buffer: [season_length, component count, codes...]. */
export const METHOD_SLOTS: i32 = 16;
/** Most components a method buffer can name. */
export const MAX_COMPONENTS: i32 = 14;
/** Most prediction-interval levels one call may ask for. */
export const MAX_LEVELS: i32 = 16;

/** Number of f64 slots the forecast output buffer needs for `h` steps and `nLevels` levels. */
export function outputLength(h: i32, nLevels: i32): i32 {
  return h * (1 + 2 * nLevels);
}
