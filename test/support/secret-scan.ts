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

/** Remembers a Tempo response's headers and body. */
export function recordResponse(url: string, headers: Headers, body: string): void {
  const r = scanRecord();
  r.counts.headers += 1;
  r.counts.bodies += 1;
  const head = [...headers].map(([k, v]) => `${k}: ${v}`).join('\n');
  r.outputs.push({ where: `headers of ${new URL(url).pathname.slice(0, 40)}`, text: head });
  r.outputs.push({ where: `body of ${new URL(url).pathname.slice(0, 40)}`, text: body });
}

/** Places where a recorded secret appeared (described without the secret), after pending reads settle. */
export async function findLeaks(): Promise<string[]> {
  const r = scanRecord();
  await Promise.allSettled([...r.pending]);
  const leaks: string[] = [];
  for (const out of r.outputs) {
    for (const secret of r.secrets) {
      // any 12-character piece of the secret is already too much of it
      for (let i = 0; i + 12 <= secret.length; i += 12) {
        if (out.text.includes(secret.slice(i, i + 12))) {
          leaks.push(out.where);
          break;
        }
      }
    }
  }
  return leaks;
}
