// The CSV record reader against csv-parse (the general parser it replaced on the hot path), on
// seeded random tables with quotes, commas, line breaks in fields, CRLF and multi-byte text split
// anywhere; and its refusals, each naming the line.
import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvRecords, CsvSyntaxError, type CsvRecord } from '../../src/table/csv-records.js';

async function records(pieces: Array<string | Uint8Array>, maxRecordChars = 1 << 20): Promise<CsvRecord[]> {
  const out: CsvRecord[] = [];
  async function* source() { yield* pieces; }
  for await (const batch of csvRecords(source(), { maxRecordChars })) out.push(...batch);
  return out;
}

async function refusal(text: string, maxRecordChars?: number): Promise<CsvSyntaxError> {
  try { await records([text], maxRecordChars); } catch (e) { if (e instanceof CsvSyntaxError) return e; throw e; }
  throw new Error('not refused');
}

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}

const ALPHABET = ['a', 'b', 'z', '1', '9', '.', '-', ' ', 'é', '日', '😀', ',', '"', '\n', '\r\n'];

/** A seeded table: fields that need quoting are quoted (quotes doubled), line ends LF or CRLF (one per table). */
function table(u: () => number): { text: string; rows: string[][] } {
  const width = 1 + Math.floor(u() * 4);
  const rows: string[][] = [];
  let text = '';
  const n = 1 + Math.floor(u() * 30);
  // one line end per table: csv-parse takes the first it meets for the whole text
  const eol = u() < 0.5 ? '\n' : '\r\n';
  for (let r = 0; r < n; r++) {
    const row = Array.from({ length: width }, () => Array.from({ length: Math.floor(u() * 6) }, () => ALPHABET[Math.floor(u() * ALPHABET.length)]).join(''));
    // a row of one empty field is an empty line, which both readers skip
    if (row.length === 1 && row[0] === '') row[0] = 'x';
    rows.push(row);
    text += row.map((f) => (/[",\r\n]/.test(f) || u() < 0.1 ? `"${f.replace(/"/g, '""')}"` : f)).join(',') + eol;
  }
  if (u() < 0.3) text = text.replace(/\r?\n$/, '');
  return { text, rows };
}

/** `text` as UTF-8 bytes cut at random places (inside multi-byte characters too). */
function cut(text: string, u: () => number): Uint8Array[] {
  const bytes = new TextEncoder().encode(text);
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length;) {
    const n = 1 + Math.floor(u() * 9);
    out.push(bytes.subarray(i, i + n));
    i += n;
  }
  return out;
}

describe('csvRecords', () => {
  it('reads what csv-parse reads, on 400 seeded tables cut into random byte pieces', async () => {
    const u = rng(20261126);
    for (let k = 0; k < 400; k++) {
      const { text, rows } = table(u);
      const oracle = parse(text, { relax_column_count: true, skip_empty_lines: true }) as string[][];
      expect(oracle).toEqual(rows);
      const got = await records(cut(text, u));
      expect(got.map((r) => r.fields), JSON.stringify(text)).toEqual(rows);
    }
  });

  it('numbers each record by the line it starts on, past fields holding line breaks and skipped empty lines', async () => {
    const got = await records(['\ufeffa,b\r\n"x\ny",1\n\n', 'z,"2"\r\n\r\nlast,3']);
    expect(got).toEqual([
      { fields: ['a', 'b'], line: 1 },
      { fields: ['x\ny', '1'], line: 2 },
      { fields: ['z', '2'], line: 5 },
      { fields: ['last', '3'], line: 7 },
    ]);
  });

  it('keeps a quote inside an unquoted field as text', async () => {
    expect((await records(['a,5" pipe,c\n']))[0].fields).toEqual(['a', '5" pipe', 'c']);
  });

  it('refuses an unclosed quote, text after a closing quote and a row over the bound, naming the line', async () => {
    const open = await refusal('id,y\na,1\n"b,2\nc,3\n');
    expect([open.line, open.reason]).toEqual([3, 'a quoted field is not closed (a quote left open)']);
    expect((await refusal('id,y\n"a"b,1\n')).line).toBe(2);
    const long = await refusal(`id,y\n${'x'.repeat(200)},1\n`, 100);
    expect([long.line, long.reason]).toEqual([2, 'a row is longer than 100 characters']);
    // an open quote that would swallow the rest of the stream is refused once it passes the bound
    const runaway = await refusal(`id,y\n"${'x\n'.repeat(200)}`, 100);
    expect(runaway.line).toBe(2);
  });
});
