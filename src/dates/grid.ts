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

/** The grid through `stamps` with `step`: month-end when every given point is a month end. */
export function gridOf(stamps: readonly Stamp[], step: Step): Grid {
  return { origin: stamps[0], step, monthEnd: step.unit === 'month' && stamps.every(isMonthEnd) };
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
 * The step that strictly increasing `stamps` (two or more) imply: whole months when every point
 * keeps the first one's day (or every point is a month end) and time of day, else the shortest
 * gap between neighbours. The caller still checks every point against the grid.
 */
export function inferStep(stamps: readonly Stamp[]): Step {
  const o = stamps[0];
  const allEnds = stamps.every(isMonthEnd);
  let months = Infinity;
  let calendar = true;
  for (let i = 1; i < stamps.length && calendar; i++) {
    const a = stamps[i - 1], b = stamps[i];
    const dayOk = allEnds || b.d === Math.min(o.d, daysInMonth(b.y, b.mo));
    const timeOk = b.h === o.h && b.mi === o.mi && b.s === o.s && b.ms === o.ms;
    const diff = (b.y * 12 + b.mo) - (a.y * 12 + a.mo);
    if (!dayOk || !timeOk || diff < 1) calendar = false;
    else months = Math.min(months, diff);
  }
  if (calendar) return { unit: 'month', count: months };
  let ms = Infinity;
  for (let i = 1; i < stamps.length; i++) ms = Math.min(ms, instantOf(stamps[i]) - instantOf(stamps[i - 1]));
  return { unit: 'ms', count: ms };
}
