// A chunk's stored forms, gzip'd. The input holds a series (the batch body's series object) or, for
// a series refused at upload with on_invalid=skip, its refusal: every series' values as float64,
// then each line's JSON without its values, so a worker reads numbers without parsing their text
// (unzipping and parsing the text had been the largest part of a worker's own thread's work; gzip
// stays, as whole-number values shrink 30-fold under it). The result holds one batch answer item
// per series, as NDJSON lines; inputs stored that way by an earlier version still run.
import { endianness } from 'node:os';
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
export type StoredSeries = Omit<BatchSeriesBody, 'values'> & { values: ArrayLike<number | null>; plan?: DatePlan };

/** One line of a chunk's input. */
export type InputLine = StoredSeries | RefusedLine;

/** A line made ready for packing: its JSON without its values, and its values (none for a refusal). */
export interface PackableLine {
  meta: string;
  values?: ArrayLike<number | null>;
}

/** The line made ready for packing (its JSON written once, here). */
export function packable(line: InputLine): PackableLine {
  if (isRefused(line)) return { meta: JSON.stringify(line) };
  const { values, ...rest } = line;
  return { meta: JSON.stringify(rest), values };
}

/** Bytes the line takes in a packed input, before compression. */
export function packedBytes(line: PackableLine): number {
  return line.meta.length + 8 * (line.values?.length ?? 0);
}

// 'TPI2', the lines, the JSON's bytes, each line's value count, then (at a multiple of 8) the
// values and the lines' JSON; an earlier version's input unzips to NDJSON, starting '{' instead
const INPUT_MAGIC = 0x32495054;
const LITTLE_ENDIAN = endianness() === 'LE';

// where the values of a packed input of `lines` lines start: after the header, at a multiple of 8
const valuesOffset = (lines: number) => Math.ceil((12 + 4 * lines) / 8) * 8;

/** Packs a chunk's input lines for storage (see the file comment). */
export function packInput(lines: readonly PackableLine[]): Buffer {
  const meta = Buffer.from(lines.map((l) => l.meta).join('\n') + '\n', 'utf8');
  const valuesAt = valuesOffset(lines.length);
  const total = lines.reduce((n, l) => n + (l.values?.length ?? 0), 0);
  const out = Buffer.alloc(valuesAt + 8 * total + meta.length);
  out.writeUInt32LE(INPUT_MAGIC, 0);
  out.writeUInt32LE(lines.length, 4);
  out.writeUInt32LE(meta.length, 8);
  let at = valuesAt;
  lines.forEach((l, k) => {
    const values = l.values ?? [];
    out.writeUInt32LE(values.length, 12 + 4 * k);
    for (let i = 0; i < values.length; i++, at += 8) out.writeDoubleLE(values[i] ?? NaN, at);
  });
  meta.copy(out, at);
  return gzipSync(out, { level: 1 });
}

/** The lines of a packed input, values as Float64Array (a missing value is NaN). */
export function unpackInput(packed: Buffer): InputLine[] {
  const raw = gunzipSync(packed);
  if (raw.length < 12 || raw.readUInt32LE(0) !== INPUT_MAGIC) return splitLines(raw).map((l) => JSON.parse(l) as InputLine);
  const n = raw.readUInt32LE(4);
  const metas = splitLines(raw.subarray(raw.length - raw.readUInt32LE(8)));
  if (metas.length !== n) throw new Error(`a packed chunk input holds ${metas.length} lines where its header says ${n}`);
  let at = valuesOffset(n);
  return metas.map((meta, k) => {
    const line = JSON.parse(meta) as InputLine;
    if (isRefused(line)) return line;
    const count = raw.readUInt32LE(12 + 4 * k);
    line.values = readDoubles(raw, at, count);
    at += 8 * count;
    return line;
  });
}

// `count` float64s (little-endian) from `at`, copied out so they stay valid once the buffer is gone
function readDoubles(buf: Buffer, at: number, count: number): Float64Array {
  if (LITTLE_ENDIAN) return new Float64Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + 8 * count));
  const out = new Float64Array(count);
  for (let i = 0; i < count; i++) out[i] = buf.readDoubleLE(at + 8 * i);
  return out;
}

/** Packs lines for storage. */
export function packLines(lines: readonly string[]): Buffer {
  return gzipSync(lines.join('\n') + '\n', { level: 1 });
}

/** The lines of a packed buffer. */
export function unpackLines(packed: Buffer): string[] {
  return splitLines(gunzipSync(packed));
}

// the lines of UTF-8 text ending in a newline
function splitLines(text: Buffer): string[] {
  const lines = text.toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Whether an input line is a refusal. */
export function isRefused(line: InputLine): line is RefusedLine {
  return 'error' in line;
}
