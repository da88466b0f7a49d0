// A chunk's stored form: NDJSON lines, gzip'd. The input holds a series (the batch body's series
// object) or, for a series refused at upload with on_invalid=skip, its refusal; the result holds
// one batch answer item per series.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BatchSeriesBody } from '../common/types.js';

/** A series refused at upload, kept in its place so the results stay in input order. */
export interface RefusedLine {
  id: string;
  error: { code: 'REQUEST_INVALID'; detail: string; pointer: string };
}

/** One line of a chunk's input. */
export type InputLine = BatchSeriesBody | RefusedLine;

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
