// `tempo forecast --server URL`: long rows in, grouped into series, sent in batches through the
// client, and forecasts written out as they come back, in the rows' order.
import { TempoClient, type BatchForecast, type BatchSeries, type FetchLike } from '../client/index.js';
import { CommandFailure, UsageError } from './io.js';

/** One row of a long table: a series id and one value (null = missing); `line` is where it came from, for messages. */
export interface LongRow {
  id: string;
  y: number | null;
  line: number;
}

export interface ForecastViaServerOptions {
  server: string;
  /** Never printed. */
  apiKey: string;
  horizon: number;
  level?: number[];
  seasonLength?: number;
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

/** A CSV field, quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The output header: unique_id, step, forecast, then lo-L and hi-L for each level. */
export function csvHeader(level: readonly number[] = []): string {
  return ['unique_id', 'step', 'forecast', ...level.flatMap((l) => [`lo-${l}`, `hi-${l}`])].join(',') + '\n';
}

/** The CSV rows of one answered series, one per step. */
export function csvRows(item: BatchForecast, level: readonly number[] = []): string {
  let out = '';
  const id = csvField(item.id);
  for (let h = 0; h < item.forecast.length; h++) {
    const cells = [id, String(h + 1), String(item.forecast[h])];
    for (const l of level) {
      const band = item.intervals?.[String(l)];
      cells.push(String(band?.lower[h] ?? ''), String(band?.upper[h] ?? ''));
    }
    out += cells.join(',') + '\n';
  }
  return out;
}

/** Consecutive rows of one id as one series; an id that comes back after another is refused with its line. */
export async function* seriesOf(rows: AsyncIterable<LongRow> | Iterable<LongRow>): AsyncGenerator<BatchSeries> {
  const finished = new Set<string>();
  let id: string | null = null;
  let values: Array<number | null> = [];
  for await (const row of rows) {
    if (row.id !== id) {
      if (id !== null) {
        finished.add(id);
        yield { id, values };
      }
      if (finished.has(row.id)) {
        throw new UsageError(`line ${row.line}: the rows of series ${JSON.stringify(row.id.slice(0, 40))} are not together; sort the file by unique_id`);
      }
      id = row.id;
      values = [];
    }
    values.push(row.y);
  }
  if (id !== null) yield { id, values };
}

/** Forecasts every series of `rows` on the server and writes the answers; resolves with the count and time. */
export async function forecastViaServer(rows: AsyncIterable<LongRow> | Iterable<LongRow>, options: ForecastViaServerOptions, io: ForecastServerIO): Promise<{ series: number; seconds: number }> {
  const client = new TempoClient({ apiKey: options.apiKey, baseUrl: options.server, model: options.model, fetch: options.fetch });
  const level = options.level ?? [];
  const started = performance.now();
  let done = 0;
  if (options.format === 'csv') await io.write(csvHeader(level));
  const answers = client.forecastMany(seriesOf(rows), {
    horizon: options.horizon,
    level: options.level,
    seasonLength: options.seasonLength,
    batchSize: options.batchSize,
    signal: options.signal,
  });
  for await (const item of answers) {
    if ('error' in item) {
      throw new CommandFailure(`series ${JSON.stringify(item.id.slice(0, 40))}: ${item.error.detail}`);
    }
    await io.write(options.format === 'csv' ? csvRows(item, level) : JSON.stringify(item) + '\n');
    done += 1;
    const seconds = (performance.now() - started) / 1000;
    io.progress?.({ done, seconds, perSecond: seconds > 0 ? done / seconds : 0 });
  }
  return { series: done, seconds: (performance.now() - started) / 1000 };
}
