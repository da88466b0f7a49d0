// The main thread's date work on a dated batch, in one process, without the forecasts: the batch
// check, then every series' dates as the answer writes them (one at a time, then dropped), and the
// heap the check's handed-on dates hold until the answer ends, beside what every series' whole
// plan would hold. Shapes: the largest dated batches the default bounds accept and a typical one.
//   npm run bench -- batch-dates
//   TEMPO_BENCH_TREE=/path/to/other/tree npm run bench -- batch-dates   (another build's src/, for before/after;
//   a tree whose check returns bare field errors planned every series again with planDates)
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadavg } from 'node:os';
import { loadConfig } from '../src/config/config.js';
import type { DatePlan } from '../src/dates/index.js';
import { isMain, runAlone, type BenchRow, type SuiteResult } from './harness.js';

/** Rounds of every shape (alternating the order), so one unlucky moment on a shared machine shows as one round. */
const ROUNDS = Number(process.env.TEMPO_BENCH_DATES_ROUNDS ?? 3);

// the heap is read after a full collection, which only an exposed gc can ask for
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

// the date functions of the tree measured (one before this change has no writePlan)
interface DatesModule {
  planDates(input: { timestamps?: unknown; length: number; horizon: number }): DatePlan;
  writePlan(checked: unknown): DatePlan;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** A batch of `series` monthly series of `length` values, each with its dates, as a caller sends it. */
export function datedBatch(series: number, length: number, horizon: number): { horizon: number; series: Array<{ id: string; values: number[]; timestamps: string[] }> } {
  return {
    horizon,
    series: Array.from({ length: series }, (_, i) => ({
      id: `s${i}`,
      values: Array.from({ length }, (_, t) => 100 + 10 * Math.sin((2 * Math.PI * t) / 12) + ((i * 7 + t) % 5)),
      timestamps: Array.from({ length }, (_, t) => `${pad(1100 + Math.floor(t / 12), 4)}-${pad((t % 12) + 1)}-01`),
    })),
  };
}

const heapMiB = () => {
  // twice: a first collection can leave what only its finalisation frees
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

// The tree's batch check as { errors, dates }: the one request validator, or (in a tree from before it) the batch's own.
async function batchCheck(from: (p: string) => Promise<Record<string, unknown>>, config: ReturnType<typeof loadConfig>): Promise<(body: unknown) => Promise<unknown>> {
  try {
    const { compileRequests } = await from('src/server/schemas/requests.ts') as { compileRequests: (c: unknown) => { batch: unknown } };
    const { checkInSlices } = await from('src/server/validation/request-check.ts') as { checkInSlices: (r: unknown, b: unknown) => Promise<{ errors: unknown[]; accepted?: { dates: unknown[] } }> };
    return async (body) => {
      const { errors, accepted } = await checkInSlices(compileRequests(config).batch, body);
      return { errors, dates: accepted?.dates };
    };
  } catch {
    const { createBatchValidator } = await from('src/server/batch/validate-batch.ts') as { createBatchValidator: (b: unknown, bb: unknown) => (body: unknown) => Promise<unknown> };
    return createBatchValidator(config.bounds, config.batchBounds);
  }
}

// One shape, in a function of its own so nothing of it is left alive when the next one is measured.
async function measure(check: (body: unknown) => Promise<unknown>, dates: DatesModule, series: number, length: number, horizon: number) {
  const body = datedBatch(series, length, horizon);
  const before = heapMiB();
  const t0 = performance.now();
  let checked = await check(body);
  const checkMs = performance.now() - t0;
  // a tree that hands nothing on answers with bare field errors, and its answer plans again
  if ((Array.isArray(checked) ? checked : (checked as { errors: unknown[] }).errors).length > 0) throw new Error('the bench batch was refused');
  let handed = !Array.isArray(checked) ? (checked as { dates: unknown[] }).dates : undefined;
  // what the check leaves alive beside the body, which the answer keeps until its end
  const held = handed === undefined ? undefined : heapMiB() - before;
  const t1 = performance.now();
  let stamps = 0;
  for (const [i, s] of body.series.entries()) {
    const plan = handed ? dates.writePlan(handed[i]) : dates.planDates({ timestamps: s.timestamps, length: s.values.length, horizon });
    stamps += plan.timestamps!.length;
  }
  const answerMs = performance.now() - t1;
  if (stamps !== series * horizon) throw new Error(`the answer wrote ${stamps} future dates, not ${series * horizon}`);
  checked = handed = undefined;
  // what holding every series' whole plan from the check to the end would cost instead
  let plans: DatePlan[] | undefined = body.series.map((s) => dates.planDates({ timestamps: s.timestamps, length: s.values.length, horizon }));
  const withPlans = heapMiB();
  if (plans.length !== series) throw new Error('a plan is missing');
  plans = undefined;
  return { checkMs, answerMs, held, whole: withPlans - heapMiB() };
}

/** The batch-dates suite: per shape and round, the check's and the answer's milliseconds and the heap the handed-on dates hold. */
export async function batchDatesSuite(): Promise<SuiteResult> {
  const tree = resolve(process.env.TEMPO_BENCH_TREE ?? new URL('..', import.meta.url).pathname);
  const from = (p: string) => import(pathToFileURL(resolve(tree, p)).href);
  const dates = await from('src/dates/index.ts') as DatesModule;
  const config = loadConfig({}, {});
  const check = await batchCheck(from, config);

  const shapes = [[10_000, 200, 18], [200, 10_000, 18], [10_000, 200, 1000], [1000, 60, 12]] as const;
  const rows: BenchRow[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [series, length, horizon] of round % 2 === 0 ? shapes : [...shapes].reverse()) {
      const m = await measure(check, dates, series, length, horizon);
      const ms = m.checkMs + m.answerMs;
      rows.push({
        suite: 'batch-dates', name: `${series} x ${length} dated, horizon ${horizon} (round ${round + 1})`,
        meanUs: ms * 1e3, medianUs: ms * 1e3, opsPerSec: 1000 / ms, samples: 1,
        note: `check ${m.checkMs.toFixed(0)} ms + answer's dates ${m.answerMs.toFixed(0)} ms; handed-on dates hold ${m.held === undefined ? 'nothing' : `${m.held.toFixed(1)} MiB`}`
          + `, every whole plan would hold ${m.whole.toFixed(1)} MiB; load ${loadavg()[0].toFixed(1)}`,
      });
    }
  }
  return { suite: 'batch-dates', rows };
}

if (isMain(import.meta.url)) await runAlone(batchDatesSuite);
