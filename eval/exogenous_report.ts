// The exogenous sample's comparison: per source, the model with and without the regressors beside
// R's scores on the same windows (ANCHORS.md of the exogenous format: | group | method | n | MASE |
// RMSSE | cov95 | MSIS | mean ms | median ms | mean CPU ms | fails (timeouts) |).
import type { SeriesResult } from './run.js';
import { mean, quantile } from '../src/metrics/index.js';

export interface ExogenousAnchor { n: number; mase: number; rmsse: number; cover95: number; msis: number }
/** group ("ELECDAILY/Daily", "ALL") → R method → scores. */
export type ExogenousAnchors = Map<string, Map<string, ExogenousAnchor>>;

/** R's methods that do not use the regressors; every other method in ANCHORS.md does. */
const WITHOUT_REGRESSORS = new Set(['snaive', 'ets', 'arima']);

/** Parses the 11-column score rows of the exogenous ANCHORS.md; an empty map when there are none. */
export function parseExogenousAnchors(markdown: string): ExogenousAnchors {
  const out: ExogenousAnchors = new Map();
  for (const raw of markdown.split(/\r?\n/)) {
    const cells = raw.trim().split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 11) continue;
    const [n, mase, rmsse] = cells.slice(2, 5).map(Number);
    const cover95 = Number(cells[5].replace('%', '')) / 100;
    const msis = Number(cells[6]);
    // the header and the |---| rule have non-numeric cells and drop out here
    if (![n, mase, rmsse, cover95, msis].every(Number.isFinite)) continue;
    if (!out.has(cells[0])) out.set(cells[0], new Map());
    out.get(cells[0])!.set(cells[1], { n, mase, rmsse, cover95, msis });
  }
  return out;
}

export interface ExogenousRow {
  group: string;
  /** "<model> + regressors", "<model>", or R's method name prefixed "R " */
  method: string;
  n: number;
  mase: number;
  rmsse: number;
  smape: number | null;
  cover95: number;
  msis: number;
  spl: number | null;
  medianMs: number | null;
  /** for R's rows: whether the method uses the regressors */
  usesRegressors: boolean;
}

function ours(rs: readonly SeriesResult[], group: string, method: string, usesRegressors: boolean): ExogenousRow {
  const points = rs.reduce((s, r) => s + r.points, 0);
  return {
    group, method, n: rs.length, usesRegressors,
    mase: mean(rs.map((r) => r.mase)), rmsse: mean(rs.map((r) => r.rmsseSeasonal)), smape: mean(rs.map((r) => r.smape)),
    cover95: rs.reduce((s, r) => s + r.in95, 0) / points, msis: mean(rs.map((r) => r.msis)), spl: mean(rs.map((r) => r.spl)),
    medianMs: quantile(rs.map((r) => r.ms), 0.5),
  };
}

/**
 * Per source group (then ALL): the model with the regressors, without them, and R's methods on the
 * same windows (R's rows only when R ran as many windows there).
 */
export function exogenousTable(withX: readonly SeriesResult[], withoutX: readonly SeriesResult[], model: string, anchors?: ExogenousAnchors): ExogenousRow[] {
  const groups = [...[...new Set(withX.map((r) => r.group))].sort(), 'ALL'];
  const out: ExogenousRow[] = [];
  for (const g of groups) {
    const a = g === 'ALL' ? [...withX] : withX.filter((r) => r.group === g);
    const b = g === 'ALL' ? [...withoutX] : withoutX.filter((r) => r.group === g);
    out.push(ours(a, g, `${model} + regressors`, true));
    if (b.length > 0) out.push(ours(b, g, model, false));
    for (const [method, s] of anchors?.get(g) ?? []) {
      if (s.n !== a.length) continue;
      out.push({ group: g, method: `R ${method}`, n: s.n, mase: s.mase, rmsse: s.rmsse, smape: null, cover95: s.cover95, msis: s.msis, spl: null, medianMs: null, usesRegressors: !WITHOUT_REGRESSORS.has(method) });
    }
  }
  return out;
}

/** Per group: our MASE with regressors against R's best MASE among its methods that use them (null when R has none there). */
export function againstBestR(rows: readonly ExogenousRow[]): Array<{ group: string; mase: number; rBest: string | null; rBestMase: number | null }> {
  const groups = [...new Set(rows.map((r) => r.group))];
  return groups.map((g) => {
    const mine = rows.find((r) => r.group === g && !r.method.startsWith('R ') && r.usesRegressors)!;
    let best: ExogenousRow | null = null;
    for (const r of rows) if (r.group === g && r.method.startsWith('R ') && r.usesRegressors && (best === null || r.mase < best.mase)) best = r;
    return { group: g, mase: mine.mase, rBest: best ? best.method.slice(2) : null, rBestMase: best ? best.mase : null };
  });
}

const f3 = (v: number | null) => (v === null || !Number.isFinite(v) ? '-' : v.toFixed(3));
const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

/** The comparison as fixed-width text. */
export function formatExogenousTable(rows: readonly ExogenousRow[]): string {
  const head = ['group', 'method', 'n', 'MASE', 'RMSSE', 'sMAPE', 'cov95', 'MSIS', 'SPL', 'med ms'];
  const body = rows.map((r) => [
    r.group, r.method, String(r.n), f3(r.mase), f3(r.rmsse), r.smape === null ? '-' : r.smape.toFixed(2), pct(r.cover95), f3(r.msis), f3(r.spl),
    r.medianMs === null ? '-' : r.medianMs.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
