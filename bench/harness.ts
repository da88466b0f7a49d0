// Shared benchmark plumbing: one tinybench configuration, result rows, the table printer, standalone runs.
import { Bench } from 'tinybench';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export interface BenchRow {
  suite: string;
  name: string;
  meanUs: number;
  medianUs: number;
  opsPerSec: number;
  samples: number;
  /** what actually ran (e.g. the components the core reported), so a fallback is not mistaken for the model. */
  note?: string;
}

export interface SuiteResult {
  suite: string;
  rows: BenchRow[];
  /** printed instead of rows when the subject is not available yet. */
  skipped?: string;
}

/**
 * A Bench sized for a shared 2-core machine: at least 5 samples and ~0.4 s per task, short warm-up,
 * so slow fits (seconds) cost a few calls and fast ones still get hundreds of samples.
 */
export function makeBench(name: string): Bench {
  return new Bench({ name, time: 400, iterations: 5, warmupTime: 100, warmupIterations: 2, throws: true });
}

/** Runs the bench and turns each finished task into a row (latencies in µs). */
export async function collect(suite: string, bench: Bench, notes: Record<string, string> = {}): Promise<BenchRow[]> {
  await bench.run();
  return bench.tasks.map((task) => {
    const r = task.result;
    if (r.state !== 'completed') throw new Error(`${suite}/${task.name}: ${r.state}`);
    return {
      suite, name: task.name,
      meanUs: r.latency.mean * 1000, medianUs: r.latency.p50 * 1000,
      opsPerSec: r.throughput.mean, samples: r.latency.samplesCount,
      ...(notes[task.name] ? { note: notes[task.name] } : {}),
    };
  });
}

const fmt = (v: number) => (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(2) : v.toFixed(3));

/** The median of `xs` (the mean of the middle two for an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const k = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[k] : (s[k - 1] + s[k]) / 2;
}

/** Fixed-width table of rows (and a line per skipped suite). */
export function formatRows(results: readonly SuiteResult[]): string {
  const head = ['suite', 'task', 'mean µs', 'median µs', 'ops/s', 'samples', 'note'];
  const body = results.flatMap((s) => s.rows.map((r) => [
    r.suite, r.name, fmt(r.meanUs), fmt(r.medianUs), fmt(r.opsPerSec), String(r.samples), r.note ?? '',
  ]));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (c: string[]) => c.map((v, i) => (i < 2 || i === 6 ? v.padEnd(widths[i]) : v.padStart(widths[i]))).join('  ').trimEnd();
  const skipped = results.filter((s) => s.skipped).map((s) => `SKIPPED ${s.suite}: ${s.skipped}`);
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line), ...skipped].join('\n');
}

/** True when `moduleUrl` is the script node was started with (so a suite file can run alone). */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(moduleUrl);
}

/** Runs one suite as a standalone script and prints its table. */
export async function runAlone(suite: () => Promise<SuiteResult>): Promise<void> {
  console.log(formatRows([await suite()]));
}
