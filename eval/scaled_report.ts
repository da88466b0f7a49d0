// The lag-1 scaled-error table (MASE1, RMSSE, coverage, negatives) per source, against R's scores
// from an ANCHORS.md in the intermittent sample's format (| group | method | n | MASE1 | RMSSE | neg | ms |).
import type { SeriesResult } from './run.js';
import { mean, quantile } from '../src/metrics/index.js';

export interface ScaledAnchor { n: number; mase1: number; rmsse: number; neg: number }
/** source group ("CARPARTS", "ALL") → method → R's scores. */
export type ScaledAnchors = Map<string, Map<string, ScaledAnchor>>;

/** Parses the 7-column rows of the intermittent ANCHORS.md; an empty map when the file has none. */
export function parseScaledAnchors(markdown: string): ScaledAnchors {
  const out: ScaledAnchors = new Map();
  for (const raw of markdown.split(/\r?\n/)) {
    const cells = raw.trim().split('|').slice(1, -1).map((c) => c.trim());
    if (cells.length !== 7) continue;
    const [n, mase1, rmsse] = cells.slice(2, 5).map(Number);
    const neg = Number(cells[5].replace('%', '')) / 100;
    // the header and the |---| rule have non-numeric cells and drop out here
    if (![n, mase1, rmsse, neg].every(Number.isFinite)) continue;
    if (!out.has(cells[0])) out.set(cells[0], new Map());
    out.get(cells[0])!.set(cells[1], { n, mase1, rmsse, neg });
  }
  return out;
}

export interface ScaledRow {
  group: string;
  n: number;
  mase1: number;
  rmsse: number;
  /** R's lowest mean RMSSE in the group, the all-zero forecast excluded (it is no method). */
  rBestRmsse: number | null;
  rBestMethod: string | null;
  cover80: number;
  cover95: number;
  /** share of series with a negative point forecast / a negative 80% or 95% lower bound. */
  negForecast: number;
  negBound: number;
  medianMs: number;
}

const sourceOf = (r: SeriesResult) => r.group.split('/')[0];

/** One row per source (sorted), then ALL: series means of MASE1 and RMSSE, pooled coverage, negative shares. */
export function scaledTable(results: readonly SeriesResult[], anchors?: ScaledAnchors): ScaledRow[] {
  const groups = [...new Set(results.map(sourceOf))].sort();
  return [...groups, 'ALL'].map((g) => {
    const rs = g === 'ALL' ? [...results] : results.filter((r) => sourceOf(r) === g);
    let best: [string, number] | null = null;
    for (const [method, a] of anchors?.get(g) ?? []) {
      if (method !== 'zero' && a.n === rs.length && (best === null || a.rmsse < best[1])) best = [method, a.rmsse];
    }
    const points = rs.reduce((s, r) => s + r.points, 0);
    return {
      group: g, n: rs.length,
      mase1: mean(rs.map((r) => r.mase1)), rmsse: mean(rs.map((r) => r.rmsse)),
      rBestRmsse: best ? best[1] : null, rBestMethod: best ? best[0] : null,
      cover80: rs.reduce((s, r) => s + r.in80, 0) / points,
      cover95: rs.reduce((s, r) => s + r.in95, 0) / points,
      negForecast: rs.filter((r) => r.negForecast).length / rs.length,
      negBound: rs.filter((r) => r.negBound).length / rs.length,
      medianMs: quantile(rs.map((r) => r.ms), 0.5),
    };
  });
}

const f3 = (v: number | null) => (v === null || !Number.isFinite(v) ? '-' : v.toFixed(3));
const pct = (v: number) => `${(100 * v).toFixed(1)}%`;

/** The scaled-error table as fixed-width text. */
export function formatScaledTable(rows: readonly ScaledRow[]): string {
  const head = ['group', 'n', 'MASE1', 'RMSSE', 'R best RMSSE', 'R best', 'cov80', 'cov95', 'neg fc', 'neg bound', 'med ms'];
  const body = rows.map((r) => [
    r.group, String(r.n), f3(r.mase1), f3(r.rmsse), f3(r.rBestRmsse), r.rBestMethod ?? '-',
    pct(r.cover80), pct(r.cover95), pct(r.negForecast), pct(r.negBound), r.medianMs.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
