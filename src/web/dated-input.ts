// Reads the playground's series box when it holds two columns (date, value), one row per line, as
// pasted from a spreadsheet; anything else is read as plain numbers.
import { parseStamp } from '../dates/index.js';
import { parseSeries, type Parsed } from './series-input.js';

/** A series as typed: the values, and their dates when the text had a date column. */
export interface DatedSeries {
  values: Array<number | null>;
  timestamps?: string[];
}

const MISSING = new Set(['', 'na', 'nan', 'null', '-']);

// a tab, comma or semicolon separates the columns; without one, the last run of spaces does
// (so a date-time written with a space still reads as one cell)
function cells(line: string): string[] {
  const parts = line.split(/\s*[\t,;]\s*/);
  if (parts.length > 1) return parts;
  const m = /^(.*\S)\s+(\S+)$/.exec(line);
  return m ? [m[1], m[2]] : [line];
}

function isDate(text: string): boolean {
  return typeof parseStamp(text) !== 'string';
}

/** Two columns (date, value) per line, an optional header line first; else plain numbers as parseSeries reads them. */
export function parseDatedSeries(text: string): Parsed<DatedSeries> {
  const lines = text.split(/\r?\n/).map((l) => l.trim()).filter((l) => l !== '');
  let first = 0;
  if (lines.length > 1 && cells(lines[0]).length === 2 && !isDate(cells(lines[0])[0]) && isDate(cells(lines[1])[0])) first = 1;
  const head = lines[first] === undefined ? [] : cells(lines[first]);
  if (head.length !== 2 || !isDate(head[0])) {
    const plain = parseSeries(text);
    return plain.ok ? { ok: true, value: { values: plain.value } } : plain;
  }
  const values: Array<number | null> = [];
  const timestamps: string[] = [];
  for (let k = first; k < lines.length; k++) {
    const c = cells(lines[k]);
    if (c.length !== 2) return { ok: false, message: `Line ${k + 1} needs two columns: a date and a value.` };
    if (!isDate(c[0])) {
      return { ok: false, message: `Line ${k + 1}: "${c[0].slice(0, 30)}" is not a date like 2024-01-31 or 2024-01-31T13:00:00Z (date-times need an offset).` };
    }
    const raw = c[1].toLowerCase();
    const v = MISSING.has(raw) ? null : Number(c[1]);
    if (v !== null && (!Number.isFinite(v) || !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(c[1]))) {
      return { ok: false, message: `Line ${k + 1}: "${c[1].slice(0, 20)}" is not a number.` };
    }
    timestamps.push(c[0]);
    values.push(v);
  }
  if (values.every((v) => v === null)) return { ok: false, message: 'The series needs at least one number that is not missing.' };
  return { ok: true, value: { values, timestamps } };
}

/** Tick labels for dates: year-month when every date is on one day of the month, else the date (and time when there is one). */
export function dateLabels(dates: readonly string[]): string[] {
  const dayOnly = dates.every((d) => d.length === 10);
  const sameDay = dayOnly && dates.every((d) => d.slice(8, 10) === dates[0].slice(8, 10));
  const monthly = sameDay && dates.every((d) => d.slice(5, 10) === dates[0].slice(5, 10)) ? 'year' : sameDay ? 'month' : 'day';
  return dates.map((d) => {
    if (!dayOnly) return d.slice(0, 16).replace('T', ' ');
    return monthly === 'year' ? d.slice(0, 4) : monthly === 'month' ? d.slice(0, 7) : d;
  });
}
