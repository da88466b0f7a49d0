// Heuristic initial states (Hyndman et al. 2008, ch. 2): the optimiser's starting point.
import { TREND_N, SEASON_N, SEASON_M } from "./form";
import { seasonalIndices } from "../../numerics/decompose";
import { lineFit } from "../../numerics/least_squares";

/** Initial states of one form: level, slope and the m seasonal states in the order they are used. */
export class InitialStates {
  constructor(public level: f64, public slope: f64, public seasons: Float64Array) {}
}

/**
 * Initial states for `y` (gap-free, n >= 1): seasonal states from a classical decomposition of
 * the first (up to four) full seasons, normalised; level and slope from a least-squares line
 * through the first ten seasonally adjusted values (the level is that line at time 0). Without a
 * trend the level is the mean of those values. Seasonal forms need n >= 2m.
 */
export function initialStates(y: Float64Array, m: i32, trend: i32, season: i32): InitialStates {
  const n = y.length;
  const hasSeason = season != SEASON_N && m > 1 && n >= 2 * m;
  const mult = season == SEASON_M;
  let seasons: Float64Array;
  if (hasSeason) {
    const cycles = n / m < 4 ? n / m : 4;
    seasons = seasonalIndices(y.subarray(0, cycles * m), m, mult);
  } else {
    seasons = new Float64Array(m > 1 ? m : 1);
  }
  const k = n < 10 ? n : 10;
  // seasonally adjusted start of the series, on which level and slope are read
  const adj = new Float64Array(k);
  let sy = 0.0;
  for (let t = 0; t < k; t++) {
    let v = y[t];
    if (hasSeason) v = mult ? v / seasons[t % m] : v - seasons[t % m];
    adj[t] = v;
    sy += v;
  }
  let level = sy / <f64>k, slope = 0.0;
  if (trend != TREND_N && k > 1) {
    const line = lineFit(adj, k);
    level = line[0];
    slope = line[1];
  }
  return new InitialStates(level, slope, seasons);
}
