// Configuration and store for one CLI command: opened at the start, always closed at the end.
import { loadConfig, type Config } from '../config/config.js';
import { openStore } from '../store/open.js';
import type { Store } from '../store/types.js';
import type { CliIO } from './io.js';
import type { Parsed } from './args.js';

/** Runs `fn` with the configured store (from --data-dir / TEMPO_DATA_DIR; an absent one only with --create) and closes it afterwards. */
export async function withStore<T>(parsed: Parsed, io: CliIO, fn: (store: Store, config: Config) => Promise<T>): Promise<T> {
  const config = loadConfig({ 'data-dir': parsed.values['data-dir'] }, io.env);
  const store = await openStore(config, undefined, parsed.values.create === true);
  try {
    return await fn(store, config);
  } finally {
    await store.close();
  }
}
