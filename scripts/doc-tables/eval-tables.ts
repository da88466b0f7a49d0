// The accuracy tables and headline numbers, rendered from the published `npm run eval` summaries
// (docs/results/eval-*.json) and R's scores on the same series (datasets/*/ANCHORS.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAnchors, type Anchors } from '../../eval/anchors.js';
import type { EvalSummary } from '../../eval/publish.js';
import type { GroupRow } from '../../eval/report.js';
import type { ScaledRow } from '../../eval/scaled_report.js';
import { bold, count, fixed, mdTable, pct, provenance } from './format.js';
import { readResult, ROOT, type Published } from './results.js';

const evalResult = (name: string) => readResult<EvalSummary>(name);

function devAnchors(): Anchors {
  return parseAnchors(readFileSync(join(ROOT, 'datasets', 'dev', 'ANCHORS.md'), 'utf8'));
}

function group(result: Published<EvalSummary>, name: string): GroupRow {
  const row = result.data.groups.find((g) => g.group === name);
  if (row === undefined) throw new Error(`${result.measured.command} has no group ${name}`);
  return row;
}

const isSummary = (g: string) => g === 'ALL' || g.endsWith('/ALL');

/** R's score for `method` on `group`, with the number of series when R ran on fewer than we did. */
function rScore(anchors: Anchors, groupName: string, method: string, n: number): string {
  const a = anchors.get(groupName)?.get(method);
  if (a === undefined) return '–';
  return a.n === n ? a.owa.toFixed(3) : `${a.owa.toFixed(3)} (${a.n})`;
}

/**
 * The exogenous sample: per source, `tempo` with and without the regressors beside R's methods on
 * the same windows (its rows that use the regressors, and `ets` and `arima` without them).
 */
export function exogenous(): string {
  const run = evalResult('eval-exogenous-told');
  const rows = (run.data.exogenous ?? []).map((r) => {
    const cells = [r.group, r.method.replace(/^R /, 'R `').replace(/^(R `.*)$/, '$1`'), count(r.n), fixed(r.mase, 3), fixed(r.rmsse, 3), pct(r.cover95), fixed(r.msis, 2),
      r.spl === null ? '–' : fixed(r.spl, 3), r.usesRegressors ? 'yes' : 'no'];
    return r.method.endsWith('+ regressors') ? bold(cells) : cells;
  });
  return [
    mdTable(['group', 'method', 'n', 'MASE', 'RMSSE', '95% cover', 'MSIS', 'SPL', 'regressors'], 'llrrrrrrl', rows),
    '',
    provenance([run.measured]),
  ].join('\n');
}

/** The main accuracy table: every group told, blind and dated, its time, and R's scores. */
export function devAccuracy(): string {
  const [told, blind, calendar] = ['eval-dev-told', 'eval-dev-blind', 'eval-dev-calendar'].map(evalResult);
  const anchors = devAnchors();
  const rows = told.data.groups.map((g) => {
    const cells = [g.group, count(g.n), fixed(g.smape, 3), fixed(g.mase, 3), fixed(g.owa, 3),
      fixed(group(blind, g.group).owa, 3), fixed(group(calendar, g.group).owa, 3),
      fixed(g.medianMs, 1), fixed(g.p95Ms, 1), rScore(anchors, g.group, 'ets', g.n), rScore(anchors, g.group, 'ens_median', g.n)];
    return g.group === 'ALL' ? bold(cells) : cells;
  });
  return [
    mdTable(['group', 'n', 'sMAPE', 'MASE', 'OWA told', 'OWA blind', 'OWA calendar', 'median ms', 'p95 ms', 'R `ets` OWA', 'R ensemble OWA'], 'lrrrrrrrrrr', rows),
    '',
    provenance([told.measured, blind.measured, calendar.measured]),
  ].join('\n');
}

/** Interval coverage and MSIS per group, told and blind. */
export function devIntervals(): string {
  const [told, blind] = ['eval-dev-told', 'eval-dev-blind'].map(evalResult);
  const rows = told.data.groups.map((g) => {
    const b = group(blind, g.group);
    const cells = [g.group, pct(g.cover80), pct(g.cover95), fixed(g.msis, 2), pct(b.cover80), pct(b.cover95), fixed(b.msis, 2)];
    return g.group === 'ALL' ? bold(cells) : cells;
  });
  return [
    mdTable(['group', '80% cover told', '95% cover told', 'MSIS told', '80% cover blind', '95% cover blind', 'MSIS blind'], 'lrrrrrr', rows),
    '',
    provenance([told.measured, blind.measured]),
  ].join('\n');
}

/** The runs behind the hourly and weekly table: blind and dated, at the test window and 1–3 horizons before it. */
export const HIGH_FREQUENCY_RUNS = ['blind', 'calendar'].flatMap((mode) =>
  [0, 1, 2, 3].map((k) => `eval-dev-${mode}${k > 0 ? `-origin${k}` : ''}`));

/** OWA of the hourly and weekly groups, blind and dated, at the competition's origin and one to three horizons before it. */
export function devHighFrequency(): string {
  const runs = HIGH_FREQUENCY_RUNS.map(evalResult);
  const rows: string[][] = [];
  for (const g of ['M4/Hourly', 'M4/Weekly']) {
    for (const [mode, label] of [['blind', 'blind'], ['calendar', 'dated']]) {
      const byOrigin = runs.filter((r) => r.data.mode === mode).sort((a, b) => a.data.origin - b.data.origin);
      rows.push([g, label, ...byOrigin.map((r) => fixed(group(r, g).owa, 3)), pct(group(byOrigin[0], g).cover95), fixed(group(byOrigin[0], g).medianMs, 1)]);
    }
  }
  return [
    mdTable(['group', 'path', 'OWA origin 0', 'origin 1', 'origin 2', 'origin 3', '95% cover (origin 0)', 'median ms (origin 0)'], 'llrrrrrr', rows),
    '',
    provenance(runs.map((r) => r.measured)),
  ].join('\n');
}

/** 95% coverage per group at the competition's origin and one to three horizons before it. */
export function devOrigins(): string {
  const runs = ['eval-dev-told', 'eval-dev-told-origin1', 'eval-dev-told-origin2', 'eval-dev-told-origin3'].map(evalResult);
  const names = runs[0].data.groups.map((g) => g.group).filter((g) => !isSummary(g));
  const cell = (r: Published<EvalSummary>, g: string) => {
    const row = r.data.groups.find((x) => x.group === g);
    return row === undefined ? '–' : pct(row.cover95);
  };
  const rows = names.map((g) => [g, ...runs.map((r) => cell(r, g))]);
  rows.push(bold(['all series', ...runs.map((r) => cell(r, 'ALL'))]));
  rows.push(['MSIS, all series', ...runs.map((r) => fixed(group(r, 'ALL').msis, 2))]);
  rows.push(['series scored', ...runs.map((r) => count(r.data.series))]);
  return [mdTable(['group', 'origin 0', 'origin 1', 'origin 2', 'origin 3'], 'lrrrr', rows), '', provenance(runs.map((r) => r.measured))].join('\n');
}

const MEMBERS: Array<[string, string, string]> = [
  // our model, R's counterpart (ANCHORS.md method), how R's is named
  ['ets', 'ets', '`ets`'],
  ['arima', 'auto.arima', '`auto.arima`'],
  ['damped', 'damped', '`holt(damped = TRUE)`'],
  ['dotm', 'thetaf', '`thetaf`'],
  ['theta', 'thetaf', '`thetaf`'],
];

/** Each default member alone, told, on the whole sample, beside R's counterpart. */
export function devMembers(): string {
  const anchors = devAnchors();
  const tempo = evalResult('eval-dev-told');
  const runs = MEMBERS.map(([model]) => evalResult(`eval-dev-told-${model}`));
  const row = (model: string, r: Published<EvalSummary>, rName: string, rMethod: string | null) => {
    const all = group(r, 'ALL');
    return [`\`${model}\``, fixed(all.smape, 3), fixed(all.mase, 3), fixed(all.owa, 3), fixed(all.medianMs, 1),
      rName, rMethod === null ? '–' : rScore(anchors, 'ALL', rMethod, all.n)];
  };
  const rows = [
    row('tempo', tempo, '`ens_median`', 'ens_median'),
    ...MEMBERS.map(([model, rMethod, rName], i) => row(model, runs[i], rName, rMethod)),
  ];
  return [
    mdTable(['model', 'sMAPE', 'MASE', 'OWA', 'median ms', 'R counterpart', 'its OWA'], 'lrrrrlr', rows),
    '',
    provenance([tempo.measured, ...runs.map((r) => r.measured)]),
  ].join('\n');
}

/** The intermittent sample: lag-1 scaled errors blind and told, coverage, negatives, R's best method. */
export function intermittent(): string {
  const [blind, told] = ['eval-intermittent-blind', 'eval-intermittent-told'].map(evalResult);
  const toldRow = (g: string): ScaledRow | undefined => told.data.scaled.find((r) => r.group === g);
  const rows = blind.data.scaled.map((r) => [
    r.group, count(r.n), fixed(r.mase1, 3), fixed(r.rmsse, 3), fixed(toldRow(r.group)?.rmsse, 3),
    r.rBestMethod === null ? '–' : `\`${r.rBestMethod}\` ${fixed(r.rBestRmsse, 3)}`,
    pct(r.cover80), pct(r.cover95), pct(r.negForecast), pct(r.negBound),
  ]);
  return [
    mdTable(['group', 'n', 'MASE1 blind', 'RMSSE blind', 'RMSSE told', 'best R method (not `zero`)', '80% cover', '95% cover', 'negative forecasts', 'negative bounds'], 'lrrrrlrrrr', rows),
    '',
    provenance([blind.measured, told.measured]),
  ].join('\n');
}

function headline(): { told: GroupRow; result: Published<EvalSummary>; anchors: Anchors } {
  const result = evalResult('eval-dev-told');
  return { told: group(result, 'ALL'), result, anchors: devAnchors() };
}

/** The README's accuracy sentence. */
export function readmeAccuracy(): string {
  const { told, anchors } = headline();
  const ens = anchors.get('ALL')?.get('ens_median');
  const ets = anchors.get('ALL')?.get('ets');
  if (ens === undefined || ets === undefined) throw new Error('datasets/dev/ANCHORS.md lost its ALL rows for ens_median and ets');
  return `OWA ${told.owa.toFixed(3)} over its ${count(told.n)} series, against ${ens.owa.toFixed(3)} for R's \`forecast\` median`
    + ` ensemble (on the ${count(ens.n)} of them it ran on) and ${ets.owa.toFixed(3)} for R's \`ets\``;
}

/** The README's speed sentence: our median per series beside R's `ets` on the same series. */
export function readmeSpeed(): string {
  const { told, anchors } = headline();
  const ets = anchors.get('ALL')?.get('ets');
  if (ets === undefined) throw new Error('datasets/dev/ANCHORS.md lost its ALL row for ets');
  return `a median of ${told.medianMs.toFixed(1)} ms per series for the whole ensemble on one thread, against`
    + ` ${ets.medianMs.toFixed(1)} ms for R's \`ets\` alone`;
}

/** The README's coverage sentence: the range of 95% coverage over the told groups. */
export function readmeCoverage(): string {
  const { result } = headline();
  const fine = result.data.groups.filter((g) => !isSummary(g.group));
  const covers = fine.map((g) => g.cover95);
  return `${pct(Math.min(...covers))}–${pct(Math.max(...covers))} per group`;
}
