// The playground chart: history, the API forecast, the browser forecast and the interval bands on
// one SVG drawn from scratch. Geometry is a pure function; drawing only turns it into nodes.
import { svgEl } from './dom.js';
import { brokenLine, resetSvg, roundPx as round, valueRange } from './plot.js';

export interface ChartInput {
  history: Array<number | null>;
  api?: number[];
  browser?: number[];
  /** Interval bands (from whichever side answered), any order. */
  bands: Array<{ level: number; lower: number[]; upper: number[] }>;
  /** Labels of every point, history then future (dates when the series had them); default 1, 2, 3… */
  labels?: string[];
}

export interface ChartGeometry {
  width: number;
  height: number;
  plot: { left: number; right: number; top: number; bottom: number };
  history: string;
  api: string;
  browser: string;
  /** Widest band first, so narrower ones paint over it. */
  bands: Array<{ level: number; d: string }>;
  /** x of the last observation: where history ends and the forecast begins. */
  splitX: number;
  yTicks: Array<{ y: number; label: string }>;
  xTicks: Array<{ x: number; label: string }>;
}

const MARGIN = { left: 60, right: 14, top: 14, bottom: 34 };

// 1, 2 or 5 × a power of ten, so tick labels are round
function niceStep(span: number, count: number): number {
  const raw = span / Math.max(1, count);
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}

function tickLabel(v: number): string {
  return Number(v.toPrecision(6)).toLocaleString('en');
}

/** Paths and ticks for `input` in a `width`×`height` view box; missing history values break the line. */
export function chartGeometry(input: ChartInput, width = 720, height = 320): ChartGeometry {
  const n = input.history.length;
  const h = Math.max(input.api?.length ?? 0, input.browser?.length ?? 0, ...input.bands.map((b) => b.upper.length));
  let { lo, hi } = valueRange([...input.history, ...(input.api ?? []), ...(input.browser ?? []),
    ...input.bands.flatMap((b) => [...b.lower, ...b.upper])]);
  const step = niceStep(hi - lo, 5);
  lo = Math.floor(lo / step) * step;
  hi = Math.ceil(hi / step) * step;

  const plot = { left: MARGIN.left, right: width - MARGIN.right, top: MARGIN.top, bottom: height - MARGIN.bottom };
  const lastIndex = Math.max(1, n + h - 1);
  const x = (i: number) => round(plot.left + (i / lastIndex) * (plot.right - plot.left));
  const y = (v: number) => round(plot.bottom - ((v - lo) / (hi - lo)) * (plot.bottom - plot.top));

  const line = (points: Array<[number, number | null]>): string => brokenLine(points, x, y);
  // a forecast line starts at the last observation, so it visibly continues the history
  const last = n > 0 ? input.history[n - 1] : null;
  const future = (values: number[] | undefined): string => (values && values.length
    ? line([[n - 1, last], ...values.map((v, k): [number, number] => [n + k, v])])
    : '');

  const bands = [...input.bands].sort((a, b) => b.level - a.level).map((b) => {
    const upper = b.upper.map((v, k) => `${x(n + k)},${y(v)}`);
    const lower = b.lower.map((v, k) => `${x(n + k)},${y(v)}`).reverse();
    return { level: b.level, d: upper.length ? `M${upper.join('L')}L${lower.join('L')}Z` : '' };
  });

  const yTicks: ChartGeometry['yTicks'] = [];
  for (let v = lo; v <= hi + step / 2; v += step) yTicks.push({ y: y(v), label: tickLabel(v) });
  // date labels are wider than step numbers, so fewer of them fit
  const xStep = niceStep(lastIndex, input.labels ? (width < 500 ? 2 : 5) : width < 500 ? 4 : 6);
  const xTicks: ChartGeometry['xTicks'] = [];
  for (let i = 0; i <= lastIndex; i += xStep) xTicks.push({ x: x(i), label: input.labels?.[i] ?? String(i + 1) });

  return {
    width, height, plot,
    history: line(input.history.map((v, i): [number, number | null] => [i, v])),
    api: future(input.api),
    browser: future(input.browser),
    bands,
    splitX: x(Math.max(0, n - 1)),
    yTicks,
    xTicks,
  };
}

/** Draws `input` into `svg` (replacing what was there); colours and widths come from the stylesheet. */
export function drawChart(svg: SVGSVGElement, input: ChartInput): void {
  // the view box follows the drawn width, so tick labels keep their size on a phone
  const shown = Math.round(svg.getBoundingClientRect().width);
  const width = shown > 0 ? Math.max(300, Math.min(1000, shown)) : 720;
  const g = chartGeometry(input, width, width < 500 ? 260 : 320);
  resetSvg(svg, g.width, g.height);
  const { left, right, top, bottom } = g.plot;
  const axes = svgEl('g', { class: 'axes', 'aria-hidden': 'true' });
  for (const t of g.yTicks) {
    axes.append(svgEl('line', { class: 'grid', x1: left, x2: right, y1: t.y, y2: t.y }));
    axes.append(svgEl('text', { class: 'tick', x: left - 6, y: t.y + 4, 'text-anchor': 'end' }, t.label));
  }
  for (const t of g.xTicks) {
    axes.append(svgEl('text', { class: 'tick', x: t.x, y: bottom + 18, 'text-anchor': 'middle' }, t.label));
  }
  axes.append(svgEl('line', { class: 'axis', x1: left, x2: right, y1: bottom, y2: bottom }));
  axes.append(svgEl('line', { class: 'split', x1: g.splitX, x2: g.splitX, y1: top, y2: bottom }));
  svg.append(axes);
  g.bands.forEach((b, k) => {
    if (b.d) svg.append(svgEl('path', { class: `band band-${Math.min(k, 3)}`, d: b.d, 'data-level': b.level }));
  });
  if (g.history) svg.append(svgEl('path', { class: 'line history', d: g.history }));
  if (g.api) svg.append(svgEl('path', { class: 'line api', d: g.api }));
  if (g.browser) svg.append(svgEl('path', { class: 'line browser', d: g.browser }));
}
