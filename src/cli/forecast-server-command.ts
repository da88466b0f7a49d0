// The `tempo forecast --file F --server URL` command line: reads the long CSV, checks each row, and
// writes the answers to --out through a temporary file renamed at the end (or to stdout).
import { createReadStream } from 'node:fs';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parse } from 'csv-parse';
import { quoted } from '../common/caller-text.js';
import { optional, parseCommand, positiveInt, quantilesFlag, required } from './args.js';
import { forecastViaServer, type LongRow, type TableColumns } from './forecast-server.js';
import { TableError } from '../table/long-csv.js';
import { regressorColumns, regressorValue } from '../table/future-rows.js';
import { UsageError, type CliIO } from './io.js';

export const FORECAST_SERVER_HELP = `Usage: tempo forecast --file F --server URL --horizon H [options]

Forecasts every series of a long CSV (columns unique_id,ds,y or id,timestamp,value; rows of one
series together, in time order) on a Tempo server, in batches. The API key comes from TEMPO_API_KEY.
Dates are RFC 3339 dates or date-times; date-times without an offset (2024-01-01 13:00:00) are
read as UTC and the future dates are written back the same way. Any other column is a regressor:
each series then ends with H future rows (y empty, the regressors' known values).
  --file F             the CSV to read
  --server URL         the Tempo server, e.g. http://127.0.0.1:8080
  --horizon H          steps to forecast
  --level 80,95        prediction intervals to add
  --quantiles 0.1,0.9  forecast quantiles to add (q-0.1,q-0.9 columns)
  --holidays CODE      a country or region (AU, AU-VIC, US-CA): its public holidays become a regressor
  --freq F             the grid step of every series (default: inferred from each series' dates)
  --season-length M    the seasonal period, when known
  --out FILE           .csv or .ndjson (default: CSV on stdout); written whole or not at all
  --batch-size N       series per request (default 1000)
  --model NAME         model name (default tempo)
  --job                send the file as one job instead of batches: it is uploaded as it is read and
                       checked by the server, the job's id is printed first (tempo jobs get re-attaches
                       to it), its progress bar follows, then its results go to --out
  --gzip               with --job: compress the upload
  --on-invalid MODE    with --job: fail (default: one invalid series refuses the file) or skip (the
                       invalid series are listed and left out, the rest forecast)
Progress goes to stderr.`;

const COLUMN_SETS = [['unique_id', 'ds', 'y'], ['id', 'timestamp', 'value']] as const;

/** `--level 80,95` of the server forms: numbers between 0 and 100, or undefined when absent; throws UsageError. */
export function levels(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const out = text.split(',').map((t) => Number(t.trim()));
  if (out.some((l) => !(l > 0 && l < 100))) throw new UsageError(`forecast: --level must be numbers between 0 and 100, like 80,95 (got ${quoted(text, 'something else')})`, FORECAST_SERVER_HELP);
  return out;
}

/** Rows of a long CSV file, each value checked; a bad one (or broken CSV) is a UsageError naming its line. `columns` learns the header's names. */
export async function* readLongCsv(file: string, columns?: TableColumns): AsyncGenerator<LongRow> {
  try {
    yield* checkedRows(file, columns);
  } catch (err) {
    if (err instanceof TableError) throw new UsageError(`forecast: ${err.message}`);
    const code = (err as { code?: string }).code;
    // csv-parse's own errors name the line; a missing file is the command line's fault too
    if (typeof code === 'string' && (code.startsWith('CSV_') || code === 'ENOENT')) throw new UsageError(`forecast: ${(err as Error).message}`);
    throw err;
  }
}

async function* checkedRows(file: string, columns?: TableColumns): AsyncGenerator<LongRow> {
  const parser = createReadStream(file).pipe(parse({ bom: true, trim: true, skip_empty_lines: true, relax_column_count: false, info: true }));
  let idAt = -1;
  let dsAt = -1;
  let yAt = -1;
  let yName = '';
  let dsName = '';
  let xcols: TableColumns['regressors'] = [];
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    const line = info.lines;
    if (idAt < 0) {
      const header = record.map((h) => h.toLowerCase());
      const set = COLUMN_SETS.find((cols) => cols.every((c) => header.includes(c)));
      if (!set) throw new UsageError(`forecast: line ${line}: the header must name the columns unique_id,ds,y (or id,timestamp,value)`);
      idAt = header.indexOf(set[0]);
      dsAt = header.indexOf(set[1]);
      yAt = header.indexOf(set[2]);
      dsName = set[1];
      yName = set[2];
      xcols = regressorColumns(record, [idAt, dsAt, yAt], file);
      if (columns) { columns.ds = set[1]; columns.y = set[2]; columns.regressors = xcols; }
      continue;
    }
    const id = record[idAt];
    if (id === '' || id.length > 128) throw new UsageError(`forecast: line ${line}, column ${idAt + 1} (${COLUMN_SETS[0][0]}): an id must be 1 to 128 characters`);
    const text = record[yAt];
    const y = text === '' || /^(na|nan|null)$/i.test(text) ? null : Number(text);
    if (y !== null && !Number.isFinite(y)) {
      throw new UsageError(`forecast: line ${line}, column ${yAt + 1} (${yName}): ${quoted(text, 'the value')} is not a number (leave it empty for a missing value)`);
    }
    const ds = record[dsAt];
    if (ds === '') throw new UsageError(`forecast: line ${line}, column ${dsAt + 1} (${dsName}): the date is empty`);
    yield { id, ds, y, line, ...(xcols.length > 0 ? { x: xcols.map((c) => regressorValue(record[c.index], file, line, c.name)) } : {}) };
  }
  if (idAt < 0) throw new UsageError(`forecast: ${file} is empty`);
}

/** Runs the command; resolves to the exit code. */
export async function forecastServerCommand(argv: string[], io: CliIO): Promise<number> {
  const p = parseCommand('forecast', argv, {
    file: { type: 'string' }, server: { type: 'string' }, horizon: { type: 'string' }, level: { type: 'string' },
    'season-length': { type: 'string' }, out: { type: 'string' }, 'batch-size': { type: 'string' }, model: { type: 'string' },
    freq: { type: 'string' }, quantiles: { type: 'string' }, holidays: { type: 'string' },
    job: { type: 'boolean' }, gzip: { type: 'boolean' }, 'on-invalid': { type: 'string' },
  }, 0, FORECAST_SERVER_HELP);
  if (p.values.help === true) {
    io.out(FORECAST_SERVER_HELP);
    return 0;
  }
  if (p.values.job === true) return (await import('./forecast-job.js')).forecastJob(p, io, FORECAST_SERVER_HELP);
  for (const flag of ['gzip', 'on-invalid']) {
    if (p.values[flag] !== undefined) throw new UsageError(`forecast: --${flag} applies only with --job`, FORECAST_SERVER_HELP);
  }
  const file = required(p, 'file', 'forecast', FORECAST_SERVER_HELP);
  const server = required(p, 'server', 'forecast', FORECAST_SERVER_HELP);
  const horizon = positiveInt(p, 'horizon', 'forecast', FORECAST_SERVER_HELP);
  if (horizon === undefined) throw new UsageError('forecast: --horizon is required', FORECAST_SERVER_HELP);
  const apiKey = io.env.TEMPO_API_KEY;
  if (apiKey === undefined || apiKey === '') throw new UsageError('forecast: set TEMPO_API_KEY to the API key to use with --server');
  const out = optional(p, 'out');
  const format = out !== undefined && out.endsWith('.ndjson') ? 'ndjson' : 'csv';

  const temp = out === undefined ? null : join(dirname(out), `.${basename(out)}.${process.pid}.tmp`);
  const handle = temp === null ? null : await open(temp, 'w');
  let last = 0;
  // the columns are known once the header is read; messages about a row name them
  const columns: TableColumns = { ds: 'ds', y: 'y', regressors: [] };
  const quantiles = quantilesFlag(p, 'forecast', FORECAST_SERVER_HELP);
  const holidays = optional(p, 'holidays');
  try {
    const result = await forecastViaServer(readLongCsv(file, columns), {
      server, apiKey, horizon, format, file, columns,
      ...(quantiles ? { quantiles } : {}),
      ...(holidays !== undefined ? { holidays } : {}),
      freq: optional(p, 'freq'),
      level: levels(optional(p, 'level')),
      seasonLength: positiveInt(p, 'season-length', 'forecast', FORECAST_SERVER_HELP),
      batchSize: positiveInt(p, 'batch-size', 'forecast', FORECAST_SERVER_HELP),
      model: optional(p, 'model'),
    }, {
      write: async (text) => {
        if (handle) await handle.write(text);
        else io.out(text.replace(/\n$/, ''));
      },
      progress: ({ done, perSecond }) => {
        const now = performance.now();
        if (now - last < 1000) return;
        last = now;
        io.err(`forecast: ${done} series, ${perSecond.toFixed(1)} series/s`);
      },
    });
    if (handle && temp !== null && out !== undefined) {
      await handle.close();
      await rename(temp, out);
    }
    io.err(`forecast: ${result.series} series in ${result.seconds.toFixed(1)} s (${(result.series / Math.max(result.seconds, 1e-9)).toFixed(1)} series/s)`);
    return 0;
  } catch (err) {
    if (handle && temp !== null) {
      await handle.close().catch(() => {});
      await rm(temp, { force: true });
    }
    throw err;
  }
}
