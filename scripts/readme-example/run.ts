// Produces the README's first forecast for real: a fresh server on a temporary data directory, the
// key its first run creates, and the very request the README shows.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { openStore } from '../../src/store/open.js';
import { createMemoryLimits } from '../../src/limits/memory.js';
import { createLogger, startServer } from '../../src/server/listen.js';
import { ensureFirstRunKey } from '../../src/bootstrap/first-run.js';

/** The request body of the README example: four years of monthly airline passengers, a year ahead. */
export const EXAMPLE_BODY = {
  series: [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149,
    170, 170, 158, 133, 114, 140, 145, 150, 178, 163, 172, 178, 199, 199, 184, 162, 146, 166, 171, 180,
    193, 181, 183, 218, 230, 242, 209, 191, 172, 194],
  horizon: 12,
  level: [95],
} as const;

export interface ExampleRun {
  status: number;
  contentType: string | null;
  /** The answer's body exactly as the server sent it. */
  text: string;
}

/** Starts a server on 127.0.0.1 with an empty temporary data directory, sends EXAMPLE_BODY with the first-run key, and stops it. */
export async function runExample(): Promise<ExampleRun> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-readme-'));
  const config = { ...loadConfig({ port: '0', host: '127.0.0.1', 'data-dir': dataDir }, {}), workers: 1 };
  const store = await openStore(config);
  const limits = createMemoryLimits();
  try {
    const server = await startServer({ config, store, limits, logger: createLogger('silent') });
    try {
      const message = await ensureFirstRunKey(store, config, server.url);
      const key = /API key: (\S+)/.exec(message ?? '')?.[1];
      if (key === undefined) throw new Error('the first run printed no API key');
      const res = await fetch(`${server.url}/tempo/v1/forecast`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(EXAMPLE_BODY),
      });
      return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
    } finally {
      await server.close();
    }
  } finally {
    await limits.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
