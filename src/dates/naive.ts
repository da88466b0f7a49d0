// Date-times written without an offset, as pandas and statsforecast write them to CSV
// (`2024-01-01 13:00:00`). The API needs an exact instant, so a file's naive date-times are read
// as UTC (a `Z` added) for the arithmetic, and the answers are written back in the file's form.
// Only the CLI reads files; the API itself keeps refusing a date-time without an offset.
import { quoted } from '../common/caller-text.js';
import { DateError } from './index.js';

/** How a series' naive date-times were written: the character between date and time (space or T). */
export interface NaiveForm {
  separator: string;
}

const NAIVE = /^(\d{4}-\d{2}-\d{2})([Tt ])(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)$/;

/**
 * The timestamps as the API takes them: when the first is a date-time without an offset, every
 * one must be written the same way, and each gets `Z` (read as UTC); `naive` is then the form to
 * write answers back in, else null and the same array is returned. A series mixing
 * naive date-times with other forms throws DateError pointing at the first that differs.
 */
export function assumeUtc(raw: string[], base = ''): { timestamps: string[]; naive: NaiveForm | null } {
  const first = raw.length > 0 ? NAIVE.exec(raw[0]) : null;
  if (first === null) {
    const i = raw.findIndex((t) => NAIVE.test(t));
    if (i >= 0) {
      throw new DateError('timestamps', `${base}/timestamps/${i}`,
        `timestamps/${i} is a date-time without an offset but timestamps/0 is not: write every date of a series the same way`);
    }
    return { timestamps: raw, naive: null };
  }
  const separator = first[2];
  const timestamps = raw.map((t, i) => {
    const m = NAIVE.exec(t);
    if (m === null || m[2] !== separator) {
      const how = m === null ? 'is not a date-time without an offset' : `separates date and time with ${JSON.stringify(m[2])}`;
      throw new DateError('timestamps', `${base}/timestamps/${i}`,
        `timestamps/${i} ${how} but timestamps/0 is ${quoted(String(raw[0]), 'written another way')}: write every date of a series the same way`);
    }
    return `${m[1]}T${m[3]}Z`;
  });
  return { timestamps, naive: { separator } };
}

/** A date-time the API answered for a naive series (`…T13:00:00Z`), written in that series' naive form. */
export function toNaive(stamp: string, form: NaiveForm): string {
  return stamp.replace(/Z$/, '').replace('T', form.separator);
}
