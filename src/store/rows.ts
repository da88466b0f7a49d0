// The row shapes both SQL stores read and write, and their mapping to records: the schema is one
// (src/store/migrations.ts), so its mapping is one too.
import type { KeyEnv, KeyStatus } from '../common/types.js';
import type { KeyRecord, ModelRecord, NewKey } from './types.js';

export interface KeyRow {
  key_id: string; secret_hash: string; status: string; env: string; organization_id: string;
  project_id: string; user_id: string; product_id: string; name: string; expires_at: string | null;
  rate_limit_per_minute: number; rate_limit_per_hour: number; last4: string; created_at: string;
}
export interface ModelRow { name: string; organization_id: string | null; base: string; config: string; created_at: string }

/** The product every key belongs to; validate shows it as `product_id`. */
export const PRODUCT_ID = 'platform';

/** Columns of api_keys in KeyRow order. */
export const KEY_COLUMNS = `key_id, secret_hash, status, env, organization_id, project_id, user_id, product_id, name,
  expires_at, rate_limit_per_minute, rate_limit_per_hour, last4, created_at`;

/** The record a key row holds. */
export function keyFromRow(r: KeyRow): KeyRecord {
  return {
    keyId: r.key_id, secretHash: r.secret_hash, status: r.status as KeyStatus, env: r.env as KeyEnv,
    organizationId: r.organization_id, projectId: r.project_id, userId: r.user_id, productId: r.product_id,
    name: r.name, expiresAt: r.expires_at, rateLimitPerMinute: r.rate_limit_per_minute,
    rateLimitPerHour: r.rate_limit_per_hour, last4: r.last4, createdAt: r.created_at,
  };
}

/** The row a new, active key is stored as, created at `at`. */
export function newKeyRow(key: NewKey, at: string): KeyRow {
  return {
    key_id: key.keyId, secret_hash: key.secretHash, status: 'active', env: key.env,
    organization_id: key.organizationId, project_id: key.projectId, user_id: key.userId, product_id: PRODUCT_ID,
    name: key.name, expires_at: key.expiresAt, rate_limit_per_minute: key.rateLimitPerMinute,
    rate_limit_per_hour: key.rateLimitPerHour, last4: key.last4, created_at: at,
  };
}

/** The parameters of STATEMENTS.insertKey for `row`: its columns in KEY_COLUMNS order, then updated_at. */
export function keyInsertParams(row: KeyRow): unknown[] {
  return [row.key_id, row.secret_hash, row.status, row.env, row.organization_id, row.project_id, row.user_id,
    row.product_id, row.name, row.expires_at, row.rate_limit_per_minute, row.rate_limit_per_hour, row.last4,
    row.created_at, row.created_at];
}

/** The record a model row holds (its config is stored as JSON text). */
export function modelFromRow(r: ModelRow): ModelRecord {
  return { name: r.name, organizationId: r.organization_id, base: r.base, config: JSON.parse(r.config) as Record<string, unknown>, createdAt: r.created_at };
}
