// Cross-validation cost against one forecast of the same 100-point series: in-process, as one
// pool task (what the endpoint does), and spread as one pool task per window (the alternative).
import { loadForecaster } from '../src/core/node.js';
import { createComputePool } from '../src/compute/pool.js';
import { runBacktest } from '../src/backtest/run.js';
import { windowCutoffs } from '../src/backtest/plan.js';
import { SEASON, seasonalSeries } from './fixtures.js';
import { makeBench, collect, isMain, runAlone, type SuiteResult } from './harness.js';

const N = 100;
const HORIZON = SEASON;
const WINDOWS = 3;

/** Benchmarks a forecast and a 3-window backtest of a 100-point monthly series; notes give the ratio to the forecast. */
export async function backtestSuite(): Promise<SuiteResult> {
  const core = await loadForecaster();
  const y = seasonalSeries(N);
  const input = { series: y, horizon: HORIZON, windows: WINDOWS, step: HORIZON };
  const pool = createComputePool({ workers: 2, timeoutMs: 60_000 });
  await pool.ready();
  const bench = makeBench('backtest');
  bench.add('core forecast n=100', () => { core.forecast(y, HORIZON, {}); });
  bench.add('core backtest n=100 w=3', () => { runBacktest((s, h, o) => core.forecast(s, h, o), input); });
  bench.add('pool forecast n=100', async () => { await pool.forecast({ series: y, horizon: HORIZON }); });
  bench.add('pool backtest n=100 w=3 one task', async () => { await pool.backtest(input); });
  bench.add('pool backtest n=100 w=3 spread', async () => {
    await Promise.all(windowCutoffs(N, HORIZON, WINDOWS, HORIZON).map((c) => pool.forecast({ series: y.subarray(0, c + 1), horizon: HORIZON })));
  });
  const rows = await collect('backtest', bench);
  await pool.close();
  const mean = (name: string) => rows.find((r) => r.name === name)!.meanUs;
  for (const r of rows) {
    const base = r.name.startsWith('core') ? mean('core forecast n=100') : mean('pool forecast n=100');
    if (r.name.includes('backtest')) r.note = `${(r.meanUs / base).toFixed(2)}× a forecast`;
  }
  return { suite: 'backtest', rows };
}

if (isMain(import.meta.url)) await runAlone(backtestSuite);
