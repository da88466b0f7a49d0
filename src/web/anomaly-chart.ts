// The anomalies chart: the history, with each value the API flagged marked where it lies.
// Geometry is pure; drawing makes nodes.
import { clear, svgEl } from './dom.js';

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
  const values = input.history.filter((v): v is number => v !== null && Number.isFinite(v));
  let lo = values.length ? Math.min(...values) : 0;
  let hi = values.length ? Math.max(...values) : 1;
  if (hi - lo < 1e-12) { lo -= 1; hi += 1; }
  const x = (i: number) => Math.round((M.left + (i / Math.max(1, n - 1)) * (width - M.left - M.right)) * 100) / 100;
  const y = (v: number) => Math.round((height - M.bottom - ((v - lo) / (hi - lo)) * (height - M.top - M.bottom)) * 100) / 100;
  let d = '';
  let pen = false;
  input.history.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) { pen = false; return; }
    d += `${pen ? 'L' : 'M'}${x(i)},${y(v)}`;
    pen = true;
  });
  return { width, height, history: d, marks: input.anomalies.map((a) => ({ index: a.index, cx: x(a.index), cy: y(a.value) })) };
}

/** Draws `input` into `svg`, replacing what was there; colours come from the stylesheet. */
export function drawAnomalies(svg: SVGSVGElement, input: AnomalyChartInput): void {
  const g = anomalyGeometry(input);
  const keep = Array.from(svg.querySelectorAll('title, desc'));
  clear(svg);
  svg.append(...keep);
  svg.setAttribute('viewBox', `0 0 ${g.width} ${g.height}`);
  if (g.history) svg.append(svgEl('path', { class: 'line history', d: g.history }));
  for (const m of g.marks) svg.append(svgEl('circle', { class: 'anomaly', cx: m.cx, cy: m.cy, r: 5, 'data-index': m.index }));
}
