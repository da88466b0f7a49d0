// Measured values of the reliability targets (README), appended by each drill and printed as one table at the end.
import { appendFileSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';

export const TARGETS_FILE = resolve(import.meta.dirname, '../../test-results/hostile-targets.jsonl');

export interface TargetRow {
  target: string;
  required: string;
  measured: string;
  met: boolean;
}

/** Appends one measured target to the run's table. */
export function reportTarget(row: TargetRow): void {
  mkdirSync(resolve(TARGETS_FILE, '..'), { recursive: true });
  appendFileSync(TARGETS_FILE, `${JSON.stringify(row)}\n`);
}

/** The p-th percentile (0–100) of `values`, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
