// The series of a job's upload, one at a time as the body arrives, in its three forms: NDJSON (a
// series object a line), a long CSV (the CLI's table: rows of one series together) and the batch
// body (JSON, its fields before its series: json-stream.ts). Each comes with how to name a place in it: a
// JSON pointer, or a CSV line and column.
import type { IncomingMessage } from 'node:http';
import { ApiError } from '../server/errors.js';
import { longHeader, MAX_ROW_CHARS, rowCells, rowId, seriesNamed, TableError, type LongHeader, type LongSeries } from '../table/long-csv.js';
import { csvRecords, CsvSyntaxError } from '../table/csv-records.js';
import { IdSet } from './id-set.js';
import { prepareSeries } from '../cli/series-regressors.js';
import { UsageError } from '../cli/io.js';
import { jsonDepth, textLines, textPieces, uploadBytes } from './body-stream.js';
import { jsonBodyEvents, MAX_ITEM_CHARS, MAX_VALUE_DEPTH } from './json-stream.js';

/** One series of the upload, unchecked, and how its places are named. */
export interface UploadedSeries {
  /** the series object as a batch body holds it, or the refusal of the row that should have made it */
  body: unknown;
  /** a problem found before the check (a CSV row, an NDJSON line that is not JSON) */
  refusal?: { pointer: string; detail: string };
  /** names the place a pointer under the series (e.g. "/values/3") points to, in the upload's own terms */
  place(pointer: string): string | undefined;
}

/** The body's form, from its Content-Type. */
export type UploadFormat = 'json' | 'ndjson' | 'csv';

/** The upload form of a Content-Type, or undefined when it is none of the three. */
export function uploadFormat(contentType: string | undefined): UploadFormat | undefined {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json') return 'json';
  if (type === 'application/x-ndjson' || type === 'application/ndjson') return 'ndjson';
  if (type === 'text/csv') return 'csv';
  return undefined;
}

/** NDJSON: a series object a line (blank lines skipped). */
export async function* ndjsonSeries(req: IncomingMessage, maxBytes: number): AsyncGenerator<UploadedSeries> {
  for await (const { line, text } of textLines(uploadBytes(req, maxBytes), MAX_ITEM_CHARS)) {
    if (text.trim() === '') continue;
    if (jsonDepth(text) > MAX_VALUE_DEPTH) {
      yield { body: undefined, refusal: { pointer: `line ${line}`, detail: `line ${line} nests deeper than ${MAX_VALUE_DEPTH} levels: send one {"id", "values"} object per line` }, place: () => undefined };
      continue;
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      yield { body: undefined, refusal: { pointer: `line ${line}`, detail: `line ${line} is not a JSON object: send one {"id", "values"} object per line` }, place: () => undefined };
      continue;
    }
    yield { body, place: () => undefined };
  }
}

/** The batch body (JSON), streamed: its fields before `series` (which win over the query), then its series one at a time. */
export async function jsonBody(req: IncomingMessage, maxBytes: number): Promise<{ shared: Record<string, unknown>; series: AsyncIterable<UploadedSeries> }> {
  const events = jsonBodyEvents(textPieces(uploadBytes(req, maxBytes)));
  const shared: Record<string, unknown> = {};
  for (;;) {
    const next = await events.next();
    // the reader throws before it ends without series
    if (next.done === true) throw new ApiError('REQUEST_INVALID', 'series is required', { errors: [{ pointer: '/series', detail: 'series is required' }] });
    if (next.value.kind === 'series') break;
    if (next.value.kind === 'field') shared[next.value.name] = next.value.value;
  }
  async function* series(): AsyncGenerator<UploadedSeries> {
    for await (const e of events) {
      if (e.kind === 'item') yield { body: e.value, place: () => undefined };
      else if (e.kind === 'bad-item') yield { body: undefined, refusal: { pointer: `/series/${e.index}`, detail: `series/${e.index} is not valid JSON` }, place: () => undefined };
    }
  }
  return { shared, series: series() };
}

/** What a CSV series needs to be read. */
export interface CsvContext {
  horizon: number;
  freq?: string;
  /** the ids the upload's store has taken (see UploadRun.seen): shared, so the upload holds one set of ids, not two */
  seen?: IdSet;
}

/** A long CSV (unique_id,ds,y and regressor columns), a series at a time: its rows must be together. */
export async function* csvSeries(req: IncomingMessage, maxBytes: number, ctx: CsvContext): AsyncGenerator<UploadedSeries> {
  let header: LongHeader | undefined;
  let current: LongSeries | undefined;
  // the store adds each series' id once it has taken it, before this reader reads on; alone, it keeps its own
  const finished = ctx.seen ?? new IdSet();
  const finish = (id: string) => { if (ctx.seen === undefined) finished.add(id); };
  const file = 'the upload';
  const toSeries = (s: LongSeries): UploadedSeries => {
    try {
      const prepared = prepareSeries(s, { file, dsColumn: header!.cols.names[1], yColumn: header!.cols.names[2], columns: header!.xcols, horizon: ctx.horizon, ...(ctx.freq ? { freq: ctx.freq } : {}) });
      const hasDates = s.timestamps.length > 0;
      return {
        body: { id: s.id, values: prepared.values, ...(hasDates ? { timestamps: prepared.dates.timestamps } : {}), ...(prepared.regressors ? { regressors: prepared.regressors } : {}) },
        place: (pointer) => {
          const m = /^\/(values|timestamps)\/(\d+)$/.exec(pointer);
          return m ? `line ${s.lines[Number(m[2])]}, column ${header!.cols.names[m[1] === 'values' ? 2 : 1]}` : `line ${s.lines[0]}`;
        },
      };
    } catch (err) {
      if (err instanceof TableError) return { body: { id: s.id }, refusal: tableRefusal(err), place: () => undefined };
      if (err instanceof UsageError) return { body: { id: s.id }, refusal: { pointer: `line ${s.lines[0]}`, detail: `${seriesNamed(s.id, s.lines[0])}: ${err.message}` }, place: () => undefined };
      throw err;
    }
  };
  try {
    for await (const batch of csvRecords(uploadBytes(req, maxBytes), { maxRecordChars: MAX_ROW_CHARS })) for (const { fields: record, line } of batch) {
      if (!header) {
        header = longHeader(record, file);
        continue;
      }
      const id = rowId(record, line, header, file);
      if (current === undefined || current.id !== id) {
        if (current !== undefined) {
          finish(current.id);
          yield toSeries(current);
        }
        if (finished.has(id)) {
          throw new TableError(file, line, header.cols.names[0], `${seriesNamed(id, line)} started earlier in the file: a job reads the table as it arrives, so the rows of one series must be together (sort the file by ${header.cols.names[0]})`);
        }
        current = { id, timestamps: [], values: [], lines: [], regressors: header.xcols.map(() => []) };
      }
      const { ds, value, xs } = rowCells(record, line, header, file);
      current.timestamps.push(ds);
      current.values.push(value);
      current.lines.push(line);
      for (let j = 0; j < xs.length; j++) current.regressors[j].push(xs[j]!);
    }
  } catch (err) {
    if (err instanceof TableError) throw new ApiError('REQUEST_INVALID', err.message.replace(/^the upload /, ''), { errors: [tableRefusal(err)] });
    if (err instanceof CsvSyntaxError) {
      throw new ApiError('REQUEST_INVALID', err.message, { errors: [{ pointer: `line ${err.line}`, detail: `the CSV cannot be read here: ${err.reason}` }] });
    }
    throw err;
  }
  if (!header) throw new ApiError('REQUEST_INVALID', 'the CSV is empty: it needs a header unique_id,ds,y and one row per value', { errors: [{ pointer: 'line 1', detail: 'no header' }] });
  if (current !== undefined) {
    finish(current.id);
    yield toSeries(current);
  }
}

function tableRefusal(err: TableError): { pointer: string; detail: string } {
  return { pointer: `line ${err.line}${err.column === undefined ? '' : `, column ${err.column}`}`, detail: err.message.replace(/^the upload /, '') };
}
