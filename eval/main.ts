// `npm run eval`: accuracy (sMAPE, MASE, OWA vs Naive2) and speed of one core model on competition data.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadForecaster } from '../src/core/node.js';
import { readDataset } from './csv.js';
import { parseAnchors } from './anchors.js';
import { evaluateAll, groupOf } from './run.js';
import { groupTable, componentCounts, formatTable } from './report.js';
import { parseEvalArgs } from './args.js';
import { parseScaledAnchors, scaledTable, formatScaledTable } from './scaled_report.js';
import { dataDirProblem } from './data-dir.js';
import { atOrigin } from './origin.js';
import { parseExogenousAnchors, exogenousTable, againstBestR, formatExogenousTable, type ExogenousRow } from './exogenous_report.js';
import { evalCommand, publishedName, publishProblem, type EvalSummary } from './publish.js';
import { startMeasurement, writeResult } from '../scripts/doc-tables/results.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

async function main(): Promise<number> {
  let args;
  try {
    args = parseEvalArgs(process.argv.slice(2), root);
  } catch (e) {
    console.error((e as Error).message);
    return 2;
  }
  const problem = dataDirProblem(args.data, args.dataIsDefault);
  if (problem !== null) { console.error(problem); return 2; }
  const unpublishable = args.publish ? publishProblem(args, root) : null;
  if (unpublishable !== null) { console.error(`tempo eval: ${unpublishable}`); return 2; }
  const finish = startMeasurement(evalCommand(args, root));
  let rows;
  try {
    rows = readDataset(args.data);
  } catch (e) {
    // a malformed file is bad input, like a bad flag: say which line, not a stack trace
    console.error(`tempo eval: ${(e as Error).message}`);
    return 2;
  }
  if (args.group) rows = rows.filter((r) => groupOf(r).includes(args.group!));
  const selected = rows.length;
  rows = atOrigin(rows, args.origin);
  if (rows.length === 0) { console.error(args.origin > 0 ? `no series selected is long enough for --origin ${args.origin}` : 'no series selected'); return 2; }
  const anchorsPath = join(args.data, 'ANCHORS.md');
  const anchorsText = existsSync(anchorsPath) ? readFileSync(anchorsPath, 'utf8') : undefined;
  // R's scores belong to the competition's own test window
  const anchors = anchorsText !== undefined && args.origin === 0 ? parseAnchors(anchorsText) : undefined;
  const scaledAnchors = anchorsText !== undefined && args.origin === 0 ? parseScaledAnchors(anchorsText) : undefined;

  const core = await loadForecaster();
  const mode = args.calendar ? 'calendar (no season length; dates from the file\'s frequency, calendar periods as tested hints)' : args.blind ? 'blind (season length detected by the core)' : 'told (season length from the CSV)';
  const where = args.origin > 0 ? `, origin ${args.origin} horizon(s) before the test (${selected - rows.length} series too short, skipped)` : '';
  console.log(`tempo eval: model=${args.model}, ${mode}${where}, ${rows.length} series from ${args.data}`);
  const tty = process.stderr.isTTY;
  const onProgress = tty ? (d: number, t: number) => process.stderr.write(`\r${d}/${t}${d === t ? '\n' : ''}`) : undefined;
  // rows that carry regressors are forecast with them; the comparison runs them again without
  const exogenous = rows.some((r) => r.regressors !== undefined);
  const results = evaluateAll(core, rows, { model: args.model, blind: args.blind, calendar: args.calendar, regressors: true, onProgress });
  let exoRows: ExogenousRow[] | undefined;
  if (exogenous) {
    const plain = evaluateAll(core, rows, { model: args.model, blind: args.blind, calendar: args.calendar, regressors: false, onProgress });
    const exoAnchors = anchorsText !== undefined && args.origin === 0 ? parseExogenousAnchors(anchorsText) : undefined;
    exoRows = exogenousTable(results, plain, args.model, exoAnchors);
  }

  const table = groupTable(results, args.model, anchors);
  console.log('');
  console.log(formatTable(table));
  console.log('');
  console.log('sMAPE, MASE: group means (M4 definitions); OWA = ½(sMAPE/sMAPE_Naive2 + MASE/MASE_Naive2) on group means,');
  console.log('with Naive2 = our core\'s naive2 told the CSV season length (compare "N2 sMAPE" with R\'s "R N2 sMAPE").');
  console.log('OWA/R-N2: the same OWA against R\'s Naive2 group means from ANCHORS.md (the anchors\' own yardstick; whole groups only).');
  console.log('fails: share of series that threw or gave a non-finite value; such a series is scored with the Naive2 forecast.');
  console.log('naive fb: share of series where the core fell back to plain naive. ms: wall time of the forecast call per series.');
  console.log('R ets OWA / R ens_med OWA: R forecast 8.20 on the same group, from ANCHORS.md (ens_median on a subset for H/D).');
  console.log('SPL: M5\'s scaled pinball loss over its nine quantiles (0.005 … 0.995), scaled by the lag-1 in-sample MAE.');

  const scaled = scaledTable(results, scaledAnchors);
  console.log('');
  console.log(formatScaledTable(scaled));
  console.log('');
  console.log('Lag-1 scaled errors per source (definitions in the intermittent ANCHORS.md): MASE1, RMSSE = series means;');
  console.log('R best RMSSE: R forecast 8.20\'s lowest mean RMSSE there, the all-zero forecast excluded (only when the whole group ran).');
  console.log('cov80/cov95: pooled interval coverage; neg fc / neg bound: share of series with a point forecast / lower bound below 0.');

  if (exoRows) {
    console.log('');
    console.log(formatExogenousTable(exoRows));
    console.log('');
    for (const b of againstBestR(exoRows)) {
      const verdict = b.rBestMase === null ? '' : b.mase <= b.rBestMase ? ' (at or below)' : ' (ABOVE)';
      console.log(`${b.group}: MASE with regressors ${b.mase.toFixed(3)}; R's best method using them: ${b.rBest ?? '-'} ${b.rBestMase?.toFixed(3) ?? '-'}${verdict}`);
    }
    console.log('Per window means (RMSSE and MSIS scaled at the season\'s lag, as R\'s), pooled 95% coverage, MSIS at α = 0.05, SPL = M5\'s scaled pinball loss (nine quantiles);');
    console.log('R rows: R forecast 8.20 on the same windows, from ANCHORS.md (no sMAPE or SPL there).');
  }

  const counts = componentCounts(results);
  console.log('');
  console.log(`components that ran (series count): ${counts.slice(0, 12).map(([c, k]) => `${c} ${k}`).join(', ')}`);
  const benchOff = results.filter((r) => !(r.naive2Method.length === 1 && r.naive2Method[0] === 'naive2'));
  if (benchOff.length > 0) {
    console.log(`WARNING: Naive2 did not run as naive2 on ${benchOff.length}/${results.length} series ` +
      `(reported ${[...new Set(benchOff.map((r) => r.naive2Method.join('+')))].join(', ')}): OWA is relative to that instead.`);
  }
  const failed = results.filter((r) => r.failed);
  for (const r of failed.slice(0, 10)) console.log(`FAILED ${r.id}: ${r.error}`);
  if (failed.length > 10) console.log(`… and ${failed.length - 10} more failed series`);

  mkdirSync(dirname(args.out), { recursive: true });
  writeFileSync(args.out, JSON.stringify({
    model: args.model,
    mode: args.mode,
    origin: args.origin,
    data: args.data,
    created: new Date().toISOString(),
    abiVersion: core.abiVersion,
    node: process.version,
    groups: table,
    scaled,
    ...(exoRows ? { exogenous: exoRows } : {}),
    components: Object.fromEntries(counts),
    series: results.map((r) => ({
      id: r.id, group: r.group, sMAPE: r.smape, MASE: r.mase, ms: r.ms, method: r.method,
      season_length: r.season_length, failed: r.failed, ...(r.error ? { error: r.error } : {}),
      naive2_sMAPE: r.naive2Smape, naive2_MASE: r.naive2Mase, MASE1: r.mase1, RMSSE: r.rmsse,
      neg_forecast: r.negForecast, neg_bound: r.negBound, SPL: r.spl,
    })),
  }, null, 1) + '\n');
  console.log(`report: ${args.out}`);
  if (args.publish && failed.length === 0) {
    const summary: EvalSummary = {
      model: args.model, mode: args.mode, origin: args.origin, data: relative(root, resolve(args.data)),
      series: results.length, abiVersion: core.abiVersion, groups: table, scaled, ...(exoRows ? { exogenous: exoRows } : {}), components: Object.fromEntries(counts),
    };
    console.log(`published: ${relative(root, writeResult(publishedName(args), finish(), summary))} (render the docs' tables with npm run docs:tables)`);
  } else if (args.publish) {
    console.log('not published: a run with failed series is not a reference');
  }
  return failed.length > 0 ? 1 : 0;
}

process.exitCode = await main();
