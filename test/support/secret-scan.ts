// The suite-wide secret scan's record: keys the tests created, Tempo servers they started, and every
// log line, response header and response body those servers produced. Kept on globalThis so the
// setup file, the harness and the test share one record per test file.

const KEY = /^tempo-[0-9A-Za-z]{16}-([0-9A-Za-z]{49})$/;

interface ScanRecord {
  secrets: Set<string>;
  origins: Set<string>;
  outputs: Array<{ where: string; text: string }>;
  pending: Set<Promise<unknown>>;
  /** Copies of answers still being read; a stream a test never finished is cancelled at the end of the file. */
  unfinished: Set<ReadableStreamDefaultReader<Uint8Array>>;
  counts: { logLines: number; bodies: number; headers: number };
}

const g = globalThis as typeof globalThis & { __tempoSecretScan?: ScanRecord };

/** Ends this test file's record: the next file in the same worker (the suite runs without isolation) starts an empty one. */
export function endScanRecord(): void {
  g.__tempoSecretScan = undefined;
}

/** This test file's scan record, created on first use. */
export function scanRecord(): ScanRecord {
  g.__tempoSecretScan ??= { secrets: new Set(), origins: new Set(), outputs: [], pending: new Set(), unfinished: new Set(), counts: { logLines: 0, bodies: 0, headers: 0 } };
  return g.__tempoSecretScan;
}

/** Remembers a full key (only its secret part is searched for: the key id is public). */
export function recordKey(fullKey: string): void {
  const m = KEY.exec(fullKey);
  if (m) scanRecord().secrets.add(m[1]);
}

/** Marks `url`'s origin as a Tempo server whose answers are scanned. */
export function recordServer(url: string): void {
  scanRecord().origins.add(new URL(url).origin);
}

/** Remembers one log line the suite produced. */
export function recordLogLine(text: string): void {
  const r = scanRecord();
  r.counts.logLines += 1;
  r.outputs.push({ where: 'log line', text });
}

/** Remembers any other text the suite produced from a key (a CLI's output, a raw exchange), under `where`. */
export function recordOutput(where: string, text: string): void {
  scanRecord().outputs.push({ where, text });
}

/**
 * A response as the scan reads it. A success answer names back what the caller named its data by,
 * as the API's contract says (a batch series' `id`, a tuned model's `name` and `Location`): those
 * are the caller's own words for its data, not a leak, and are left out; everything else is read.
 */
export function withoutContractEchoes(status: number | undefined, headers: Headers, body: string): { head: string; body: string } {
  const success = status !== undefined && status >= 200 && status < 300;
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'id' && k !== 'name').map(([k, x]) => [k, strip(x)]));
  };
  const head = [...headers].filter(([k]) => !(success && k === 'location')).map(([k, v]) => `${k}: ${v}`).join('\n');
  if (!success) return { head, body };
  return {
    head,
    body: body.split('\n').map((line) => {
      try { return JSON.stringify(strip(JSON.parse(line))); } catch { return line; }
    }).join('\n'),
  };
}

/** Remembers a Tempo response's headers and body (its status tells a success answer, see withoutContractEchoes). */
export function recordResponse(url: string, headers: Headers, text: string, status?: number): void {
  const r = scanRecord();
  r.counts.headers += 1;
  r.counts.bodies += 1;
  const { head, body } = withoutContractEchoes(status, headers, text);
  r.outputs.push({ where: `headers of ${new URL(url).pathname.slice(0, 40)}`, text: head });
  r.outputs.push({ where: `body of ${new URL(url).pathname.slice(0, 40)}`, text: body });
}

/** Length of the shortest piece of a secret that counts as a leak: any 8 characters in a row of it. */
export const LEAK_PIECE = 8;

// A piece is encoded as a number, 6 bits per character (a secret's 62 letters and digits), so the
// scan of a text allocates nothing: 8 characters are 48 bits, exact in a double.
const DIGIT = new Int8Array(128).fill(-1);
[...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'].forEach((c, i) => { DIGIT[c.charCodeAt(0)] = i; });
const KEEP = 64 ** (LEAK_PIECE - 1);

function* pieceCodes(text: string): Generator<number> {
  let code = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const d = c < 128 ? DIGIT[c] : -1;
    if (d < 0) {
      run = 0;
      code = 0;
      continue;
    }
    code = (code % KEEP) * 64 + d;
    if (++run >= LEAK_PIECE) yield code;
  }
}

/** Every LEAK_PIECE-character piece of every secret in `secrets`, encoded. */
export function secretPieces(secrets: Iterable<string>): Set<number> {
  const pieces = new Set<number>();
  for (const secret of secrets) for (const code of pieceCodes(secret)) pieces.add(code);
  return pieces;
}

/** Whether `text` holds one of `pieces`: one pass over the text, whatever the number of keys. */
export function holdsPiece(text: string, pieces: ReadonlySet<number>): boolean {
  if (pieces.size === 0) return false;
  for (const code of pieceCodes(text)) if (pieces.has(code)) return true;
  return false;
}

/** Places where a piece of a recorded secret appeared (described without the secret), after pending reads settle. */
export async function findLeaks(): Promise<string[]> {
  const r = scanRecord();
  await Promise.allSettled([...r.pending]);
  const pieces = secretPieces(r.secrets);
  return r.outputs.filter((out) => holdsPiece(out.text, pieces)).map((out) => out.where);
}
