// The published measurements: one JSON file per measurement in docs/results/, each with where and
// when it was taken (machine, Node, load average), so the tables the docs show can be rendered from
// them again by anyone, and re-measured by one command (`npm run docs:measure`).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const RESULTS_DIR = join(ROOT, 'docs', 'results');

/** Where and when a measurement was taken. */
export interface Measured {
  /** the command that measures it again, as run from the repository root */
  command: string;
  created: string;
  node: string;
  cpu: string;
  cores: number;
  /** one-minute load average when the measurement started and when it ended */
  load: [number, number];
}

export interface Published<T> {
  measured: Measured;
  data: T;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/** Starts the clock of a measurement: call the returned function when it is done. */
export function startMeasurement(command: string): () => Measured {
  const created = new Date().toISOString();
  const start = loadavg()[0];
  return () => ({
    command, created, node: process.version, cpu: cpus()[0]?.model ?? 'unknown', cores: availableParallelism(),
    load: [round2(start), round2(loadavg()[0])],
  });
}

/** Writes docs/results/<name>.json; returns its path. */
export function writeResult<T>(name: string, measured: Measured, data: T): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const path = join(RESULTS_DIR, `${name}.json`);
  writeFileSync(path, JSON.stringify({ measured, data } satisfies Published<T>, null, 1) + '\n');
  return path;
}

/** Reads docs/results/<name>.json; throws naming the command that makes it when it is missing. */
export function readResult<T>(name: string): Published<T> {
  const path = join(RESULTS_DIR, `${name}.json`);
  if (!existsSync(path)) throw new Error(`docs/results/${name}.json is missing: run \`npm run docs:measure -- ${name}\``);
  return JSON.parse(readFileSync(path, 'utf8')) as Published<T>;
}

/** The names of every published result (file names without .json). */
export function resultNames(): string[] {
  if (!existsSync(RESULTS_DIR)) return [];
  return readdirSync(RESULTS_DIR).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)).sort();
}
