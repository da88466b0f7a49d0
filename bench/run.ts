// `npm run bench`: every benchmark suite in turn, one table, JSON to bench/results/<timestamp>.json and latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { coreSuite } from './core.bench.js';
import { boundarySuite } from './boundary.bench.js';
import { etsKernelSuite } from './ets-kernel.bench.js';
import { etsLanesSuite } from './ets-lanes.bench.js';
import { httpSuite } from './http.bench.js';
import { backtestSuite } from './backtest.bench.js';
import { batchSuite } from './batch.bench.js';
import { batchDatesSuite } from './batch-dates.bench.js';
import { tunedBodySuite } from './tuned-body.bench.js';
import { bombsSuite } from './bombs.bench.js';
import { formatRows, type SuiteResult } from './harness.js';

const suites: Array<[string, () => Promise<SuiteResult>]> = [
  ['boundary', boundarySuite],
  ['ets-kernel', etsKernelSuite],
  ['ets-lanes', etsLanesSuite],
  ['core', coreSuite],
  ['http', httpSuite],
  ['backtest', backtestSuite],
  ['batch', batchSuite],
  ['batch-dates', batchDatesSuite],
  ['tuned-body', tunedBodySuite],
  ['bombs', bombsSuite],
];

// `npm run bench -- batch http` runs only the named suites, so one target can be re-measured on a quiet machine.
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = wanted.filter((name) => !suites.some(([known]) => known === name));
if (unknown.length > 0) {
  console.error(`bench: unknown suite ${unknown.join(', ')}; known: ${suites.map(([name]) => name).join(', ')}`);
  process.exit(2);
}
const chosen = wanted.length === 0 ? suites : suites.filter(([name]) => wanted.includes(name));

const results: SuiteResult[] = [];
const started = new Date();
for (const [name, suite] of chosen) {
  process.stderr.write(`bench: ${name}…\n`);
  results.push(await suite());
}
console.log(formatRows(results));

const dir = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(dir, { recursive: true });
const doc = JSON.stringify({
  created: started.toISOString(),
  seconds: (Date.now() - started.getTime()) / 1000,
  node: process.version,
  cpu: cpus()[0]?.model,
  results,
}, null, 1) + '\n';
const file = `${dir}${started.toISOString().replace(/[:.]/g, '-')}.json`;
writeFileSync(file, doc);
writeFileSync(`${dir}latest.json`, doc);
console.log(`results: ${file}`);
