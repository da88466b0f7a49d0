// The grid step of a dated series: parsed from an ISO 8601 duration or a short alias, and
// written back as the ISO duration.
import { DAY_MS } from './civil.js';

/** A grid step: whole calendar months (month, quarter, year) or a fixed length in milliseconds. */
export type Step = { unit: 'month'; count: number } | { unit: 'ms'; count: number };

const ISO = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;
const ALIAS = /^(\d*)\s*(min|T|s|S|h|H|D|d|B?W(?:-[A-Z]{3})?|M|MS|ME|Q|QS|QE|Y|YS|YE|A|AS)$/;

const MIN_MS = 60_000;
const HOUR_MS = 3_600_000;
const WEEK_MS = 7 * DAY_MS;

function aliasStep(count: number, unit: string): Step | null {
  switch (unit) {
    case 's': case 'S': return { unit: 'ms', count: count * 1000 };
    case 'min': case 'T': return { unit: 'ms', count: count * MIN_MS };
    case 'h': case 'H': return { unit: 'ms', count: count * HOUR_MS };
    case 'D': case 'd': return { unit: 'ms', count: count * DAY_MS };
    case 'M': case 'MS': case 'ME': return { unit: 'month', count };
    case 'Q': case 'QS': case 'QE': return { unit: 'month', count: 3 * count };
    case 'Y': case 'YS': case 'YE': case 'A': case 'AS': return { unit: 'month', count: 12 * count };
    default:
      // W and its anchored forms (W-SUN, ...) are all one week; business days are not a regular grid
      return unit.startsWith('W') ? { unit: 'ms', count: count * WEEK_MS } : null;
  }
}

/** The step a `freq` string names, or null when it names none this API knows. */
export function parseFreq(text: string): Step | null {
  if (text.length > 32) return null;
  const iso = ISO.exec(text);
  if (iso && text !== 'P' && !text.endsWith('T')) {
    const [, y, mo, w, d, h, mi, s] = iso.map((v) => (v === undefined ? 0 : Number(v)));
    const months = 12 * y + mo;
    const ms = w * WEEK_MS + d * DAY_MS + h * HOUR_MS + mi * MIN_MS + s * 1000;
    // a month is no fixed number of days, so one step cannot mix the two
    if (months > 0 && ms > 0) return null;
    if (months > 0) return { unit: 'month', count: months };
    return ms > 0 ? { unit: 'ms', count: ms } : null;
  }
  const alias = ALIAS.exec(text);
  if (!alias) return null;
  const count = alias[1] === '' ? 1 : Number(alias[1]);
  if (!Number.isSafeInteger(count) || count < 1) return null;
  return aliasStep(count, alias[2]);
}

/** The ISO 8601 duration of a step, in its largest whole unit (P1Y, P3M, P1W, PT15M, PT1H30M). */
export function isoOfStep(step: Step): string {
  if (step.unit === 'month') return step.count % 12 === 0 ? `P${step.count / 12}Y` : `P${step.count}M`;
  const ms = step.count;
  if (ms % WEEK_MS === 0) return `P${ms / WEEK_MS}W`;
  if (ms % DAY_MS === 0) return `P${ms / DAY_MS}D`;
  const days = Math.floor(ms / DAY_MS);
  let rest = ms - days * DAY_MS;
  const h = Math.floor(rest / HOUR_MS); rest -= h * HOUR_MS;
  const mi = Math.floor(rest / MIN_MS); rest -= mi * MIN_MS;
  const s = rest / 1000;
  return `P${days ? `${days}D` : ''}T${h ? `${h}H` : ''}${mi ? `${mi}M` : ''}${s ? `${s}S` : ''}`;
}

/** The seasonal periods the calendar suggests for a step, shortest first (none for yearly data). */
export function calendarPeriods(step: Step): number[] {
  if (step.unit === 'month') {
    const perYear = 12 / step.count;
    return Number.isInteger(perYear) && perYear > 1 ? [perYear] : [];
  }
  const ms = step.count;
  if (ms < DAY_MS) {
    // a day and a week of steps, when the step divides them
    return [DAY_MS / ms, WEEK_MS / ms].filter((p) => Number.isInteger(p) && p > 1);
  }
  if (ms === DAY_MS) return [7, 365.25];
  if (ms === WEEK_MS) return [52.18];
  return [];
}
