// Writes forecasts as a long table (unique_id,ds,forecast,lo-95,hi-95,...) or as NDJSON lines
// shaped like the batch endpoint's.
import type { ForecastResult } from '@tempo-forecast/core';

/** What a CSV row needs of a forecast: the series id, its values and bounds, and its future dates when it had dates. */
export interface CsvRow {
  id: string;
  result: Pick<ForecastResult, 'forecast' | 'intervals' | 'quantiles'>;
  timestamps?: string[];
}

/** One forecast ready to write: the series id, the result, and its future dates when it had dates. */
export interface ForecastRow extends CsvRow {
  result: ForecastResult;
  freq?: string;
}

/** CSV quoting: a field with a comma, quote or line break is quoted, its quotes doubled. */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The CSV header for these interval levels and quantiles (in the order asked): lo-95, hi-95, …, q-0.1, …. */
export function csvHeader(levels: readonly number[], quantiles: readonly number[] = []): string {
  return ['unique_id', 'ds', 'forecast', ...levels.flatMap((l) => [`lo-${l}`, `hi-${l}`]), ...quantiles.map((q) => `q-${q}`)].join(',') + '\n';
}

/** The CSV lines of one forecast; ds is the future date, or the step number 1..h without dates. */
export function csvLines(row: CsvRow, levels: readonly number[], quantiles: readonly number[] = []): string {
  const id = csvField(row.id);
  const { forecast, intervals } = row.result;
  let out = '';
  for (let i = 0; i < forecast.length; i++) {
    const cells = [id, row.timestamps ? csvField(row.timestamps[i]) : String(i + 1), String(forecast[i])];
    for (const l of levels) {
      const iv = intervals![String(l)];
      cells.push(String(iv.lower[i]), String(iv.upper[i]));
    }
    for (const q of quantiles) cells.push(String(row.result.quantiles![String(q)][i]));
    out += cells.join(',') + '\n';
  }
  return out;
}

/** One NDJSON line of a forecast: {"id", "forecast", "intervals"?, "quantiles"?, "timestamps"?, "freq"?, "method"}. */
export function ndjsonLine(row: ForecastRow): string {
  const { forecast, intervals, quantiles, method } = row.result;
  return JSON.stringify({
    id: row.id, forecast, ...(intervals ? { intervals } : {}), ...(quantiles ? { quantiles } : {}),
    ...(row.timestamps ? { timestamps: row.timestamps } : {}), ...(row.freq ? { freq: row.freq } : {}), method,
  }) + '\n';
}
