// `node --import tsx eval/seasonal-periods.ts [DIR]`: which seasonal periods each dev group's
// series are forecast with when they come with dates (the `--calendar` path), as `method` reports
// them: a single season length, or `seasonal_periods` when two were decomposed.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadForecaster } from '../src/core/node.js';
import { calendarSeason } from './calendar.js';
import { parseEvalArgs } from './args.js';
import { readDataset } from './csv.js';

// the dev data by default, as npm run eval finds it
const dir = process.argv[2] ?? parseEvalArgs([], join(dirname(fileURLToPath(import.meta.url)), '..')).data;
const rows = readDataset(dir);
const core = await loadForecaster();
const byGroup = new Map<string, Map<string, number>>();
for (const r of rows) {
  const { method } = core.forecast(r.train, r.horizon, calendarSeason(r));
  const what = method.seasonal_periods ? `[${method.seasonal_periods.join(', ')}]` : String(method.season_length);
  const group = `${r.source}/${r.frequency}`;
  const tally = byGroup.get(group) ?? new Map<string, number>();
  tally.set(what, (tally.get(what) ?? 0) + 1);
  byGroup.set(group, tally);
}
console.log('group: periods used (series), with dates and no season_length');
for (const [group, tally] of [...byGroup].sort()) {
  console.log(`${group}: ${[...tally].sort((a, b) => b[1] - a[1]).map(([w, k]) => `${w} (${k})`).join(', ')}`);
}
