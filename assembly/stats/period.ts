// Automatic period detection for callers who send no season_length.
import { acf } from "./acf";
import { seasonalityTest } from "./seasonality";
import { qnorm } from "./qnorm";
import { logSeasonalMeansP } from "./seasonal_means";

/** Longest lag searched: keeps detection O(n·400) on long series. */
const MAX_LAG: i32 = 400;
/** Least z-score a differenced-ACF peak must exceed. */
const PEAK_Z: f64 = 2.25;
/**
 * Family-wise false-alarm rate over all searched lags (Bonferroni): long series search many.
 * 10% (with PEAK_Z 2.25, LOOSE_Z 2.2) rather than 5%: blind dev OWA 0.787 -> 0.784 (M1 monthly
 * 0.909 -> 0.891) for false alarms of at most 6.3% on noise, random walks and trends (was 2.7%).
 */
const FAMILY_ALPHA: f64 = 0.1;

/** z-score a calendar period's peak needs when no peak passed the family-wise bound. */
const LOOSE_Z: f64 = 2.2;
/** Share of the strongest peak a divisor and its multiples must reach to be the fundamental. */
const FUNDAMENTAL_SHARE: f64 = 0.85;
/** Share of a non-calendar period's peak its calendar multiple must reach to replace it. */
const MULTIPLE_SHARE: f64 = 0.5;

/** Periods of common calendars; preferred over a neighbouring lag the data supports about as well. */
const CALENDAR: StaticArray<i32> = [4, 7, 12, 24, 52, 168, 365];

/** Calendar periods that contain a shorter calendar cycle: hours in a week, days in a year. */
const NESTED_OUTER: StaticArray<i32> = [168, 365];
const NESTED_INNER: StaticArray<i32> = [24, 7];

function isCalendar(p: i32): bool {
  for (let i = 0; i < CALENDAR.length; i++) if (CALENDAR[i] == p) return true;
  return false;
}

function differenced(y: Float64Array): Float64Array {
  const d = new Float64Array(y.length - 1);
  for (let t = 1; t < y.length; t++) d[t - 1] = y[t] - y[t - 1];
  return d;
}

/**
 * With no convincing peak, a calendar period still qualifies on weaker evidence (LOOSE_Z: a 10%
 * family-wise level over the handful of calendar lags, instead of over every lag searched) because
 * such periods are common a priori; the strongest one that also
 * passes the seasonality test wins, else 1.
 */
function calendarFallback(y: Float64Array, r: Float64Array, bound: Float64Array, maxLag: i32, z: f64): i32 {
  let chosen = 1;
  for (let i = 0; i < CALENDAR.length; i++) {
    const c = CALENDAR[i];
    if (c > maxLag) break;
    if (!(r[c] >= r[c - 1] && r[c] >= r[c + 1])) continue;
    if (!(r[c] > bound[c] * (LOOSE_Z / z))) continue;
    if (chosen > 1 && r[c] <= r[chosen]) continue;
    if (seasonalityTest(y, c)) chosen = c;
  }
  return chosen;
}

/**
 * Significance, per calendar lag, of the seasonal-means test (at most 7 lags: about 7% family-wise).
 * Blind dev OWA 0.784 -> 0.782 (M1 monthly 0.891 -> 0.882, quarterly 0.928 -> 0.920); false alarms
 * at n = 1000 rose from 5 / 7 / 7.5% to 7.5 / 7 / 9.5% on noise / random walks / trends.
 */
const CALENDAR_ALPHA: f64 = 0.01;

/**
 * The calendar period the seasonal-means F test finds, or 1. People's data has these periods far
 * more often than any other, so each is tested on its own rather than under the family-wise
 * bound. A single autocorrelation is a weak witness of a season in a short trending series (the
 * M4 test at the calendar lag passes there on the trend alone); comparing the mean of every
 * position in the cycle uses all of it. The lag with the smallest p-value wins, except that the
 * inner cycle of a week of hours (a year of days) is reported when it passes too.
 */
function calendarPeriod(y: Float64Array, maxLag: i32): i32 {
  let chosen = 1;
  let best = Math.log(CALENDAR_ALPHA);
  const logP = new Float64Array(CALENDAR.length);
  for (let i = 0; i < CALENDAR.length; i++) {
    const c = CALENDAR[i];
    logP[i] = 0.0;
    if (c > maxLag || 3 * c > y.length) continue;
    logP[i] = logSeasonalMeansP(y, c);
    if (logP[i] < best) { best = logP[i]; chosen = c; }
  }
  for (let i = 0; i < NESTED_OUTER.length; i++) {
    if (chosen != NESTED_OUTER[i]) continue;
    for (let j = 0; j < CALENDAR.length; j++) {
      if (CALENDAR[j] == NESTED_INNER[i] && logP[j] < Math.log(CALENDAR_ALPHA)) chosen = NESTED_INNER[i];
    }
  }
  return chosen;
}

/**
 * The dominant seasonal period of `y`, or 1 when none is found: the autocorrelation peak search
 * below, else the calendar period whose seasonal means differ (calendarPeriod).
 */
export function detectPeriod(y: Float64Array): i32 {
  // the peak search is strict, so what it finds stands; only when it finds nothing are the
  // calendar periods tested on their own, on weaker but still controlled evidence
  const p = peakPeriod(y);
  if (p > 1 || y.length < 8) return p;
  let maxLag = y.length / 3;
  if (maxLag > MAX_LAG) maxLag = MAX_LAG;
  return calendarPeriod(y, maxLag);
}

/**
 * The strongest autocorrelation peak's period, or 1. Candidates are the peaks of the
 * autocorrelation of the differenced series (differencing keeps a trend from reading as a season)
 * that stand above Bartlett's bound; the strongest peak is traced back to its fundamental (the
 * smallest supported divisor), moved to a calendar period next to it when the data supports that
 * as well, and kept only when the M4 90% seasonality test passes on the series itself.
 */
function peakPeriod(y: Float64Array): i32 {
  const n = y.length;
  if (n < 8) return 1;
  const d = differenced(y);
  const nd = d.length;
  let maxLag = n / 3;
  if (maxLag > MAX_LAG) maxLag = MAX_LAG;
  if (maxLag < 2) return 1;
  const r = acf(d, maxLag + 1);

  // Bartlett's standard error at each lag, from the correlations below it
  // bound[k] is the z = 1 bound: callers scale it by the z they need
  const bound = new Float64Array(maxLag + 1);
  let cum = 1.0;
  for (let k = 1; k <= maxLag; k++) {
    bound[k] = Math.sqrt(cum / <f64>nd);
    cum += 2.0 * r[k] * r[k];
  }
  let z = qnorm(1.0 - FAMILY_ALPHA / <f64>maxLag);
  if (z < PEAK_Z) z = PEAK_Z;
  for (let k = 1; k <= maxLag; k++) bound[k] *= z;
  const peak = new Uint8Array(maxLag + 1);
  let best = 0;
  for (let k = 2; k <= maxLag; k++) {
    if (r[k] >= r[k - 1] && r[k] >= r[k + 1] && r[k] > bound[k]) {
      peak[k] = 1;
      if (best == 0 || r[k] > r[best]) best = k;
    }
  }
  if (best == 0) return calendarFallback(y, r, bound, maxLag, z);

  // a season of period p also correlates at 2p, 3p...: report the fundamental when its own
  // peak and every multiple up to the strongest are nearly as strong
  let period = best;
  for (let k = 2; k < best; k++) {
    if (!peak[k] || best % k != 0) continue;
    let ok = true;
    for (let j = k; j <= best; j += k) {
      if (!(r[j] > FUNDAMENTAL_SHARE * r[best]) || !(r[j] > bound[j])) { ok = false; break; }
    }
    if (ok) { period = k; break; }
  }

  // calendar periods are far more common than others: a half season (6 in monthly data, 2 in
  // quarterly) becomes the calendar multiple of it when the data supports that one too, and
  // a multiple of a calendar period becomes that period
  if (!isCalendar(period)) {
    for (let i = CALENDAR.length - 1; i >= 0; i--) {
      const c = CALENDAR[i];
      if (c >= period || period % c != 0) continue;
      if (r[c] > bound[c] && r[c] > MULTIPLE_SHARE * r[period]) { period = c; break; }
    }
  }
  if (!isCalendar(period)) {
    for (let i = 0; i < CALENDAR.length; i++) {
      const c = CALENDAR[i];
      if (c <= period || c > maxLag || c % period != 0) continue;
      if (r[c] > bound[c] && r[c] > MULTIPLE_SHARE * r[period]) { period = c; break; }
    }
  }
  // ...and a lag next to a calendar period is that period blurred (52 weeks are 52.18)
  if (!isCalendar(period)) {
    for (let i = 0; i < CALENDAR.length; i++) {
      const c = CALENDAR[i];
      if (c > maxLag) continue;
      const tol = c < 20 ? 1 : c / 20;
      if (Math.abs(period - c) <= tol && r[c] > 0.8 * r[period] && r[c] > bound[c]) { period = c; break; }
    }
  }

  // a week of hours (a year of days) repeats the day (the week) inside it: report the inner
  // cycle when it is clearly there, as it is the one most models can use with the data given
  for (let i = 0; i < NESTED_OUTER.length; i++) {
    const c = NESTED_INNER[i];
    if (period == NESTED_OUTER[i] && peak[c] && r[c] > MULTIPLE_SHARE * r[period]) { period = c; break; }
  }

  // a strong trend inflates every low-lag correlation of the raw series, so the M4 test can miss
  // a season that the differenced series shows plainly: either passing confirms the peak
  if (!seasonalityTest(y, period) && !seasonalityTest(d, period)) return calendarFallback(y, r, bound, maxLag, z);
  return period;
}
