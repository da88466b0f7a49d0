// The records of a CSV stream (RFC 4180: a quoted field may hold commas, line breaks and doubled
// quotes), each with the line it starts on. A long table is millions of short rows with no quote in
// them: those are split at their commas directly, and only a line holding a quote takes the
// character-by-character path. A general parser with line counting read such a table at about
// 170,000 rows a second; this reads it several times faster, which is the upload rate of a job.

/** A record and the line (1-based) it starts on. */
export interface CsvRecord {
  fields: string[];
  line: number;
}

/** A stream that is not CSV: where and why. */
export class CsvSyntaxError extends Error {
  constructor(public readonly line: number, public readonly reason: string) {
    super(`line ${line}: ${reason}`);
    this.name = 'CsvSyntaxError';
  }
}

/** Bounds on what one record may hold. */
export interface CsvBounds {
  /** Characters one record may hold (a field of megabytes is a mistake or an attack). */
  maxRecordChars: number;
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

type Parsed = { fields: string[]; end: number; lines: number } | 'more';

/**
 * The quoted-aware record starting at `start` of `text`: its fields, the index past its line break
 * and the line breaks it consumed; 'more' when the text ends inside it and more may come.
 */
function slowRecord(text: string, start: number, final: boolean, line: number): Parsed {
  const fields: string[] = [];
  let i = start;
  let lines = 0;
  for (;;) {
    if (i < text.length && text.charCodeAt(i) === QUOTE) {
      let value = '';
      let from = i + 1;
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) {
          if (!final) return 'more';
          throw new CsvSyntaxError(line, 'a quoted field is not closed (a quote left open)');
        }
        value += text.slice(from, q);
        if (q + 1 >= text.length && !final) return 'more';
        if (text.charCodeAt(q + 1) === QUOTE) {
          value += '"';
          from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      for (let k = value.indexOf('\n'); k >= 0; k = value.indexOf('\n', k + 1)) lines += 1;
      const c = i < text.length ? text.charCodeAt(i) : -1;
      if (c === CR && i + 1 >= text.length && !final) return 'more';
      if (c !== COMMA && c !== LF && c !== -1 && !(c === CR && (i + 1 >= text.length || text.charCodeAt(i + 1) === LF))) {
        throw new CsvSyntaxError(line, 'a closing quote is followed by more text in the same field (write a quote inside a quoted field as "")');
      }
      fields.push(value);
    } else {
      let j = i;
      while (j < text.length) {
        const c = text.charCodeAt(j);
        if (c === COMMA || c === LF) break;
        j += 1;
      }
      if (j >= text.length && !final) return 'more';
      let value = text.slice(i, j);
      if (j < text.length && text.charCodeAt(j) === LF && value.charCodeAt(value.length - 1) === CR) value = value.slice(0, -1);
      else if (j >= text.length && value.charCodeAt(value.length - 1) === CR) value = value.slice(0, -1);
      fields.push(value);
      i = j;
    }
    if (i >= text.length) return { fields, end: i, lines: lines + 1 };
    const c = text.charCodeAt(i);
    if (c === COMMA) { i += 1; continue; }
    if (c === CR) i += 1;
    if (i < text.length && text.charCodeAt(i) === LF) i += 1;
    return { fields, end: i, lines: lines + 1 };
  }
}

/**
 * Yields the records of `pieces` (text or UTF-8 bytes, split anywhere), a BOM and empty lines
 * skipped, in batches (those complete in each piece: one await per piece, not per row); throws
 * CsvSyntaxError naming the line of an unclosed quote, a stray quote or a record over the bound.
 * Field counts are the caller's to check (it knows the header).
 */
export async function* csvRecords(pieces: AsyncIterable<string | Uint8Array>, bounds: CsvBounds): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder('utf-8');
  let text = '';
  let line = 1;
  let first = true;
  const drain = (final: boolean): CsvRecord[] => {
    const out: CsvRecord[] = [];
    let pos = 0;
    while (pos < text.length) {
      let eol = text.indexOf('\n', pos);
      if (eol < 0) {
        if (!final) break;
        eol = text.length;
      }
      // the common row: no quote on the line, so no field can span lines or hide a comma
      const q = text.indexOf('"', pos);
      if (q < 0 || q > eol) {
        const end = eol > pos && text.charCodeAt(eol - 1) === CR ? eol - 1 : eol;
        if (end - pos > bounds.maxRecordChars) throw new CsvSyntaxError(line, `a row is longer than ${bounds.maxRecordChars} characters`);
        if (end > pos) out.push({ fields: text.slice(pos, end).split(','), line });
        line += 1;
        pos = eol + 1;
        continue;
      }
      const r = slowRecord(text, pos, final, line);
      if (r === 'more') break;
      if (r.end - pos > bounds.maxRecordChars) throw new CsvSyntaxError(line, `a row is longer than ${bounds.maxRecordChars} characters`);
      out.push({ fields: r.fields, line });
      line += r.lines;
      pos = r.end;
    }
    text = text.slice(pos);
    // a record still open past the bound will never fit: say so now rather than buffer more
    if (!final && text.length > bounds.maxRecordChars) throw new CsvSyntaxError(line, `a row is longer than ${bounds.maxRecordChars} characters`);
    return out;
  };
  for await (const piece of pieces) {
    text += typeof piece === 'string' ? piece : decoder.decode(piece, { stream: true });
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    const batch = drain(false);
    if (batch.length > 0) yield batch;
  }
  text += decoder.decode();
  if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const last = drain(true);
  if (last.length > 0) yield last;
}
