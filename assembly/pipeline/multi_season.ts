// The `tempo` forecast for series with two seasonal cycles: decompose, forecast the adjusted
// series without a season, put both seasons back.
import { Outcome } from "./outcome";
import { tempo } from "./tempo";
import { ModelForecast, usable } from "../models/result";
import { twoSeasons } from "../stats/multi_seasonal";
import { logSeasonalMeansP } from "../stats/seasonal_means";

/** Significance of the outer cycle once the inner one is removed (the test calendar detection uses). */
const OUTER_ALPHA: f64 = 0.01;

/**
 * Outer cycles the series must span: the moving average loses one, so each outer index is then a
 * mean of at least three values. With two years of days (NN5) the yearly indices were one value
 * each, and dev OWA went from 0.649 to 0.823.
 */
const MIN_OUTER_CYCLES: i32 = 4;

/**
 * The longer calendar cycle that contains period m, or 0: a week of days' worth of steps when m is a
 * day of hourly or finer steps (24 hours, 48 half hours, 96 quarter hours...), a year of days.
 */
function outerOf(m: i32): i32 {
  if (m >= 24 && m % 24 == 0) return 7 * m;
  if (m == 7) return 365;
  return 0;
}

/**
 * The two-season forecast of `y` with primary period m, or null when m has no outer cycle, the
 * series spans fewer than MIN_OUTER_CYCLES outer cycles, or the outer cycle does not test positive once the
 * inner one is removed (seasonal-means F test). The adjusted series is forecast by the usual
 * members told there is no season; its standard deviations are kept, since the seasonal indices
 * are averages over every cycle and add little variance beside the adjusted series' own.
 */
export function multiSeason(y: Float64Array, m: i32, h: i32, members: i32, rule: i32): Outcome | null {
  const p2 = outerOf(m);
  const n = y.length;
  if (p2 == 0 || n < MIN_OUTER_CYCLES * p2) return null;
  const s = twoSeasons(y, m, p2);
  const noInner = new Float64Array(n);
  for (let t = 0; t < n; t++) noInner[t] = y[t] - s.inner[t % m];
  if (!(logSeasonalMeansP(noInner, p2) < Math.log(OUTER_ALPHA))) return null;
  const adjusted = new Float64Array(n);
  for (let t = 0; t < n; t++) adjusted[t] = y[t] - s.at(t);
  const inner = tempo(adjusted, 1, h, members, rule);
  if (!usable(inner.fc)) return null;
  const mean = new Float64Array(h);
  for (let i = 0; i < h; i++) mean[i] = inner.fc.mean[i] + s.at(n + i);
  // the in-sample predictions get both seasons back, as the forecast does
  let fitted: Float64Array | null = null;
  const f = inner.fc.fitted;
  if (f !== null) {
    const back = new Float64Array(n);
    for (let t = 0; t < n; t++) back[t] = f[t] + s.at(t);
    fitted = back;
  }
  return new Outcome(new ModelForecast(mean, inner.fc.sd, inner.fc.code, true, fitted), m, inner.codes, false, p2);
}
