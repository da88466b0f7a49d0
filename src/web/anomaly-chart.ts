// The anomalies chart: the history, with each value the API flagged marked where it lies.
// Geometry is pure; drawing makes nodes.
import { svgEl } from './dom.js';
import { brokenLine, resetSvg, roundPx, valueRange } from './plot.js';

export interface AnomalyChartInput {
  history: Array<number | null>;
  anomalies: Array<{ index: number; value: number }>;
}

export interface AnomalyGeometry {
  width: number;
  height: number;
  history: string;
  marks: Array<{ index: number; cx: number; cy: number }>;
}

const M = { left: 48, right: 12, top: 12, bottom: 24 };

/** The history path and one mark per anomaly in a `width`×`height` view box; a missing value breaks the line. */
export function anomalyGeometry(input: AnomalyChartInput, width = 720, height = 260): AnomalyGeometry {
  const n = input.history.length;
  const { lo, hi } = valueRange(input.history);
  const x = (i: number) => roundPx(M.left + (i / Math.max(1, n - 1)) * (width - M.left - M.right));
  const y = (v: number) => roundPx(height - M.bottom - ((v - lo) / (hi - lo)) * (height - M.top - M.bottom));
  const d = brokenLine(input.history.map((v, i): [number, number | null] => [i, v]), x, y);
  return { width, height, history: d, marks: input.anomalies.map((a) => ({ index: a.index, cx: x(a.index), cy: y(a.value) })) };
}

/** Draws `input` into `svg`, replacing what was there; colours come from the stylesheet. */
export function drawAnomalies(svg: SVGSVGElement, input: AnomalyChartInput): void {
  const g = anomalyGeometry(input);
  resetSvg(svg, g.width, g.height);
  if (g.history) svg.append(svgEl('path', { class: 'line history', d: g.history }));
  for (const m of g.marks) svg.append(svgEl('circle', { class: 'anomaly', cx: m.cx, cy: m.cy, r: 5, 'data-index': m.index }));
}
