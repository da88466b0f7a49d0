// Opens the store the configuration asks for: SQLite under dataDir, or PostgreSQL when databaseUrl is set.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import type { Store } from './types.js';
import { openSqliteStore } from './sqlite.js';
import { openPostgresStore } from './postgres.js';

/** Absolute path of the SQLite database file for this configuration. */
export function sqlitePath(config: Pick<Config, 'dataDir'>): string {
  return resolve(join(config.dataDir, 'tempo.db'));
}

/** Opens the configured store, creating the data directory and schema on first use. */
export async function openStore(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'backendCommandTimeoutMs' | 'backendConnectTimeoutMs'>>,
  onError?: (err: Error) => void,
): Promise<Store> {
  if (config.databaseUrl !== null) {
    return openPostgresStore({
      url: config.databaseUrl,
      onError,
      commandTimeoutMs: config.backendCommandTimeoutMs,
      connectTimeoutMs: config.backendConnectTimeoutMs,
    });
  }
  mkdirSync(resolve(config.dataDir), { recursive: true });
  return openSqliteStore(sqlitePath(config));
}
