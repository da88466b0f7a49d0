// The Store on a SQLite file (better-sqlite3): WAL so the server reads while the CLI writes,
// foreign keys on, migrations applied on open. better-sqlite3 is synchronous; the async methods
// exist so PostgreSQL can implement the same interface.
import Database from 'better-sqlite3';
import type { KeyStatus } from '../common/types.js';
import {
  StoreConflictError, StoreValidationError,
  type KeyRecord, type ModelRecord, type NewKey, type NewModel, type Store,
} from './types.js';
import { openSqliteFile } from './sqlite-file.js';
import { keyFromRow, keyInsertParams, modelFromRow, newKeyRow, type KeyRow, type ModelRow } from './rows.js';
import { STATEMENTS, forSqlite, type StatementName } from './statements.js';
import { checkNewKey, checkNewModel, unavailableBase } from './checks.js';
import { finishParams, tuningFromRow, type NewTuning, type TuningOutcome, type TuningRecord, type TuningRow } from './tuning-types.js';
import { tellEach } from './listeners.js';
import { INTERRUPTED_TUNING } from './tuning-messages.js';


function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}


/** Opens (creating if needed) the SQLite store at `path` and brings its schema up to date. */
export async function openSqliteStore(path: string): Promise<Store> {
  const { db, now } = openSqliteFile(path);
  try {
    return new SqliteStore(db, now);
  } catch (err) {
    db.close();
    throw err;
  }
}

// Every statement, prepared once per connection.
function prepareStatements(db: Database.Database): Record<StatementName, Database.Statement> {
  const out = {} as Record<StatementName, Database.Statement>;
  for (const [name, sql] of Object.entries(STATEMENTS)) out[name as StatementName] = db.prepare(forSqlite(sql));
  return out;
}
type Statements = ReturnType<typeof prepareStatements>;

class SqliteStore implements Store {
  private readonly listeners: Array<(keyId: string) => void> = [];
  private readonly modelListeners: Array<() => void> = [];

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
      this.q.insertKey.run(...keyInsertParams(row));
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
    tellEach(this.modelListeners);
    return { name: model.name, organizationId: model.organizationId, base: model.base, config: JSON.parse(config) as Record<string, unknown>, createdAt: at };
  }

  async createTuning(t: NewTuning): Promise<TuningRecord> {
    const at = this.now();
    const insert = this.db.transaction(() => {
      if (this.q.modelNameUsed.get(t.name, t.name) !== undefined) throw new StoreConflictError(`a model named ${t.name} already exists`);
      this.q.insertTuning.run(t.name, t.organizationId, t.base, at, at);
    });
    try {
      insert.immediate();
    } catch (err) {
      if (isUniqueViolation(err)) throw new StoreConflictError(`a model named ${t.name} already exists`);
      throw err;
    }
    return (await this.getTuning(t.name, t.organizationId))!;
  }

  async getTuning(name: string, organizationId: string): Promise<TuningRecord | undefined> {
    const row = this.q.getTuning.get(name, organizationId) as TuningRow | undefined;
    return row === undefined ? undefined : tuningFromRow(row);
  }

  async listTunings(organizationId: string): Promise<TuningRecord[]> {
    return (this.q.listTunings.all(organizationId) as TuningRow[]).map(tuningFromRow);
  }

  async setTuningProgress(name: string, progress: number): Promise<void> {
    this.q.setTuningProgress.run(progress, this.now(), name);
  }

  async finishTuning(name: string, outcome: TuningOutcome): Promise<boolean> {
    const at = this.now();
    const finish = this.db.transaction(() => {
      if (this.q.finishTuning.run(...finishParams(name, outcome, at)).changes === 0) return false;
      if (outcome.status === 'ready') {
        const row = this.q.getTuningByName.get(name) as TuningRow;
        this.q.insertModel.run(name, row.organization_id, row.base, JSON.stringify(outcome.config), at);
        this.q.insertAccess.run(name, row.organization_id, at);
      }
      return true;
    });
    const finished = finish.immediate();
    if (finished) tellEach(this.modelListeners);
    return finished;
  }

  async deleteTuning(name: string, organizationId: string): Promise<boolean> {
    const remove = this.db.transaction(() => {
      if (this.q.deleteTuning.run(name, organizationId).changes === 0) return false;
      this.q.deleteOwnAccess.run(name, organizationId);
      this.q.deleteOwnModel.run(name, organizationId);
      return true;
    });
    const removed = remove.immediate();
    if (removed) tellEach(this.modelListeners);
    return removed;
  }

  async deleteModel(name: string, organizationId: string): Promise<boolean> {
    const remove = this.db.transaction(() => {
      const tuning = this.q.deleteTuning.run(name, organizationId).changes;
      this.q.deleteOwnAccess.run(name, organizationId);
      return this.q.deleteOwnModel.run(name, organizationId).changes + tuning > 0;
    });
    const removed = remove.immediate();
    if (removed) tellEach(this.modelListeners);
    return removed;
  }

  async failStaleTunings(before: string): Promise<number> {
    return this.q.failStaleTunings.run(INTERRUPTED_TUNING, this.now(), before).changes;
  }

  onKeyChanged(listener: (keyId: string) => void): void {
    this.listeners.push(listener);
  }

  onModelsChanged(listener: () => void): void {
    this.modelListeners.push(listener);
  }

  async ping(): Promise<void> {
    this.q.ping.get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  private notify(keyId: string): void {
    tellEach(this.listeners, keyId);
  }
}
