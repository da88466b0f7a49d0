// Clears the targets table before the hostile suite and prints it after, as the README shows it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { TARGETS_FILE, type TargetRow } from './targets.js';

const SCAN_TALLY = resolve(import.meta.dirname, '../../test-results/secret-scan.jsonl');

function scanRow(): TargetRow | null {
  if (!existsSync(SCAN_TALLY)) return null;
  const t = { keys: 0, logLines: 0, bodies: 0, headers: 0, leaks: 0 };
  for (const line of readFileSync(SCAN_TALLY, 'utf8').trim().split('\n').filter(Boolean)) {
    const x = JSON.parse(line) as typeof t;
    for (const k of Object.keys(t) as Array<keyof typeof t>) t[k] += x[k];
  }
  return {
    target: `key bytes in log lines, bodies or headers (${t.keys} keys; ${t.logLines} log lines, ${t.bodies} bodies, ${t.headers} header sets scanned)`,
    required: '0', measured: String(t.leaks), met: t.leaks === 0,
  };
}

/** Every target the run measured, the secret scan's first: what the teardown prints and `npm run docs:measure -- hostile` publishes. */
export function targetRows(): TargetRow[] {
  const rows = existsSync(TARGETS_FILE)
    ? readFileSync(TARGETS_FILE, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as TargetRow)
    : [];
  const scan = scanRow();
  if (scan) rows.unshift(scan);
  return rows;
}

/** Starts the run with an empty table; the returned teardown prints it. */
export default function setup(): () => void {
  rmSync(TARGETS_FILE, { force: true });
  rmSync(SCAN_TALLY, { force: true });
  return () => {
    const rows = targetRows();
    const lines = ['| target | required | measured | met |', '|---|---|---|---|',
      ...rows.map((r) => `| ${r.target} | ${r.required} | ${r.measured} | ${r.met ? 'yes' : '**no**'} |`)];
    process.stdout.write(`\nHostile targets:\n${lines.join('\n')}\n`);
  };
}
