// The Store on a SQLite file (better-sqlite3): WAL so the server reads while the CLI writes,
// foreign keys on, migrations applied on open. better-sqlite3 is synchronous; the async methods
// exist so PostgreSQL can implement the same interface.
import Database from 'better-sqlite3';
import type { KeyStatus } from '../shared/types.js';
import {
  StoreConflictError, StoreValidationError,
  type KeyRecord, type ModelRecord, type NewKey, type NewModel, type Store,
} from './types.js';
import { MIGRATIONS } from './migrations.js';
import { applySqliteMigrations } from './migrate-sqlite.js';
import { monotonicIsoClock } from './clock.js';
import { KEY_COLUMNS, keyFromRow, modelFromRow, newKeyRow, type KeyRow, type ModelRow } from './rows.js';
import { checkNewKey, checkNewModel, unavailableBase } from './checks.js';


function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

// Global models first, then the organization's own, each by name.
const MODEL_ORDER = 'ORDER BY CASE WHEN organization_id IS NULL THEN 0 ELSE 1 END, name';

/** Opens (creating if needed) the SQLite store at `path` and brings its schema up to date. */
export async function openSqliteStore(path: string): Promise<Store> {
  const db = new Database(path);
  try {
    // The server and a CLI command may write at the same moment: wait rather than fail. Set first,
    // so switching a brand-new file to WAL waits too when another process is doing the same.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    db.pragma('synchronous = NORMAL');
    const now = monotonicIsoClock();
    applySqliteMigrations(db, MIGRATIONS, now);
    return new SqliteStore(db, now);
  } catch (err) {
    db.close();
    throw err;
  }
}

// Every statement, prepared once per connection.
function prepareStatements(db: Database.Database) {
  return {
    getKey: db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE key_id = ?`),
    listKeys: db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys ORDER BY created_at, key_id`),
    listKeysOfOrg: db.prepare(`SELECT ${KEY_COLUMNS} FROM api_keys WHERE organization_id = ? ORDER BY created_at, key_id`),
    countKeys: db.prepare('SELECT COUNT(*) AS n FROM api_keys'),
    insertOrg: db.prepare('INSERT INTO organizations (id, created_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING'),
    insertProject: db.prepare('INSERT INTO projects (organization_id, id, created_at) VALUES (?, ?, ?) ON CONFLICT (organization_id, id) DO NOTHING'),
    insertUser: db.prepare('INSERT INTO users (organization_id, id, created_at) VALUES (?, ?, ?) ON CONFLICT (organization_id, id) DO NOTHING'),
    insertKey: db.prepare(`INSERT INTO api_keys (${KEY_COLUMNS}, updated_at)
      VALUES (@key_id, @secret_hash, @status, @env, @organization_id, @project_id, @user_id, @product_id, @name,
        @expires_at, @rate_limit_per_minute, @rate_limit_per_hour, @last4, @created_at, @created_at)`),
    setStatus: db.prepare('UPDATE api_keys SET status = ?, updated_at = ? WHERE key_id = ?'),
    modelForOrg: db.prepare(`SELECT m.name, m.organization_id, m.base, m.config, m.created_at FROM models m
      WHERE m.name = ? AND (m.organization_id IS NULL
        OR EXISTS (SELECT 1 FROM model_access a WHERE a.model_name = m.name AND a.organization_id = ?))`),
    modelsForOrg: db.prepare(`SELECT m.name, m.organization_id, m.base, m.config, m.created_at FROM models m
      WHERE m.organization_id IS NULL
        OR EXISTS (SELECT 1 FROM model_access a WHERE a.model_name = m.name AND a.organization_id = ?)
      ${MODEL_ORDER}`),
    listModels: db.prepare(`SELECT name, organization_id, base, config, created_at FROM models ${MODEL_ORDER}`),
    listModelsOfOrg: db.prepare(`SELECT name, organization_id, base, config, created_at FROM models WHERE organization_id = ? ORDER BY name`),
    insertModel: db.prepare('INSERT INTO models (name, organization_id, base, config, created_at) VALUES (?, ?, ?, ?, ?)'),
    insertAccess: db.prepare('INSERT INTO model_access (model_name, organization_id, granted_at) VALUES (?, ?, ?) ON CONFLICT (model_name, organization_id) DO NOTHING'),
    ping: db.prepare('SELECT 1 AS one'),
  };
}
type Statements = ReturnType<typeof prepareStatements>;

class SqliteStore implements Store {
  private readonly listeners: Array<(keyId: string) => void> = [];

  private readonly q: Statements;

  constructor(private readonly db: Database.Database, private readonly now: () => string) {
    this.q = prepareStatements(db);
  }

  async getKey(keyId: string): Promise<KeyRecord | undefined> {
    const row = this.q.getKey.get(keyId) as KeyRow | undefined;
    return row === undefined ? undefined : keyFromRow(row);
  }

  async createKey(key: NewKey): Promise<KeyRecord> {
    checkNewKey(key);
    const at = this.now();
    const row = newKeyRow(key, at);
    const insert = this.db.transaction(() => {
      this.q.insertOrg.run(key.organizationId, at);
      this.q.insertProject.run(key.organizationId, key.projectId, at);
      this.q.insertUser.run(key.organizationId, key.userId, at);
      this.q.insertKey.run(row);
    });
    try {
      insert.immediate();
    } catch (err) {
      if (isUniqueViolation(err)) throw new StoreConflictError(`a key with key_id ${key.keyId} already exists`);
      throw err;
    }
    this.notify(key.keyId);
    return keyFromRow(row);
  }

  async listKeys(organizationId?: string): Promise<KeyRecord[]> {
    const rows = (organizationId === undefined ? this.q.listKeys.all() : this.q.listKeysOfOrg.all(organizationId)) as KeyRow[];
    return rows.map(keyFromRow);
  }

  async setKeyStatus(keyId: string, status: KeyStatus): Promise<boolean> {
    if (status !== 'active' && status !== 'inactive') throw new StoreValidationError(`status must be active or inactive (got ${JSON.stringify(status)})`);
    const changed = this.q.setStatus.run(status, this.now(), keyId).changes > 0;
    if (changed) this.notify(keyId);
    return changed;
  }

  async countKeys(): Promise<number> {
    return (this.q.countKeys.get() as { n: number }).n;
  }

  async getModelForOrg(name: string, organizationId: string): Promise<ModelRecord | undefined> {
    const row = this.q.modelForOrg.get(name, organizationId) as ModelRow | undefined;
    return row === undefined ? undefined : modelFromRow(row);
  }

  async listModelsForOrg(organizationId: string): Promise<ModelRecord[]> {
    return (this.q.modelsForOrg.all(organizationId) as ModelRow[]).map(modelFromRow);
  }

  async listModels(organizationId?: string): Promise<ModelRecord[]> {
    const rows = (organizationId === undefined ? this.q.listModels.all() : this.q.listModelsOfOrg.all(organizationId)) as ModelRow[];
    return rows.map(modelFromRow);
  }

  async createModel(model: NewModel): Promise<ModelRecord> {
    const config = checkNewModel(model);
    // A model builds on one its organization may already use (tempo, or one of its own).
    if (await this.getModelForOrg(model.base, model.organizationId) === undefined) {
      throw unavailableBase(model);
    }
    const at = this.now();
    const insert = this.db.transaction(() => {
      this.q.insertOrg.run(model.organizationId, at);
      this.q.insertModel.run(model.name, model.organizationId, model.base, config, at);
      this.q.insertAccess.run(model.name, model.organizationId, at);
    });
    try {
      insert.immediate();
    } catch (err) {
      if (isUniqueViolation(err)) throw new StoreConflictError(`a model named ${model.name} already exists`);
      throw err;
    }
    return { name: model.name, organizationId: model.organizationId, base: model.base, config: JSON.parse(config) as Record<string, unknown>, createdAt: at };
  }

  onKeyChanged(listener: (keyId: string) => void): void {
    this.listeners.push(listener);
  }

  async ping(): Promise<void> {
    this.q.ping.get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private notify(keyId: string): void {
    for (const listener of this.listeners) {
      // One broken listener must not undo a change that is already committed, nor starve the others.
      try {
        listener(keyId);
      } catch {
        /* ignored on purpose */
      }
    }
  }
}
