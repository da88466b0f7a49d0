// The checks of a series' regressors that a schema cannot make, shared by every body that carries
// them (forecast, batch series, cross-validation, job lines): each regressor's length is the
// series' plus the horizon, and a holiday code, with the series' dates, becomes the `holidays`
// regressor the core gets like any other.
import { pointDays, type CheckedDates } from '../dates/index.js';
import { knownHolidayCode, holidayRegressor, MAX_HOLIDAY_YEARS } from '../holidays/calendar.js';
import { mayRepeat, quoted } from '../common/caller-text.js';
import type { Report } from './validation/field-errors.js';

/** The name the holiday regressor takes. */
export const HOLIDAY_REGRESSOR = 'holidays';

/** One series' regressor fields as the body sent them, and what the checks need around them. */
export interface RegressorFields {
  /** values in the series */
  length: number;
  horizon: number;
  regressors?: Record<string, number[]>;
  holidays?: string;
  /** the series' checked dates (undefined when they were refused or not sent) */
  dates?: CheckedDates;
}

// how a message names a regressor: by its name when it may be repeated, else by its place
function label(base: string, name: string, index: number): string {
  const where = base === '' ? 'regressors' : `${base.slice(1)}/regressors`;
  return mayRepeat(name) ? `${where}/${name}` : `regressor ${index + 1} of ${where} (its name is withheld: it could be a pasted secret)`;
}

/**
 * Checks the regressors and holiday code of one series (pointers under `base`, e.g. "/series/3")
 * and returns the regressors the core gets: the caller's, with the holiday regressor added when a
 * code was sent; undefined when there are none. Reports what is wrong to `report`.
 */
export function acceptRegressors(fields: RegressorFields, base: string, report: Report): Record<string, number[]> | undefined {
  const want = fields.length + fields.horizon;
  const names = Object.keys(fields.regressors ?? {});
  names.forEach((name, i) => {
    const n = fields.regressors![name].length;
    if (n !== want) {
      report.add({
        pointer: `${base}/regressors/${name}`,
        detail: `${label(base, name, i)} has ${n} values; it needs ${want}: one per series value (${fields.length}) and then one per forecast step (${fields.horizon})`,
      });
    }
  });
  if (fields.holidays === undefined) return names.length > 0 ? fields.regressors : undefined;
  const at = base === '' ? 'holidays' : `${base.slice(1)}/holidays`;
  if (names.includes(HOLIDAY_REGRESSOR)) {
    report.add({ pointer: `${base}/regressors/${HOLIDAY_REGRESSOR}`, detail: `${base === '' ? '' : `${base.slice(1)}/`}regressors/${HOLIDAY_REGRESSOR} is the name the holiday regressor takes when holidays is sent: rename this regressor` });
    return undefined;
  }
  const parts = knownHolidayCode(fields.holidays);
  if (parts === null) {
    report.add({ pointer: `${base}/holidays`, detail: `${at} must be a country or region code the holiday calendar knows, like "AU", "AU-VIC" or "US-CA" (got ${quoted(fields.holidays, 'a code it does not know')}; the codes are listed in docs/regressors.md)` });
    return undefined;
  }
  if (fields.dates === undefined) return undefined;
  const days = pointDays(fields.dates);
  if (days === null) {
    report.add({ pointer: `${base}/holidays`, detail: `${at} needs timestamps, one per series value: the holidays are read from the dates` });
    return undefined;
  }
  const years = (days.end - days.days[0]) / 365.25;
  if (years > MAX_HOLIDAY_YEARS) {
    report.add({ pointer: `${base}/holidays`, detail: `${at}: the dates span ${Math.round(years)} years; holidays are added for at most ${MAX_HOLIDAY_YEARS}` });
    return undefined;
  }
  return { ...fields.regressors, [HOLIDAY_REGRESSOR]: holidayRegressor(parts, days.days, days.end, days.daily) };
}
