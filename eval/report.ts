// Groups per-series results (source/frequency, source/ALL, ALL) into the OWA table and prints it.
import type { SeriesResult } from './run.js';
import type { Anchors } from './anchors.js';
import { mean, owa, quantile } from '../src/metrics/index.js';

export interface GroupRow {
  group: string;
  n: number;
  smape: number;
  mase: number;
  owa: number;
  /** share (0..1) of series that threw or gave a non-finite value (scored with Naive2). */
  fails: number;
  /** share (0..1) of series whose only component was naive while another model was asked for. */
  naiveFallback: number;
  medianMs: number;
  p95Ms: number;
  /** share of test values inside the 80% / 95% intervals, pooled over the group's points. */
  cover80: number;
  cover95: number;
  /** mean MSIS of the 95% interval. */
  msis: number;
  /** mean scaled pinball loss (M5's nine quantiles). */
  spl: number;
  naive2Smape: number;
  naive2Mase: number;
  /** R's scores on the same group from ANCHORS.md (null when the group is absent there). */
  rEtsOwa: number | null;
  rEnsMedianOwa: number | null;
  rNaive2Smape: number | null;
  /** OWA against R's Naive2 group means (same yardstick as the R anchors); null unless the group is complete. */
  owaVsRNaive2: number | null;
}

/** Group names in report order: every source/frequency, then every source/ALL, then ALL (each sorted). */
export function groupNames(results: readonly SeriesResult[]): string[] {
  const fine = [...new Set(results.map((r) => r.group))].sort();
  const sources = [...new Set(fine.map((g) => g.split('/')[0]))].sort();
  return [...fine, ...sources.map((s) => `${s}/ALL`), 'ALL'];
}

/** The series a group name covers. */
export function membersOf(results: readonly SeriesResult[], group: string): SeriesResult[] {
  if (group === 'ALL') return [...results];
  if (group.endsWith('/ALL')) {
    const source = group.slice(0, -'/ALL'.length);
    return results.filter((r) => r.group.split('/')[0] === source);
  }
  return results.filter((r) => r.group === group);
}

/** One table row: means over the group's series, OWA on those means, timing quantiles, R's anchors. */
export function groupRow(results: readonly SeriesResult[], group: string, model: string, anchors?: Anchors): GroupRow {
  const rs = membersOf(results, group);
  const s = mean(rs.map((r) => r.smape)), m = mean(rs.map((r) => r.mase));
  const ns = mean(rs.map((r) => r.naive2Smape)), nm = mean(rs.map((r) => r.naive2Mase));
  const ms = rs.map((r) => r.ms);
  const ref = anchors?.get(group);
  const rN2 = ref?.get('naive2');
  // R's Naive2 means only describe the same series when the whole group was run
  const owaR = rN2 && rN2.n === rs.length ? owa(s, m, rN2.smape, rN2.mase) : null;
  const onlyNaive = (r: SeriesResult) => r.method.length === 1 && r.method[0] === 'naive';
  return {
    group, n: rs.length, smape: s, mase: m, owa: owa(s, m, ns, nm),
    fails: rs.filter((r) => r.failed).length / rs.length,
    naiveFallback: model === 'naive' ? 0 : rs.filter((r) => !r.failed && onlyNaive(r)).length / rs.length,
    medianMs: quantile(ms, 0.5), p95Ms: quantile(ms, 0.95),
    cover80: sum(rs.map((r) => r.in80)) / sum(rs.map((r) => r.points)),
    cover95: sum(rs.map((r) => r.in95)) / sum(rs.map((r) => r.points)),
    msis: mean(rs.map((r) => r.msis)),
    spl: mean(rs.map((r) => r.spl)),
    naive2Smape: ns, naive2Mase: nm,
    rEtsOwa: ref?.get('ets')?.owa ?? null,
    rEnsMedianOwa: ref?.get('ens_median')?.owa ?? null,
    rNaive2Smape: rN2?.smape ?? null,
    owaVsRNaive2: owaR,
  };
}

/** The whole group table in report order. */
export function groupTable(results: readonly SeriesResult[], model: string, anchors?: Anchors): GroupRow[] {
  return groupNames(results).map((g) => groupRow(results, g, model, anchors));
}

/** How often each component name ran, most frequent first. */
export function componentCounts(results: readonly SeriesResult[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const r of results) for (const c of r.method) counts.set(c, (counts.get(c) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}

function sum(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s;
}

const f3 = (v: number | null) => (v === null || !Number.isFinite(v) ? '-' : v.toFixed(3));
const pct = (v: number) => `${(100 * v).toFixed(1)}%`;
const f1 = (v: number) => v.toFixed(1);

/** The group table as fixed-width text. */
export function formatTable(rows: readonly GroupRow[]): string {
  const head = ['group', 'n', 'sMAPE', 'MASE', 'OWA', 'OWA/R-N2', 'fails', 'naive fb', 'med ms', 'p95 ms', 'cov80', 'cov95', 'MSIS', 'SPL', 'R ets OWA', 'R ens_med OWA', 'N2 sMAPE', 'R N2 sMAPE'];
  const body = rows.map((r) => [
    r.group, String(r.n), f3(r.smape), f3(r.mase), f3(r.owa), f3(r.owaVsRNaive2), pct(r.fails), pct(r.naiveFallback),
    f1(r.medianMs), f1(r.p95Ms), pct(r.cover80), pct(r.cover95), f3(r.msis), f3(r.spl), f3(r.rEtsOwa), f3(r.rEnsMedianOwa), f3(r.naive2Smape), f3(r.rNaive2Smape),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}
