// The Store on PostgreSQL (pg Pool), for several instances sharing keys and models. Same schema
// (the shared migrations, applied at startup under an advisory lock) and the same answers as the
// SQLite store; key changes are announced with NOTIFY in the changing transaction, so every
// instance's cache hears about a disable made anywhere, the CLI included.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { KeyStatus } from '../common/types.js';
import {
  StoreConflictError, StoreValidationError,
  type KeyRecord, type ModelRecord, type NewKey, type NewModel, type Store,
} from './types.js';
import { MIGRATIONS } from './migrations.js';
import { applyPostgresMigrations } from './migrate-postgres.js';
import { monotonicIsoClock } from './clock.js';
import { keyFromRow, keyInsertParams, modelFromRow, newKeyRow, type KeyRow, type ModelRow } from './rows.js';
import { STATEMENTS } from './statements.js';
import { checkNewKey, checkNewModel, unavailableBase } from './checks.js';
import { finishParams, tuningFromRow, type NewTuning, type TuningOutcome, type TuningRecord, type TuningRow } from './tuning-types.js';
import { INTERRUPTED_TUNING } from './tuning-messages.js';
import { KEY_CHANGED_CHANNEL, keyChangedPayload, listenForKeyChanges, type KeyChangeListener } from './postgres-notify.js';
import { redactUrl } from '../config/redact-url.js';
import { tellEach } from './listeners.js';

export interface PostgresStoreOptions {
  url: string;
  /** Schema holding the tables (created if missing); default: the server's search_path (public). */
  schema?: string;
  /** Connections in the pool. */
  poolSize?: number;
  /** How long a connection attempt or a statement may take before it fails (a hung server must not hang requests). */
  timeoutMs?: number;
  /** Serving limits once started (default timeoutMs): how long one query, and one connection attempt, may take. */
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Told about connection errors the store recovers from by itself. */
  onError?: (err: Error) => void;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown }).code === '23505';
}

const SQL = {
  ...STATEMENTS,
  notify: `SELECT pg_notify('${KEY_CHANGED_CHANNEL}', $1)`,
};

/**
 * Connects to PostgreSQL, brings the schema up to date (safe with several instances starting at
 * once) and returns the store; rejects with a message naming the (redacted) URL when it cannot.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  if (options.schema !== undefined && !SCHEMA_NAME.test(options.schema)) {
    throw new Error(`schema must match ${SCHEMA_NAME.source} (got ${JSON.stringify(options.schema)})`);
  }
  const timeoutMs = options.timeoutMs ?? 5000;
  const config: pg.PoolConfig = {
    connectionString: options.url,
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + 1000,
    max: options.poolSize ?? 10,
    ...(options.schema === undefined ? {} : { options: `-c search_path=${options.schema}` }),
  };
  const onError = options.onError ?? (() => {});
  // migrations may wait on another instance's migration lock: they get the startup timeout, and
  // requests afterwards get the (much shorter) serving ones, so a frozen server costs each one little
  const commandMs = options.commandTimeoutMs ?? timeoutMs;
  const serving: pg.PoolConfig = {
    ...config,
    connectionTimeoutMillis: options.connectTimeoutMs ?? timeoutMs,
    query_timeout: commandMs,
    statement_timeout: commandMs,
  };
  const pool = new pg.Pool(serving);
  // an idle connection dropped by the server emits here; unhandled, it would end the process
  pool.on('error', (err) => onError(err));
  const now = monotonicIsoClock();
  const startup = new pg.Pool({ ...config, max: 1 });
  startup.on('error', () => {});
  try {
    const client = await startup.connect();
    let broken: Error | undefined;
    try {
      await applyPostgresMigrations(client, MIGRATIONS, now, options.schema);
    } catch (err) {
      broken = err as Error;
      throw err;
    } finally {
      client.release(broken);
    }
  } catch (err) {
    await startup.end().catch(() => {});
    await pool.end().catch(() => {});
    throw new Error(`PostgreSQL at ${redactUrl(options.url)} cannot be used (${(err as Error).message}); `
      + 'start it or fix DATABASE_URL (unset DATABASE_URL to keep keys in the SQLite file under TEMPO_DATA_DIR)', { cause: err });
  }
  await startup.end().catch(() => {});
  const store = new PostgresStore(pool, now, options.schema ?? 'public');
  const listener = listenForKeyChanges(config, store.scope, store.origin, (keyId) => store.notifyLocal(keyId), onError);
  store.listener = listener;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), timeoutMs); });
  const outcome = await Promise.race([listener.listening, timedOut]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    await store.close();
    throw new Error(`PostgreSQL at ${redactUrl(options.url)} accepted queries but not LISTEN within ${timeoutMs} ms; `
      + 'key changes from other instances could not be heard');
  }
  return store;
}

class PostgresStore implements Store {
  private readonly listeners: Array<(keyId: string) => void> = [];
  private readonly modelListeners: Array<() => void> = [];
  listener: KeyChangeListener | undefined;
  /** Names this store instance in its announcements, so it can ignore its own echo. */
  readonly origin = randomBytes(6).toString('hex');

  /** `scope`: the schema this store keeps its tables in, which its announcements name. */
  constructor(private readonly pool: pg.Pool, private readonly now: () => string, readonly scope: string) {}

  private async rows<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
    return (await this.pool.query<T>(sql, params)).rows;
  }

  // Runs `work` in one transaction on one connection; a broken connection is not returned to the pool.
  private async transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch((e: Error) => { broken = e; });
      throw err;
    } finally {
      client.release(broken);
    }
  }

  async getKey(keyId: string): Promise<KeyRecord | undefined> {
    const [row] = await this.rows<KeyRow>(SQL.getKey, [keyId]);
    return row === undefined ? undefined : keyFromRow(row);
  }

  async createKey(key: NewKey): Promise<KeyRecord> {
    checkNewKey(key);
    const at = this.now();
    const row = newKeyRow(key, at);
    try {
      await this.transaction(async (c) => {
        await c.query(SQL.insertOrg, [key.organizationId, at]);
        await c.query(SQL.insertProject, [key.organizationId, key.projectId, at]);
        await c.query(SQL.insertUser, [key.organizationId, key.userId, at]);
        await c.query(SQL.insertKey, keyInsertParams(row));
        // an instance that cached "unknown key" for this id learns it exists now
        await c.query(SQL.notify, [keyChangedPayload(this.scope, this.origin, key.keyId)]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new StoreConflictError(`a key with key_id ${key.keyId} already exists`);
      throw err;
    }
    this.notifyLocal(key.keyId);
    return keyFromRow(row);
  }

  async listKeys(organizationId?: string): Promise<KeyRecord[]> {
    const rows = organizationId === undefined
      ? await this.rows<KeyRow>(SQL.listKeys)
      : await this.rows<KeyRow>(SQL.listKeysOfOrg, [organizationId]);
    return rows.map(keyFromRow);
  }

  async setKeyStatus(keyId: string, status: KeyStatus): Promise<boolean> {
    if (status !== 'active' && status !== 'inactive') throw new StoreValidationError(`status must be active or inactive (got ${JSON.stringify(status)})`);
    // the NOTIFY is delivered on commit only, so no instance drops its cache before the change is visible
    const changed = await this.transaction(async (c) => {
      const r = await c.query(SQL.setStatus, [status, this.now(), keyId]);
      if ((r.rowCount ?? 0) > 0) await c.query(SQL.notify, [keyChangedPayload(this.scope, this.origin, keyId)]);
      return (r.rowCount ?? 0) > 0;
    });
    if (changed) this.notifyLocal(keyId);
    return changed;
  }

  async countKeys(): Promise<number> {
    const [row] = await this.rows<{ n: number }>(SQL.countKeys);
    return row.n;
  }

  async getModelForOrg(name: string, organizationId: string): Promise<ModelRecord | undefined> {
    const [row] = await this.rows<ModelRow>(SQL.modelForOrg, [name, organizationId]);
    return row === undefined ? undefined : modelFromRow(row);
  }

  async listModelsForOrg(organizationId: string): Promise<ModelRecord[]> {
    return (await this.rows<ModelRow>(SQL.modelsForOrg, [organizationId])).map(modelFromRow);
  }

  async listModels(organizationId?: string): Promise<ModelRecord[]> {
    const rows = organizationId === undefined
      ? await this.rows<ModelRow>(SQL.listModels)
      : await this.rows<ModelRow>(SQL.listModelsOfOrg, [organizationId]);
    return rows.map(modelFromRow);
  }

  async createModel(model: NewModel): Promise<ModelRecord> {
    const config = checkNewModel(model);
    // A model builds on one its organization may already use (tempo, or one of its own).
    if (await this.getModelForOrg(model.base, model.organizationId) === undefined) {
      throw unavailableBase(model);
    }
    const at = this.now();
    try {
      await this.transaction(async (c) => {
        await c.query(SQL.insertOrg, [model.organizationId, at]);
        await c.query(SQL.insertModel, [model.name, model.organizationId, model.base, config, at]);
        await c.query(SQL.insertAccess, [model.name, model.organizationId, at]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new StoreConflictError(`a model named ${model.name} already exists`);
      throw err;
    }
    tellEach(this.modelListeners);
    return { name: model.name, organizationId: model.organizationId, base: model.base, config: JSON.parse(config) as Record<string, unknown>, createdAt: at };
  }

  async createTuning(t: NewTuning): Promise<TuningRecord> {
    const at = this.now();
    try {
      await this.transaction(async (c) => {
        if ((await c.query(SQL.modelNameUsed, [t.name, t.name])).rowCount) throw new StoreConflictError(`a model named ${t.name} already exists`);
        await c.query(SQL.insertTuning, [t.name, t.organizationId, t.base, at, at]);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new StoreConflictError(`a model named ${t.name} already exists`);
      throw err;
    }
    return (await this.getTuning(t.name, t.organizationId))!;
  }

  async getTuning(name: string, organizationId: string): Promise<TuningRecord | undefined> {
    const [row] = await this.rows<TuningRow>(SQL.getTuning, [name, organizationId]);
    return row === undefined ? undefined : tuningFromRow(row);
  }

  async listTunings(organizationId: string): Promise<TuningRecord[]> {
    return (await this.rows<TuningRow>(SQL.listTunings, [organizationId])).map(tuningFromRow);
  }

  async setTuningProgress(name: string, progress: number): Promise<void> {
    await this.pool.query(SQL.setTuningProgress, [progress, this.now(), name]);
  }

  async finishTuning(name: string, outcome: TuningOutcome): Promise<boolean> {
    const at = this.now();
    const finished = await this.transaction(async (c) => {
      if (!(await c.query(SQL.finishTuning, finishParams(name, outcome, at))).rowCount) return false;
      if (outcome.status === 'ready') {
        const row = (await c.query<TuningRow>(SQL.getTuningByName, [name])).rows[0];
        await c.query(SQL.insertModel, [name, row.organization_id, row.base, JSON.stringify(outcome.config), at]);
        await c.query(SQL.insertAccess, [name, row.organization_id, at]);
      }
      return true;
    });
    if (finished) tellEach(this.modelListeners);
    return finished;
  }

  async deleteTuning(name: string, organizationId: string): Promise<boolean> {
    const removed = await this.transaction(async (c) => {
      if (!(await c.query(SQL.deleteTuning, [name, organizationId])).rowCount) return false;
      await c.query(SQL.deleteOwnAccess, [name, organizationId]);
      await c.query(SQL.deleteOwnModel, [name, organizationId]);
      return true;
    });
    if (removed) tellEach(this.modelListeners);
    return removed;
  }

  async deleteModel(name: string, organizationId: string): Promise<boolean> {
    const removed = await this.transaction(async (c) => {
      const tuning = (await c.query(SQL.deleteTuning, [name, organizationId])).rowCount ?? 0;
      await c.query(SQL.deleteOwnAccess, [name, organizationId]);
      return ((await c.query(SQL.deleteOwnModel, [name, organizationId])).rowCount ?? 0) + tuning > 0;
    });
    if (removed) tellEach(this.modelListeners);
    return removed;
  }

  async failStaleTunings(before: string): Promise<number> {
    return (await this.pool.query(SQL.failStaleTunings, [INTERRUPTED_TUNING, this.now(), before])).rowCount ?? 0;
  }

  onKeyChanged(listener: (keyId: string) => void): void {
    this.listeners.push(listener);
  }

  onModelsChanged(listener: () => void): void {
    this.modelListeners.push(listener);
  }

  async ping(): Promise<void> {
    await this.pool.query(SQL.ping);
  }

  async close(): Promise<void> {
    await this.listener?.close();
    if (!this.pool.ended) await this.pool.end();
  }

  /** Tells this process's listeners about a key change (its own, or one heard from another process). */
  notifyLocal(keyId: string): void {
    tellEach(this.listeners, keyId);
  }
}
