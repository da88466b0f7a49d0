// Two builds of the core on the same data, alternating series by series (which build goes first
// alternates too), so the shared machine's load falls on both alike: median ms per series per
// group and overall, their ratio, and how many series the two builds answer differently.
// With --repeat K each series runs K times per build (still alternating) and keeps its fastest
// time: on a loaded machine a call is sometimes descheduled for a whole time slice, which a
// longer call catches more often, so single timings flatter the faster build.
//   node --import tsx bench/ab-builds.ts OLD.wasm NEW.wasm [--blind] [--data DIR] [--group TEXT] [--repeat K]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createForecaster, type Forecaster, type ForecastResult } from '@tempo-forecast/core';
import { readDataset } from '../eval/csv.js';
import { median } from './harness.js';
import { LEVELS } from '../eval/run.js';
import { parseEvalArgs } from '../eval/args.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { blind: { type: 'boolean', default: false }, data: { type: 'string' }, group: { type: 'string' }, repeat: { type: 'string', default: '1' } },
});
const repeat = Number(values.repeat);
if (!Number.isInteger(repeat) || repeat < 1) throw new Error('--repeat takes a positive integer');
if (positionals.length !== 2) throw new Error('usage: bench/ab-builds.ts OLD.wasm NEW.wasm [--blind] [--data DIR] [--group TEXT]');
const builds: Forecaster[] = await Promise.all(positionals.map((p) => createForecaster(readFileSync(p))));
// the data folder `npm run eval` uses by default
const data = values.data ?? parseEvalArgs([], fileURLToPath(new URL('..', import.meta.url))).data;
const rows = readDataset(data).filter((r) => values.group === undefined || `${r.source}/${r.frequency}`.includes(values.group));

const times: Array<Record<string, number[]>> = [{ ALL: [] }, { ALL: [] }];
let differing = 0;
for (const [i, row] of rows.entries()) {
  const group = `${row.source}/${row.frequency}`;
  const options = { level: LEVELS, ...(values.blind ? {} : { seasonLength: row.seasonLength }) };
  const answers: ForecastResult[] = [];
  const best = [Infinity, Infinity];
  for (let r = 0; r < repeat; r++) {
    for (const k of (i + r) % 2 === 0 ? [0, 1] : [1, 0]) {
      const start = performance.now();
      answers[k] = builds[k].forecast(row.train, row.horizon, options);
      best[k] = Math.min(best[k], performance.now() - start);
    }
  }
  for (const k of [0, 1]) {
    (times[k][group] ??= []).push(best[k]);
    times[k].ALL.push(best[k]);
  }
  if (JSON.stringify(answers[0]) !== JSON.stringify(answers[1])) differing++;
}

for (const group of [...Object.keys(times[0]).filter((g) => g !== 'ALL'), 'ALL']) {
  const [a, b] = [median(times[0][group]), median(times[1][group])];
  console.log(`${group.padEnd(15)} old ${a.toFixed(2).padStart(7)} ms  new ${b.toFixed(2).padStart(7)} ms  new/old ${(b / a).toFixed(2)}`);
}
console.log(`${differing} of ${rows.length} series answered differently`);
