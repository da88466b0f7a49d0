// The key/model store interface: SQLite implements it now, PostgreSQL next. All methods are async
// so both fit; the SQL behind them is plain enough to run on either.
import type { KeyEnv, KeyStatus } from '../common/types.js';
import type { FieldError } from '../common/codes.js';
import type { NewTuning, TuningOutcome, TuningRecord } from './tuning-types.js';

/** A stored API key. Only the hash of the secret is ever stored. */
export interface KeyRecord {
  keyId: string;
  secretHash: string;
  status: KeyStatus;
  env: KeyEnv;
  organizationId: string;
  projectId: string;
  userId: string;
  productId: string;
  name: string;
  expiresAt: string | null;   // ISO 8601 UTC
  rateLimitPerMinute: number;
  rateLimitPerHour: number;
  last4: string;              // last four characters of the full key, for listings
  createdAt: string;
}

/** A model usable by one organization (organizationId set) or by all (organizationId null: `tempo`). */
export interface ModelRecord {
  name: string;
  organizationId: string | null;
  base: string;
  config: Record<string, unknown>;
  createdAt: string;
}

export interface NewKey {
  keyId: string;
  secretHash: string;
  env: KeyEnv;
  organizationId: string;
  projectId: string;
  userId: string;
  name: string;
  expiresAt: string | null;
  rateLimitPerMinute: number;
  rateLimitPerHour: number;
  last4: string;
}

export interface NewModel {
  name: string;
  organizationId: string;
  base: string;
  config: Record<string, unknown>;
}

export interface Store {
  /** The key with this id, or undefined. */
  getKey(keyId: string): Promise<KeyRecord | undefined>;
  /** Stores a new key, creating its organization, project and user on first mention. */
  createKey(key: NewKey): Promise<KeyRecord>;
  /** Keys, optionally of one organization, oldest first. */
  listKeys(organizationId?: string): Promise<KeyRecord[]>;
  /** Sets a key's status; false when no such key. */
  setKeyStatus(keyId: string, status: KeyStatus): Promise<boolean>;
  /** How many keys exist (first-run detection). */
  countKeys(): Promise<number>;
  /** The model `name` if the organization may use it (its own, or a global one), else undefined. */
  getModelForOrg(name: string, organizationId: string): Promise<ModelRecord | undefined>;
  /** Models the organization may use: the global ones first, then its own by name. */
  listModelsForOrg(organizationId: string): Promise<ModelRecord[]>;
  /** All models, optionally those owned by one organization. */
  listModels(organizationId?: string): Promise<ModelRecord[]>;
  /** Stores an organization's own model; throws StoreConflictError when the name is taken. */
  createModel(model: NewModel): Promise<ModelRecord>;
  /** Starts a tuning row in status 'tuning'; throws StoreConflictError when a model or tuning has the name. */
  createTuning(tuning: NewTuning): Promise<TuningRecord>;
  /** The organization's tuning of that name, or undefined (another organization's looks the same as none). */
  getTuning(name: string, organizationId: string): Promise<TuningRecord | undefined>;
  /** The organization's tunings by name. */
  listTunings(organizationId: string): Promise<TuningRecord[]>;
  /** Records progress (and so the tuner's heartbeat) while the tuning is still running. */
  setTuningProgress(name: string, progress: number): Promise<void>;
  /** Ends a running tuning; a ready one becomes a model of its organization in the same transaction. False when it was no longer running (deleted, or failed as stale). */
  finishTuning(name: string, outcome: TuningOutcome): Promise<boolean>;
  /** Removes the organization's tuning and, when ready, its model; false when it has none of that name. */
  deleteTuning(name: string, organizationId: string): Promise<boolean>;
  /** Removes one of the organization's own models, whatever made it (`createModel` or a tuning, running or ended); false when it has none of that name. */
  deleteModel(name: string, organizationId: string): Promise<boolean>;
  /** Marks failed every running tuning whose heartbeat is older than `before` (ISO); how many it marked. */
  failStaleTunings(before: string): Promise<number>;
  /** Calls `listener` after this process changes a key (status), so caches drop it at once. */
  onKeyChanged(listener: (keyId: string) => void): void;
  /** Calls `listener` after this process creates or removes a model (a finished tuning included), so caches drop theirs at once. */
  onModelsChanged(listener: () => void): void;
  /** Resolves when the store answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Raised when a unique name (model, key id) already exists. */
export class StoreConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreConflictError';
  }
}

/** Raised when a value to be stored breaks a rule (a name pattern, a model config); `errors` point into it. */
export class StoreValidationError extends Error {
  constructor(message: string, public readonly errors: FieldError[] = []) {
    super(message);
    this.name = 'StoreValidationError';
  }
}
