// `npm run bench`: every benchmark suite in turn, one table, JSON to bench/results/<timestamp>.json and latest.json;
// with --publish, each suite's rows also go to docs/results/bench-<suite>.json, where the docs' tables come from.
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cpus } from 'node:os';
import { formatRows, type SuiteResult } from './harness.js';
import { SUITES as suites } from './suites.js';
import { startMeasurement, writeResult } from '../scripts/doc-tables/results.js';

// `npm run bench -- batch http` runs only the named suites, so one target can be re-measured on a quiet machine.
const wanted = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const publish = process.argv.includes('--publish');
const badFlags = process.argv.slice(2).filter((arg) => arg.startsWith('-') && arg !== '--publish');
if (badFlags.length > 0) {
  console.error(`bench: unknown option ${badFlags.join(', ')}; usage: npm run bench -- [SUITE ...] [--publish]`);
  process.exit(2);
}
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
  const finish = startMeasurement(`npm run bench -- ${name}`);
  const result = await suite();
  results.push(result);
  // a skipped suite measured nothing, so the published numbers it would replace stay
  if (publish && result.skipped === undefined) writeResult(`bench-${name}`, finish(), result);
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
