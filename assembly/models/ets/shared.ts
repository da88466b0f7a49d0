// Fits shared between the members of one ensemble run: `ets` (every trend) and `damped` (damped
// trend only) fit the same damped forms of the same series with the same season length, and a fit
// is a pure function of those, so the second member reuses the first one's fits instead of
// repeating them (about a quarter of an hourly series' time).
import { EtsFit } from "./fit";

/** Slots: error 1–2, trend 0–2, season 0–2. */
const SLOTS: i32 = 3 * 3 * 3;

let active = false;
let series: Float64Array | null = null;
let period: i32 = 0;
// made afresh by each run: the host resets the heap between calls, so nothing allocated may outlive one
let done: StaticArray<bool> = changetype<StaticArray<bool>>(0);
let fits: StaticArray<EtsFit | null> = changetype<StaticArray<EtsFit | null>>(0);

function clear(): void {
  series = null;
  done = new StaticArray<bool>(SLOTS);
  fits = new StaticArray<EtsFit | null>(SLOTS);
}

/**
 * Starts sharing fits until `endSharedFits`. Only within one ensemble run may a series be
 * recognised by identity: after the host resets memory, a new series can sit where an old one did.
 */
export function beginSharedFits(): void {
  clear();
  active = true;
}

/** Stops sharing and forgets every fit. */
export function endSharedFits(): void {
  active = false;
  series = null;
}

function slot(error: i32, trend: i32, season: i32): i32 {
  return (error * 3 + trend) * 3 + season;
}

/** The fit of (error, trend, season) to `y` with season length m remembered by this run, or null (see knownFit). */
export function sharedFit(y: Float64Array, m: i32, error: i32, trend: i32, season: i32): EtsFit | null {
  if (!active || series !== y || period != m) return null;
  return fits[slot(error, trend, season)];
}

/** Whether this run has already fitted (error, trend, season) to `y` with season length m (its result may be null). */
export function knownFit(y: Float64Array, m: i32, error: i32, trend: i32, season: i32): bool {
  return active && series === y && period == m && done[slot(error, trend, season)];
}

/** Remembers the fit of (error, trend, season) to `y` with season length m, while sharing is on. */
export function rememberFit(y: Float64Array, m: i32, error: i32, trend: i32, season: i32, fit: EtsFit | null): void {
  if (!active) return;
  if (series !== y || period != m) {
    clear();
    series = y;
    period = m;
  }
  const k = slot(error, trend, season);
  done[k] = true;
  fits[k] = fit;
}
