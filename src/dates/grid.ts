// The regular grid a dated series sits on: where its k-th point falls, what step the points
// imply, and the future points after the last one.
import { daysInMonth } from './civil.js';
import type { Step } from './freq.js';
import { instantOf, stampAt, wallMs, type Stamp } from './timestamp.js';

/** A grid: its first point, its step, and for monthly steps whether it runs on month ends. */
export interface Grid {
  origin: Stamp;
  step: Step;
  monthEnd: boolean;
}

function isMonthEnd(st: Stamp): boolean {
  return st.d === daysInMonth(st.y, st.mo);
}

/**
 * Whether monthly `stamps` run on month ends: the first is one and so are most of the others (one
 * off-grid date must not move the grid under all the right ones). A series kept on the 30th never
 * qualifies: after a 30-day month ending on its day come longer months that do not.
 */
function onMonthEnds(stamps: readonly Stamp[]): boolean {
  if (!isMonthEnd(stamps[0])) return false;
  let ends = 0;
  for (let i = 1; i < stamps.length; i++) if (isMonthEnd(stamps[i])) ends++;
  return stamps.length === 1 || 2 * ends > stamps.length - 1;
}

/** The grid through `stamps` with `step`: month-end when the points run on month ends. */
export function gridOf(stamps: readonly Stamp[], step: Step): Grid {
  return { origin: stamps[0], step, monthEnd: step.unit === 'month' && onMonthEnds(stamps) };
}

/** The most frequent of `values` (the smallest among equals). */
function mode(values: readonly number[]): number {
  const counts = new Map<number, number>();
  let best = Infinity, bestCount = 0;
  for (const v of values) {
    const c = (counts.get(v) ?? 0) + 1;
    counts.set(v, c);
    if (c > bestCount || (c === bestCount && v < best)) { best = v; bestCount = c; }
  }
  return best;
}

/**
 * The k-th point of the grid, written like `like` (its form, offset, precision). Month steps are
 * calendar steps on the wall clock (the day is kept, or clamped to the month's last day, or is
 * the last day on a month-end grid); fixed steps add exact time to the origin's instant.
 */
export function pointAt(grid: Grid, k: number, like: Stamp): Stamp {
  const o = grid.origin;
  if (grid.step.unit === 'ms') return stampAt(instantOf(o) + k * grid.step.count, like);
  const months = o.y * 12 + (o.mo - 1) + k * grid.step.count;
  const y = Math.floor(months / 12), mo = months - y * 12 + 1;
  const last = daysInMonth(y, mo);
  const d = grid.monthEnd ? last : Math.min(o.d, last);
  return { ...like, y, mo, d, h: o.h, mi: o.mi, s: o.s, ms: o.ms };
}

/** True when `st` is the grid point `expected`: the same instant on a fixed grid, the same wall clock on a calendar one. */
export function samePoint(grid: Grid, st: Stamp, expected: Stamp): boolean {
  return grid.step.unit === 'ms' ? instantOf(st) === instantOf(expected) : wallMs(st) === wallMs(expected);
}

/**
 * The step that strictly increasing `stamps` (two or more) imply: whole months when most points
 * keep the first one's day (or run on month ends) and time of day, the most frequent number of
 * months between such neighbours; else the most frequent gap between neighbours. Most, not all,
 * so one off-grid date is reported where it is, against the grid every other date is on: the
 * caller checks every point against the grid.
 */
export function inferStep(stamps: readonly Stamp[]): Step {
  const o = stamps[0];
  const ends = onMonthEnds(stamps);
  const months: number[] = [];
  for (let i = 1; i < stamps.length; i++) {
    const a = stamps[i - 1], b = stamps[i];
    const dayOk = (ends && isMonthEnd(b)) || b.d === Math.min(o.d, daysInMonth(b.y, b.mo));
    const timeOk = b.h === o.h && b.mi === o.mi && b.s === o.s && b.ms === o.ms;
    const diff = (b.y * 12 + b.mo) - (a.y * 12 + a.mo);
    if (dayOk && timeOk && diff >= 1) months.push(diff);
  }
  if (2 * months.length > stamps.length - 1) return { unit: 'month', count: mode(months) };
  const gaps: number[] = [];
  for (let i = 1; i < stamps.length; i++) gaps.push(instantOf(stamps[i]) - instantOf(stamps[i - 1]));
  return { unit: 'ms', count: mode(gaps) };
}
