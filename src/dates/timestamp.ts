// RFC 3339 timestamps as the caller wrote them: parsed into wall-clock fields plus an explicit
// offset, and written back in the same form (date in, date out; the offset kept).
import { DAY_MS, civilFromDays, daysFromCivil, daysInMonth } from './civil.js';

/** One parsed timestamp: the wall clock the caller wrote, its offset, and how it was written. */
export interface Stamp {
  form: 'date' | 'datetime';
  y: number; mo: number; d: number;
  h: number; mi: number; s: number; ms: number;
  /** minutes east of UTC (0 for a date) */
  offsetMin: number;
  /** 'Z', '+02:00', ... ('' for a date) */
  offsetText: string;
  /** seconds written, and how many fraction digits (0–3) */
  seconds: boolean;
  fraction: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?([Zz]|[+-]\d{2}:\d{2})$/;
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/** Why a string is not a timestamp this API accepts, or null when it is one (see parseStamp). */
export type StampProblem = 'not-a-string' | 'no-offset' | 'format' | 'out-of-range';

/** Parses one RFC 3339 date or date-time with an offset; a string that is not one gives its problem. */
export function parseStamp(text: unknown): Stamp | StampProblem {
  if (typeof text !== 'string') return 'not-a-string';
  if (text.length > 40) return 'format';
  const dm = DATE.exec(text);
  const m = dm ?? DATETIME.exec(text);
  if (!m) return NO_OFFSET.test(text) ? 'no-offset' : 'format';
  const y = Number(m[1]), mo = Number(m[2]), d = Number(m[3]);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return 'out-of-range';
  if (dm) {
    return { form: 'date', y, mo, d, h: 0, mi: 0, s: 0, ms: 0, offsetMin: 0, offsetText: '', seconds: false, fraction: 0 };
  }
  const h = Number(m[4]), mi = Number(m[5]), s = m[6] === undefined ? 0 : Number(m[6]);
  const frac = m[7] ?? '';
  // finer than a millisecond cannot change any grid this API forecasts on
  const ms = frac === '' ? 0 : Math.floor(Number(`0.${frac}`) * 1000 + 1e-6);
  if (h > 23 || mi > 59 || s > 59) return 'out-of-range';
  let offsetMin = 0;
  let offsetText = 'Z';
  if (m[8] !== 'Z' && m[8] !== 'z') {
    const oh = Number(m[8].slice(1, 3)), om = Number(m[8].slice(4, 6));
    if (oh > 23 || om > 59) return 'out-of-range';
    offsetMin = (m[8][0] === '-' ? -1 : 1) * (oh * 60 + om);
    offsetText = m[8];
  }
  return {
    form: 'datetime', y, mo, d, h, mi, s, ms, offsetMin, offsetText,
    seconds: m[6] !== undefined, fraction: Math.min(frac.length, 3),
  };
}

/** The instant of a stamp in milliseconds since 1970-01-01T00:00:00Z. */
export function instantOf(st: Stamp): number {
  return wallMs(st) - st.offsetMin * 60_000;
}

/** The wall clock of a stamp read as if it were UTC, in milliseconds: equal walls compare equal. */
export function wallMs(st: Stamp): number {
  return daysFromCivil(st.y, st.mo, st.d) * DAY_MS + ((st.h * 60 + st.mi) * 60 + st.s) * 1000 + st.ms;
}

/** The stamp at `instant` written the way `like` is written (its form, offset and precision). */
export function stampAt(instant: number, like: Stamp): Stamp {
  const wall = instant + like.offsetMin * 60_000;
  const days = Math.floor(wall / DAY_MS);
  let rest = wall - days * DAY_MS;
  const { y, mo, d } = civilFromDays(days);
  const h = Math.floor(rest / 3_600_000); rest -= h * 3_600_000;
  const mi = Math.floor(rest / 60_000); rest -= mi * 60_000;
  const s = Math.floor(rest / 1000);
  return { ...like, y, mo, d, h, mi, s, ms: rest - s * 1000 };
}

const pad = (v: number, w = 2) => String(v).padStart(w, '0');

/** Writes a stamp back as RFC 3339, in the form, offset and precision it carries. */
export function formatStamp(st: Stamp): string {
  const date = `${pad(st.y, 4)}-${pad(st.mo)}-${pad(st.d)}`;
  if (st.form === 'date') return date;
  // a step finer than the written precision would be lost: write what is needed
  const needSeconds = st.seconds || st.s !== 0 || st.ms !== 0;
  const digits = st.ms !== 0 ? Math.max(st.fraction, 3) : st.fraction;
  let time = `${pad(st.h)}:${pad(st.mi)}`;
  if (needSeconds) time += `:${pad(st.s)}`;
  if (needSeconds && digits > 0) time += '.' + pad(st.ms, 3).slice(0, digits).padEnd(digits, '0');
  return `${date}T${time}${st.offsetText}`;
}
