// A calendar period with some evidence but not enough for detection: offered to an ensemble whose
// members can still reject a season on their own.
import { logSeasonalMeansP } from "./seasonal_means";
import { seasonalityTest } from "./seasonality";

/** Calendar periods tried, shortest first (the same calendars detection prefers). */
const CALENDAR: StaticArray<i32> = [4, 7, 12, 24, 52];

/** Significance a tentative period's seasonal-means test must reach (the M4 test's 90%). */
const TENTATIVE_ALPHA: f64 = 0.1;

/**
 * The calendar period whose seasonal-means test (either form, see logSeasonalMeansP) has the
 * smallest p-value below TENTATIVE_ALPHA among those the series spans at least three times, or 1.
 * It is weaker evidence than detection asks for, so it is only for an ensemble whose members
 * mostly choose seasonality by their own criteria (ETS by AICc, ARIMA by seasonal strength and
 * AICc, Theta by the M4 test).
 */
export function tentativePeriod(y: Float64Array): i32 {
  let chosen = 1;
  let best = Math.log(TENTATIVE_ALPHA);
  for (let i = 0; i < CALENDAR.length; i++) {
    const c = CALENDAR[i];
    if (3 * c > y.length) break;
    const lp = logSeasonalMeansP(y, c, true);
    if (lp < best) { best = lp; chosen = c; }
  }
  return chosen;
}

/**
 * The shortest calendar period at which the M4 90% autocorrelation test passes on `y` (spanned at
 * least three times), or 1. That test also passes on trends and random walks, so this is for
 * members that refuse a season by their own criteria only.
 */
export function m4CalendarPeriod(y: Float64Array): i32 {
  for (let i = 0; i < CALENDAR.length; i++) {
    const c = CALENDAR[i];
    if (3 * c > y.length) break;
    if (seasonalityTest(y, c)) return c;
  }
  return 1;
}
