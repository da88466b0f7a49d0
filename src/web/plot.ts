// What every chart shares: the range of its values, pixel rounding, broken-line paths, and an SVG
// emptied for a new drawing. All pure but resetSvg.
import { clear } from './dom.js';

/** The finite values among `values`, in order (null, NaN and infinities left out). */
export function finiteValues(values: Iterable<number | null>): number[] {
  const out: number[] = [];
  for (const v of values) if (v !== null && Number.isFinite(v)) out.push(v);
  return out;
}

/** The smallest and largest finite value; 0..1 when there is none, widened by 1 each way when flat. */
export function valueRange(values: Iterable<number | null>): { lo: number; hi: number } {
  const all = finiteValues(values);
  let lo = all.length ? Math.min(...all) : 0;
  let hi = all.length ? Math.max(...all) : 1;
  if (hi - lo < 1e-12) { lo -= 1; hi += 1; }
  return { lo, hi };
}

/** A coordinate rounded to 0.01, so paths stay short and identical across runs. */
export function roundPx(v: number): number {
  return Math.round(v * 100) / 100;
}

/** An SVG path through (x(i), y(v)) of `points`; a missing (null or non-finite) value lifts the pen. */
export function brokenLine(points: Iterable<[number, number | null]>, x: (i: number) => number, y: (v: number) => number): string {
  let d = '';
  let pen = false;
  for (const [i, v] of points) {
    if (v === null || !Number.isFinite(v)) { pen = false; continue; }
    d += `${pen ? 'L' : 'M'}${x(i)},${y(v)}`;
    pen = true;
  }
  return d;
}

/** Empties `svg` for a new drawing of `width`×`height`, keeping its accessible title and description. */
export function resetSvg(svg: SVGSVGElement, width: number, height: number): void {
  const keep = Array.from(svg.querySelectorAll('title, desc'));
  clear(svg);
  svg.append(...keep);
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
}
