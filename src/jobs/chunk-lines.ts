// A chunk's stored form: NDJSON lines, gzip'd. The input holds a series (the batch body's series
// object) or, for a series refused at upload with on_invalid=skip, its refusal; the result holds
// one batch answer item per series.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BatchSeriesBody } from '../common/types.js';
import type { DatePlan } from '../dates/index.js';

/** A series refused at upload, kept in its place so the results stay in input order. */
export interface RefusedLine {
  id: string;
  error: { code: 'REQUEST_INVALID'; detail: string; pointer: string };
}

/**
 * A series as stored: with dates, the plan the upload's check made (periods, future dates written)
 * in place of its timestamps, so a worker neither stores nor parses them again. Lines stored
 * before plans were kept carry their timestamps instead, and are planned when they run.
 */
export type StoredSeries = BatchSeriesBody & { plan?: DatePlan };

/** One line of a chunk's input. */
export type InputLine = StoredSeries | RefusedLine;

/** Packs lines for storage. */
export function packLines(lines: readonly string[]): Buffer {
  return gzipSync(lines.join('\n') + '\n', { level: 1 });
}

/** The lines of a packed buffer. */
export function unpackLines(packed: Buffer): string[] {
  const text = gunzipSync(packed).toString('utf8');
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Whether an input line is a refusal. */
export function isRefused(line: InputLine): line is RefusedLine {
  return 'error' in line;
}
