// Opens the store the configuration asks for: SQLite under dataDir (PostgreSQL in a later issue).
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Config } from '../config/config.js';
import type { Store } from './types.js';
import { openSqliteStore } from './sqlite.js';

/** Absolute path of the SQLite database file for this configuration. */
export function sqlitePath(config: Pick<Config, 'dataDir'>): string {
  return resolve(join(config.dataDir, 'tempo.db'));
}

/** Opens the configured store, creating the data directory and schema on first use. */
export async function openStore(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Store> {
  if (config.databaseUrl !== null) {
    throw new Error('DATABASE_URL is set, but PostgreSQL storage is not supported yet in this version of tempo');
  }
  mkdirSync(resolve(config.dataDir), { recursive: true });
  return openSqliteStore(sqlitePath(config));
}
