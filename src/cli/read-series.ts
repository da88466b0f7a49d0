// A long CSV made ready for the core, for every command that reads one (forecast, cross-validate):
// every row and series checked before any compute, invalid series refused together or set aside
// (--on-invalid), absent dates put back (--fill-missing), a one-row series on the file's step.
import { createReadStream } from 'node:fs';
import { problemOf, readLongCsv, seriesNamed, TableError, type LongSeries, type LongTable, type TableProblem } from '../table/long-csv.js';
import { dominantFreq, fillSeries } from './file-grid.js';
import { problemsPath, refusalMessage, writeProblems, type OnInvalid } from './invalid-series.js';
import { CommandFailure } from './io.js';
import { prepareSeries, type PreparedSeries } from './series-regressors.js';

/** Most series one run may hold (memory, not speed, is the limit: every series is read first). */
const MAX_SERIES = 1_000_000;
/** Most rows a series may have once --fill-missing has put its absent dates back (a guard against a date typed a century off). */
const MAX_FILLED_ROWS = 1_000_000;

/** What a command asks of the file. */
export interface ReadSeriesOptions {
  command: string;
  file: string;
  horizon: number;
  freq?: string;
  holidays?: string;
  fill: boolean;
  onInvalid: OnInvalid;
  /** the output file, beside which the problems go */
  out?: string;
  help: string;
  /** false: regressor columns are refused (a command that cannot use them) */
  regressors?: boolean;
  /** a command's own check of a ready series: what is wrong with it (a problem of its column `y`), or null */
  check?: (values: PreparedSeries['values']) => string | null;
}

/** The file's valid series, in file order, ready for the core; and what was set aside. */
export interface ReadSeries {
  series: LongSeries[];
  prepared: PreparedSeries[];
  /** per series: the absent dates --fill-missing put back */
  filled: number[];
  problems: TableProblem[];
  /** series set aside */
  skipped: number;
  /** where the problems were written (when there were any) */
  problemsFile: string;
  dsColumn: string;
}

// a series whose dates fail where they start again (the first date repeated) or whose rows come in
// more than one block (another series' rows between): most often one id used for two series,
// which the date error alone would not say
function withDuplicateHint(s: LongSeries, line: number, reason: string): string {
  const k = s.lines.indexOf(line);
  const twice = ' is the id used by two series?';
  if (k > 0 && s.timestamps[k] === s.timestamps[0]) {
    return `the dates of ${seriesNamed(s.id, s.lines[0])} start again on line ${line} (the date of line ${s.lines[0]}):${twice} ${reason}`;
  }
  const blocks = s.blocks ?? 1;
  if (blocks < 2) return reason;
  const starts = s.lines.filter((l, j) => j === 0 || l !== s.lines[j - 1] + 1);
  return `the rows of ${seriesNamed(s.id, s.lines[0])} come in ${blocks} separate blocks (from lines ${starts.slice(0, 4).join(', ')}):${twice} ${reason}`;
}

/**
 * Reads and checks `o.file` (see the file comment). With --on-invalid fail a problem anywhere is a
 * CommandFailure listing every problem; with skip the problems are written beside the output.
 */
export async function readSeriesFile(o: ReadSeriesOptions): Promise<ReadSeries> {
  const { command, file, horizon, freq, holidays } = o;
  let table: LongTable;
  const problems: TableProblem[] = [];
  try {
    table = await readLongCsv(createReadStream(file), file, problems);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new CommandFailure(`${command}: ${file}: no such file`);
    if ((err as NodeJS.ErrnoException).syscall !== undefined) throw new CommandFailure(`${command}: ${file}: cannot be read (${(err as NodeJS.ErrnoException).code})`);
    if (err instanceof TableError) throw new CommandFailure(err.message);
    throw err;
  }
  const { columns: [, dsColumn, yColumn], invalid } = table;
  if (table.series.length > MAX_SERIES) throw new CommandFailure(`${command}: ${file} holds ${table.series.length} series; split it into files of at most ${MAX_SERIES}`);
  if (o.regressors === false && table.regressors.length > 0) {
    throw new CommandFailure(`${command}: ${file} has columns other than ${table.columns.join(',')}; ${command} takes no regressors, so leave them out`);
  }
  // every series' dates and regressors are checked before any compute starts, so a bad row costs nothing
  const ctx = { file, dsColumn, yColumn, horizon, freq, help: o.help, command, columns: table.regressors, ...(holidays !== undefined ? { holidays } : {}) };
  const series: LongSeries[] = [];
  const prepared: PreparedSeries[] = [];
  const filled: number[] = [];
  // a series of one row has no step of its own: it takes the step most of the file's series are on
  const fileFreq = freq ?? dominantFreq(table.series.filter((s) => !invalid.has(s.id)));
  for (const s of table.series) {
    if (invalid.has(s.id)) continue;
    try {
      const f = o.fill ? fillSeries(s, freq, MAX_FILLED_ROWS, file, dsColumn) : { series: s, filled: 0 };
      const one = freq === undefined && fileFreq !== undefined && f.series.timestamps.length - (table.regressors.length > 0 ? horizon : 0) === 1;
      const ready = prepareSeries(f.series, one ? { ...ctx, freq: fileFreq } : ctx);
      const wrong = o.check?.(ready.values) ?? null;
      if (wrong !== null) throw new TableError(file, s.lines[0], yColumn, wrong);
      prepared.push(ready);
      series.push(f.series);
      filled.push(f.filled);
    } catch (err) {
      if (!(err instanceof TableError)) throw err;
      problems.push({ ...problemOf(err, s.id), reason: withDuplicateHint(s, err.line, err.reason) });
      invalid.add(s.id);
    }
  }
  if (problems.length > 0 && o.onInvalid === 'fail') throw new CommandFailure(refusalMessage(command, file, problems));
  const problemsFile = problemsPath(o.out);
  if (problems.length > 0) await writeProblems(problemsFile, problems);
  return { series, prepared, filled, problems, skipped: invalid.size, problemsFile, dsColumn };
}
