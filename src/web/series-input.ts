// Reads what a person typed into the playground: a series, interval levels, optional integers.
// Each reader returns a message naming the first bad entry, so the page can say what to fix.

/** A read value, or a sentence saying what is wrong with the text. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

// Words people use for a missing observation; the API takes null for them.
const MISSING = new Set(['na', 'nan', 'null', '-']);

function tokens(text: string): string[] {
  return text.split(/[\s,;]+/).filter((t) => t !== '');
}

function numberOf(token: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(token)) return undefined;
  const v = Number(token);
  return Number.isFinite(v) ? v : undefined;
}

/** Numbers separated by spaces, commas, semicolons or new lines; NA / NaN / null / - are missing (null). */
export function parseSeries(text: string): Parsed<Array<number | null>> {
  const parts = tokens(text);
  if (parts.length === 0) return { ok: false, message: 'Paste at least one number, or load a sample series.' };
  const values: Array<number | null> = [];
  for (let i = 0; i < parts.length; i++) {
    if (MISSING.has(parts[i].toLowerCase())) {
      values.push(null);
      continue;
    }
    const v = numberOf(parts[i]);
    if (v === undefined) return { ok: false, message: `Value ${i + 1} ("${parts[i].slice(0, 20)}") is not a number.` };
    values.push(v);
  }
  if (values.every((v) => v === null)) return { ok: false, message: 'The series needs at least one number that is not missing.' };
  return { ok: true, value: values };
}

/** Interval coverages such as "80, 95": each strictly between 0 and 100, no repeats; empty text = none. */
export function parseLevels(text: string): Parsed<number[]> {
  const levels: number[] = [];
  for (const part of tokens(text)) {
    const v = numberOf(part.replace(/%$/, ''));
    if (v === undefined || v <= 0 || v >= 100) return { ok: false, message: `Interval level "${part.slice(0, 20)}" must be a number between 0 and 100, such as 80 or 95.` };
    if (levels.includes(v)) return { ok: false, message: `Interval level ${v} is listed twice.` };
    levels.push(v);
  }
  return { ok: true, value: levels };
}

/** A whole number from `min` to `max`; empty text is undefined when `optional`, else an error naming `label`. */
export function parseInteger(text: string, label: string, min: number, max: number, optional: boolean): Parsed<number | undefined> {
  const t = text.trim();
  if (t === '') return optional ? { ok: true, value: undefined } : { ok: false, message: `Enter the ${label}.` };
  if (!/^\d+$/.test(t) || Number(t) < min || Number(t) > max) {
    return { ok: false, message: `The ${label} must be a whole number from ${min} to ${max}.` };
  }
  return { ok: true, value: Number(t) };
}
