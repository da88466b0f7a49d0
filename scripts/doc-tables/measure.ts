// `npm run docs:measure [-- NAME ...]`: measures again what the docs' generated tables show, writes
// each result to docs/results/NAME.json, then renders the tables (`npm run docs:tables`). Without
// names it measures everything (tens of minutes; run it on a quiet machine); with names, only those
// (e.g. `eval-dev-told bench-http`). The commands are the ones each result records.
import { spawnSync } from 'node:child_process';
import { SUITES } from '../../bench/suites.js';
import { renderDocuments } from './main.js';
import { ROOT } from './results.js';

const EVAL = ['--import', 'tsx', 'eval/main.ts', '--publish', '--data'];

/** Every published result and the node arguments that measure it (run from the repository root). */
export const MEASUREMENTS: Record<string, string[]> = {
  'eval-dev-told': [...EVAL, 'datasets/dev'],
  'eval-dev-blind': [...EVAL, 'datasets/dev', '--blind'],
  'eval-dev-calendar': [...EVAL, 'datasets/dev', '--calendar'],
  ...Object.fromEntries(['told', 'blind', 'calendar'].flatMap((mode) => [1, 2, 3].map((k) =>
    [`eval-dev-${mode}-origin${k}`, [...EVAL, 'datasets/dev', ...(mode === 'told' ? [] : [`--${mode}`]), '--origin', String(k)]]))),
  ...Object.fromEntries(['ets', 'arima', 'damped', 'dotm', 'theta'].map((m) => [`eval-dev-told-${m}`, [...EVAL, 'datasets/dev', '--model', m]])),
  'eval-intermittent-blind': [...EVAL, 'datasets/intermittent', '--blind'],
  'eval-intermittent-told': [...EVAL, 'datasets/intermittent'],
  'eval-exogenous-told': [...EVAL, 'datasets/exogenous'],
  periods: ['--import', 'tsx', 'eval/periods.ts', '--publish'],
  anomalies: ['--import', 'tsx', 'eval/anomalies.ts', '--publish'],
  tuned: ['--import', 'tsx', 'eval/tuned.ts', '--publish'],
  'tuned-calendar': ['--import', 'tsx', 'eval/tuned.ts', '--calendar', '--publish'],
  ...Object.fromEntries(SUITES.map(([suite]) => [`bench-${suite}`, ['--import', 'tsx', 'bench/run.ts', suite, '--publish']])),
  'forecast-file': ['--import', 'tsx', 'bench/forecast-file.ts', '--publish'],
  'python-client': ['--import', 'tsx', 'bench/python-client.ts', '--publish'],
  hostile: ['--import', 'tsx', 'scripts/doc-tables/hostile.ts'],
};

function run(args: string[]): void {
  const r = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((n) => !(n in MEASUREMENTS));
  if (unknown.length > 0) {
    console.error(`docs:measure: unknown result ${unknown.join(', ')}; known: ${Object.keys(MEASUREMENTS).join(', ')}`);
    process.exit(2);
  }
  run(['scripts/build.js']);
  for (const name of wanted.length === 0 ? Object.keys(MEASUREMENTS) : wanted) {
    console.error(`docs:measure: ${name}`);
    run(MEASUREMENTS[name]);
  }
  const changed = renderDocuments();
  console.log(changed.length === 0 ? 'docs:measure: no table changed' : `docs:measure: rewrote ${changed.join(', ')}`);
}
