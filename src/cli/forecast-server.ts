// `tempo forecast --server URL`: long rows in, grouped into series, sent in batches through the
// client, and forecasts written out as they come back, in the rows' order.
import { TempoClient, type BatchSeries, type FetchLike } from '../client/index.js';
import { methodBody } from '../client/wire.js';
import { toNaive, type NaiveForm } from '../dates/naive.js';
import { csvHeader, csvLines, ndjsonLine } from '../table/forecast-rows.js';
import { seriesNamed, TableError } from '../table/long-csv.js';
import { quoted } from '../common/caller-text.js';
import { checkFutureDates, splitFuture, type RegressorColumn } from '../table/future-rows.js';
import { CommandFailure, UsageError } from './io.js';
import { planSeriesDates, type DatesContext } from './series-dates.js';

/** One row of a long table: a series id, its date (when the table has them) and one value (null = missing); `line` is where it came from, for messages. */
export interface LongRow {
  id: string;
  ds?: string;
  y: number | null;
  line: number;
  /** the row's regressor values, in the order of the table's regressor columns */
  x?: number[];
}

/** What the reader learns from the header: the date and value columns' names and the regressor columns. */
export interface TableColumns {
  ds: string;
  y: string;
  regressors: RegressorColumn[];
}

export interface ForecastViaServerOptions {
  server: string;
  /** Never printed. */
  apiKey: string;
  horizon: number;
  level?: number[];
  seasonLength?: number;
  /** The grid step of every series; inferred from each series' dates when absent. */
  freq?: string;
  /** The file the rows came from and its columns, for messages naming a bad row (default "input", ds, y, no regressors); read once the header is. */
  file?: string;
  columns?: TableColumns;
  /** quantile probabilities (adds q-… columns or `quantiles`) */
  quantiles?: number[];
  /** a holiday region for every series (the server adds the holidays regressor) */
  holidays?: string;
  /** Series per request (default the client's). */
  batchSize?: number;
  model?: string;
  format: 'csv' | 'ndjson';
  signal?: AbortSignal;
  fetch?: FetchLike;
}

/** Progress after each answered series. */
export interface ForecastProgress {
  done: number;
  seconds: number;
  perSecond: number;
}

export interface ForecastServerIO {
  /** Receives the output in order, in pieces; awaited, so a slow file slows the reading of answers. */
  write(text: string): Promise<void> | void;
  progress?(p: ForecastProgress): void;
}

/**
 * Consecutive rows of one id as one series; an id that comes back after another is refused with its line.
 * With `dates`, each series' dates are checked here (a bad one is a UsageError naming its line and
 * column), sent with naive date-times read as UTC, and `naive` learns which ids to write back naive.
 */
export async function* seriesOf(rows: AsyncIterable<LongRow> | Iterable<LongRow>, dates?: DatesContext,
  naive?: Map<string, NaiveForm>, columns?: TableColumns): AsyncGenerator<BatchSeries> {
  const finished = new Set<string>();
  let id: string | null = null;
  let values: Array<number | null> = [];
  let stamps: string[] = [];
  let lines: number[] = [];
  let xs: number[][] = [];
  const done = (sid: string): BatchSeries => {
    try {
      // with regressor columns the last rows are the future: the history is what is forecast from
      const xcols = columns?.regressors ?? [];
      const split = xcols.length > 0 && dates !== undefined
        ? splitFuture({ id: sid, values, timestamps: stamps, lines, regressors: xs }, dates.horizon, xcols, dates.file, columns!.y) : null;
      const history = split ?? { values, timestamps: stamps, lines };
      if (dates === undefined || history.timestamps.length !== history.values.length) return { id: sid, values: history.values };
      const d = planSeriesDates({ id: sid, timestamps: history.timestamps, lines: history.lines }, dates);
      if (d.naive) naive?.set(sid, d.naive);
      if (split) checkFutureDates(split, d.future, dates.file, dates.dsColumn);
      return { id: sid, values: history.values, timestamps: d.timestamps, ...(split ? { regressors: split.regressors } : {}) };
    } catch (err) {
      throw err instanceof TableError ? new UsageError(`forecast: ${err.message}`) : err;
    }
  };
  for await (const row of rows) {
    if (row.id !== id) {
      if (id !== null) {
        finished.add(id);
        yield done(id);
      }
      if (finished.has(row.id)) {
        throw new UsageError(`line ${row.line}: the rows of ${seriesNamed(row.id, row.line)} are not together; sort the file by unique_id`);
      }
      id = row.id;
      values = [];
      stamps = [];
      lines = [];
      xs = (columns?.regressors ?? []).map(() => []);
    }
    values.push(row.y);
    if (row.ds !== undefined) stamps.push(row.ds);
    lines.push(row.line);
    if (row.x !== undefined) row.x.forEach((v, j) => xs[j].push(v));
  }
  if (id !== null) yield done(id);
}

/** Forecasts every series of `rows` on the server and writes the answers; resolves with the count and time. */
export async function forecastViaServer(rows: AsyncIterable<LongRow> | Iterable<LongRow>, options: ForecastViaServerOptions, io: ForecastServerIO): Promise<{ series: number; seconds: number }> {
  const client = new TempoClient({ apiKey: options.apiKey, baseUrl: options.server, model: options.model, fetch: options.fetch });
  const level = options.level ?? [];
  const quantiles = options.quantiles ?? [];
  const started = performance.now();
  let done = 0;
  if (options.format === 'csv') await io.write(csvHeader(level, quantiles));
  const naive = new Map<string, NaiveForm>();
  const dates: DatesContext = {
    file: options.file ?? 'input', get dsColumn() { return options.columns?.ds ?? 'ds'; }, horizon: options.horizon, freq: options.freq,
  };
  const answers = client.forecastMany(seriesOf(rows, dates, naive, options.columns), {
    horizon: options.horizon,
    level: options.level,
    freq: options.freq,
    seasonLength: options.seasonLength,
    batchSize: options.batchSize,
    signal: options.signal,
    ...(options.quantiles ? { quantiles: options.quantiles } : {}),
    ...(options.holidays !== undefined ? { holidays: options.holidays } : {}),
  });
  for await (const item of answers) {
    if ('error' in item) {
      throw new CommandFailure(`series ${quoted(item.id ?? '', `number ${done + 1} of the file`)}: ${item.error.detail}`);
    }
    // a naive series is answered with `Z` date-times: written back as the file wrote them
    const form = naive.get(item.id);
    if (form && item.timestamps) item.timestamps = item.timestamps.map((t) => toNaive(t, form));
    naive.delete(item.id);
    // NDJSON lines as the local command writes them: the batch endpoint's shape, method in snake_case
    // (every answered series carries a method: the batch contract requires it)
    await io.write(options.format === 'csv'
      ? csvLines({ id: item.id, result: item, timestamps: item.timestamps }, level, quantiles)
      : ndjsonLine({ id: item.id, result: { forecast: item.forecast, intervals: item.intervals, quantiles: item.quantiles, method: methodBody(item.method!) }, timestamps: item.timestamps, freq: item.freq }));
    done += 1;
    const seconds = (performance.now() - started) / 1000;
    io.progress?.({ done, seconds, perSecond: seconds > 0 ? done / seconds : 0 });
  }
  return { series: done, seconds: (performance.now() - started) / 1000 };
}
