// The backtest chart: the whole history, and each window's forecast drawn where it was made (from
// its cutoff on), so misses show against what really happened. Geometry is pure; drawing makes nodes.
import { svgEl } from './dom.js';
import { brokenLine, resetSvg, roundPx, valueRange } from './plot.js';

export interface BacktestChartInput {
  history: Array<number | null>;
  windows: Array<{ cutoff: number; forecast: number[] }>;
}

export interface BacktestGeometry {
  width: number;
  height: number;
  history: string;
  /** One path per window, oldest first, each starting at its cutoff's value. */
  windows: Array<{ cutoff: number; d: string; x: number }>;
  top: number;
  bottom: number;
}

const M = { left: 48, right: 12, top: 12, bottom: 24 };

/** Paths for `input` in a `width`×`height` view box; a missing value breaks the history line. */
export function backtestGeometry(input: BacktestChartInput, width = 720, height = 260): BacktestGeometry {
  const n = input.history.length;
  const { lo, hi } = valueRange([...input.history, ...input.windows.flatMap((w) => w.forecast)]);
  const x = (i: number) => roundPx(M.left + (i / Math.max(1, n - 1)) * (width - M.left - M.right));
  const y = (v: number) => roundPx(height - M.bottom - ((v - lo) / (hi - lo)) * (height - M.top - M.bottom));
  const line = (points: Array<[number, number | null]>) => brokenLine(points, x, y);
  return {
    width, height, top: M.top, bottom: height - M.bottom,
    history: line(input.history.map((v, i): [number, number | null] => [i, v])),
    windows: input.windows.map((w) => ({
      cutoff: w.cutoff,
      x: x(w.cutoff),
      d: line([[w.cutoff, input.history[w.cutoff] ?? null], ...w.forecast.map((v, k): [number, number] => [w.cutoff + 1 + k, v])]),
    })),
  };
}

/** Draws `input` into `svg`, replacing what was there; colours come from the stylesheet. */
export function drawBacktest(svg: SVGSVGElement, input: BacktestChartInput): void {
  const g = backtestGeometry(input);
  resetSvg(svg, g.width, g.height);
  for (const w of g.windows) svg.append(svgEl('line', { class: 'split', x1: w.x, x2: w.x, y1: g.top, y2: g.bottom, 'data-cutoff': w.cutoff }));
  if (g.history) svg.append(svgEl('path', { class: 'line history', d: g.history }));
  for (const w of g.windows) svg.append(svgEl('path', { class: 'line api backtest-window', d: w.d, 'data-cutoff': w.cutoff }));
}
