// Proleptic Gregorian calendar arithmetic on plain numbers: day counts, month lengths, leap years.

/** Milliseconds in one day. */
export const DAY_MS = 86_400_000;

/** True in a Gregorian leap year. */
export function isLeapYear(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** Days in month `mo` (1–12) of year `y`. */
export function daysInMonth(y: number, mo: number): number {
  if (mo === 2) return isLeapYear(y) ? 29 : 28;
  return mo === 4 || mo === 6 || mo === 9 || mo === 11 ? 30 : 31;
}

/** Days from 1970-01-01 to the civil date y-mo-d (negative before 1970); exact for every year 0–9999. */
export function daysFromCivil(y: number, mo: number, d: number): number {
  // count from March so that the leap day is the last day of the counting year
  const yy = mo <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The civil date of a day count from 1970-01-01; the inverse of daysFromCivil. */
export function civilFromDays(days: number): { y: number; mo: number; d: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const mo = mp < 10 ? mp + 3 : mp - 9;
  return { y: era * 400 + yoe + (mo <= 2 ? 1 : 0), mo, d };
}
