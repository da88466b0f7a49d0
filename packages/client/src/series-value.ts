// The one rule for a value of a series as the client sends it: a finite number, or null where it is
// missing. NaN is what Number('abc') gives for a corrupt cell, so reading it as "missing" would
// forecast from data that was never there; JSON would turn ±Infinity into null the same way.

/** `v` as the wire carries it; throws RangeError for NaN or ±Infinity and TypeError for anything but a number or null, naming `where`. */
export function seriesValue(v: unknown, where: string): number | null {
  if (v === null) return null;
  if (typeof v !== 'number') throw new TypeError(`${where} is ${v === undefined ? 'undefined' : `a ${typeof v}`}: send a number, or null for a missing value`);
  if (Number.isNaN(v)) throw new RangeError(`${where} is NaN, not a number (a cell that did not parse?): send null for a missing value`);
  if (!Number.isFinite(v)) throw new RangeError(`${where} is not finite`);
  return v;
}
