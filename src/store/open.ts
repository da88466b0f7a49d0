// Opens the store the configuration asks for: SQLite under dataDir, or PostgreSQL when databaseUrl is set.
import { join, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import type { Store } from './types.js';
import { ensureDataDir } from './data-dir.js';

/** Absolute path of the SQLite database file for this configuration. */
export function sqlitePath(config: Pick<Config, 'dataDir'>): string {
  return resolve(join(config.dataDir, 'tempo.db'));
}

/**
 * Opens the configured store and its schema. The SQLite data directory is created only when
 * `create` (the server's default); otherwise an absent one is refused with DataDirError.
 */
export async function openStore(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & Partial<Pick<Config, 'backendCommandTimeoutMs' | 'backendConnectTimeoutMs'>>,
  onError?: (err: Error) => void,
  create = true,
): Promise<Store> {
  // each backend's driver is loaded only when it is the one configured
  if (config.databaseUrl !== null) {
    const { openPostgresStore } = await import('./postgres.js');
    return openPostgresStore({
      url: config.databaseUrl,
      onError,
      commandTimeoutMs: config.backendCommandTimeoutMs,
      connectTimeoutMs: config.backendConnectTimeoutMs,
    });
  }
  ensureDataDir(config.dataDir, create);
  const { openSqliteStore } = await import('./sqlite.js');
  return openSqliteStore(sqlitePath(config));
}
