// Public holidays from the maintained calendar of the `date-holidays` package, as the regressor
// a dated request adds: per day for daily and finer steps, counted per step for longer ones.
// The package (300 ms and about 12 MB to load, for its data of every country) is loaded on the
// first request that names a holiday code, not when the server starts.
import { createRequire } from 'node:module';
import { LRUCache } from 'lru-cache';
import { daysFromCivil, DAY_MS, civilFromDays } from '../dates/civil.js';

interface HolidayEntry { date: string; start: Date; end: Date; type: string }
interface HolidaysInstance {
  getCountries(): Record<string, string> | undefined;
  getStates(country: string): Record<string, string> | undefined;
  getRegions(country: string, state: string): Record<string, string> | undefined;
  getHolidays(year: number): HolidayEntry[] | false;
}
type HolidaysClass = new (...args: unknown[]) => HolidaysInstance;

let library: HolidaysClass | null = null;
function load(): HolidaysClass {
  library ??= createRequire(import.meta.url)('date-holidays') as HolidaysClass;
  return library;
}

/** Longest span of years one request's dates may cover: every year's holidays are worked out. */
export const MAX_HOLIDAY_YEARS = 400;

/**
 * The parts of a holiday code ("au-vic" → ["AU", "VIC"]) when the calendar knows that country and,
 * if named, its state and region; else null. Codes are ISO 3166-1 alpha-2 countries and the
 * package's state and region codes below them (docs/regressors.md says where the list is).
 */
export function knownHolidayCode(code: string): string[] | null {
  const parts = code.toUpperCase().split('-');
  if (parts.length > 3 || parts.some((p) => !/^[A-Z0-9]+$/.test(p))) return null;
  const H = load();
  const all = new H();
  if (!Object.prototype.hasOwnProperty.call(all.getCountries() ?? {}, parts[0])) return null;
  if (parts.length >= 2 && !Object.prototype.hasOwnProperty.call(all.getStates(parts[0]) ?? {}, parts[1])) return null;
  if (parts.length === 3 && !Object.prototype.hasOwnProperty.call(all.getRegions(parts[0], parts[1]) ?? {}, parts[2])) return null;
  return parts;
}

// a batch of many series from one region asks for the same years again and again (a year costs ~1 ms)
const years = new LRUCache<string, Set<number>>({ max: 512 });

/** The civil days (days since 1970-01-01) that are public holidays of `parts` in the years from..to. */
function holidayDays(parts: string[], from: number, to: number): Set<number> {
  const key = `${parts.join('-')}:${from}:${to}`;
  const known = years.get(key);
  if (known !== undefined) return known;
  const days = computeHolidayDays(parts, from, to);
  years.set(key, days);
  return days;
}

function computeHolidayDays(parts: string[], from: number, to: number): Set<number> {
  const H = load();
  const cal = new H(...parts, { types: ['public'] });
  const days = new Set<number>();
  for (let y = from; y <= to; y++) {
    const list = cal.getHolidays(y);
    if (!list) continue;
    for (const h of list) {
      const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(h.date);
      if (!m) continue;
      const first = daysFromCivil(Number(m[1]), Number(m[2]), Number(m[3]));
      // a holiday of several days (rare among public ones) counts each of them
      const span = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / DAY_MS));
      for (let k = 0; k < span; k++) days.add(first + k);
    }
  }
  return days;
}

/**
 * The holiday regressor of region `parts` for grid points whose local dates are `days` (civil day
 * numbers, one per point: the history, then the forecast's times) and `end`, the day after the
 * last point's step: for steps of a day or less, 1 on a public holiday and 0 otherwise; for longer
 * steps (weeks, months), how many public holidays fall in each step [days[i], days[i + 1]).
 */
export function holidayRegressor(parts: string[], days: readonly number[], end: number, daily: boolean): number[] {
  const from = civilFromDays(Math.min(...days)).y;
  const to = civilFromDays(Math.max(end, ...days)).y;
  const set = holidayDays(parts, from, to);
  if (daily) return days.map((d) => (set.has(d) ? 1 : 0));
  return days.map((d, i) => {
    const stop = i + 1 < days.length ? days[i + 1] : end;
    let k = 0;
    for (let x = d; x < stop; x++) if (set.has(x)) k++;
    return k;
  });
}
