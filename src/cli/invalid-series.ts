// What `tempo forecast` says about the invalid series of a file: with the default --on-invalid fail,
// one refusal listing every problem (up to a bound), each named by its series' id; with skip, a
// problems file beside the output, one row per problem, and a line summing them up.
import { extname } from 'node:path';
import { quoted } from '../common/caller-text.js';
import { csvField } from '../table/forecast-rows.js';
import { openAtomicFile } from '../table/atomic-file.js';
import type { TableProblem } from '../table/long-csv.js';

/** Most problems one refusal lists: enough to fix a file by, bounded whatever the file. */
export const MAX_LISTED = 20;

/** How a run treats an invalid series: refuse the whole file (the default), or skip the series and report it. */
export type OnInvalid = 'fail' | 'skip';

/** One problem as a message line: where it is, what is wrong, and the series it is in. */
export function problemLine(file: string, p: TableProblem): string {
  const where = `${file} line ${p.line}${p.column === undefined ? '' : `, column ${p.column}`}`;
  const series = p.id === null ? '' : ` (series ${quoted(p.id, 'whose id is not repeated here')})`;
  return `${where}: ${p.reason}${series}`;
}

/** The problems in file order, each series' own together. */
export function inFileOrder(problems: readonly TableProblem[]): TableProblem[] {
  return [...problems].sort((a, b) => a.line - b.line);
}

/** The message refusing a file with `problems` (at least one): the first, then up to MAX_LISTED in all, then how many and what to do. */
export function refusalMessage(command: string, file: string, problems: readonly TableProblem[]): string {
  const sorted = inFileOrder(problems);
  const series = new Set(sorted.map((p) => p.id ?? `line ${p.line}`)).size;
  const lines = sorted.slice(0, MAX_LISTED).map((p) => problemLine(file, p));
  let text = `${command}: ${lines[0]}`;
  if (sorted.length > 1) {
    text += `\n${lines.slice(1).map((l) => `  ${l}`).join('\n')}`;
    if (sorted.length > MAX_LISTED) text += `\n  … and ${sorted.length - MAX_LISTED} more`;
    text += `\n${command}: ${sorted.length} problems in ${series} series; nothing was forecast (--on-invalid skip forecasts the others and lists these in a file)`;
  }
  return text;
}

/** Where the problems of a run writing `out` go: beside it, `forecasts.csv` → `forecasts.problems.csv` (stdout: `tempo-problems.csv` here). */
export function problemsPath(out: string | undefined): string {
  if (out === undefined) return 'tempo-problems.csv';
  const ext = extname(out);
  return `${out.slice(0, out.length - ext.length)}.problems.csv`;
}

/** Writes `problems` as a CSV (unique_id,line,column,problem), whole or not at all. */
export async function writeProblems(path: string, problems: readonly TableProblem[]): Promise<void> {
  const file = await openAtomicFile(path);
  try {
    await file.write('unique_id,line,column,problem\n');
    for (const p of inFileOrder(problems)) {
      await file.write(`${csvField(p.id ?? '')},${p.line},${csvField(p.column ?? '')},${csvField(p.reason)}\n`);
    }
    await file.commit();
  } catch (err) {
    await file.abort();
    throw err;
  }
}

/** The end-of-run line for skipped series: how many, how many problems, and where they are listed. */
export function skippedLine(command: string, series: number, problems: number, path: string): string {
  return `${command}: skipped ${series} invalid series (${problems} problem${problems === 1 ? '' : 's'}), listed in ${path}`;
}
