// Creating an API key: generate, hash, store. The full key leaves this function once and is never
// stored; only its hash and last four characters are.
import type { KeyEnv } from '../common/types.js';
import { StoreConflictError, StoreValidationError, type KeyRecord, type Store } from '../store/types.js';
import { entityIdProblem, keyNameProblem } from '../store/names.js';
import { DEFAULT_RATE_PER_HOUR, DEFAULT_RATE_PER_MINUTE } from '../config/config.js';
import { generateKey, lastFour, type RandomSource } from './format.js';
import { hashSecret } from './hash.js';

export interface CreateKeyOptions {
  organizationId: string;
  projectId: string;
  userId: string;
  name: string;
  env?: KeyEnv;                 // default 'live'
  expiresAt?: string | null;    // ISO 8601; stored normalised to UTC with milliseconds
  rateLimitPerMinute?: number;  // default 60
  rateLimitPerHour?: number;    // default 1000
}

export interface CreatedKey {
  fullKey: string;
  record: KeyRecord;
}

const MAX_RATE = 1_000_000_000;

function rate(value: number | undefined, fallback: number, field: string): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 1 || v > MAX_RATE) {
    throw new StoreValidationError(`${field} must be a whole number from 1 to ${MAX_RATE} (got ${v})`, [{ pointer: `/${field}`, detail: 'must be a positive integer' }]);
  }
  return v;
}

/** Normalises an ISO 8601 timestamp to UTC `YYYY-MM-DDTHH:mm:ss.sssZ`; throws StoreValidationError. */
export function normaliseExpiry(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // Date.parse reads many loose formats; insist on an ISO date first so "tomorrow" is refused.
  const ms = /^\d{4}-\d{2}-\d{2}(T[0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) {
    throw new StoreValidationError(`expires_at must be an ISO 8601 date or timestamp such as 2027-01-31T00:00:00Z (got ${JSON.stringify(value)})`,
      [{ pointer: '/expires_at', detail: 'must be ISO 8601' }]);
  }
  return new Date(ms).toISOString();
}

/** Creates and stores a key (organization, project and user created on first mention); returns the full key once. */
export async function createApiKey(store: Store, opts: CreateKeyOptions, pepper: string | null, random?: RandomSource): Promise<CreatedKey> {
  for (const [kind, value] of [['organization', opts.organizationId], ['project', opts.projectId], ['user', opts.userId]] as const) {
    const problem = entityIdProblem(kind, value);
    if (problem !== null) throw new StoreValidationError(problem, [{ pointer: `/${kind}_id`, detail: problem }]);
  }
  const nameProblem = keyNameProblem(opts.name);
  if (nameProblem !== null) throw new StoreValidationError(nameProblem, [{ pointer: '/name', detail: nameProblem }]);
  const env = opts.env ?? 'live';
  if (env !== 'live' && env !== 'test') throw new StoreValidationError(`env must be live or test (got ${JSON.stringify(env)})`, [{ pointer: '/env', detail: 'must be live or test' }]);
  const expiresAt = normaliseExpiry(opts.expiresAt);
  const rateLimitPerMinute = rate(opts.rateLimitPerMinute, DEFAULT_RATE_PER_MINUTE, 'rate_limit_per_minute');
  const rateLimitPerHour = rate(opts.rateLimitPerHour, DEFAULT_RATE_PER_HOUR, 'rate_limit_per_hour');

  // A key_id collision is astronomically unlikely (62^16), but a retry costs nothing.
  for (let attempt = 0; ; attempt++) {
    const key = generateKey(random);
    try {
      const record = await store.createKey({
        keyId: key.keyId,
        secretHash: hashSecret(key.secret, pepper),
        env,
        organizationId: opts.organizationId,
        projectId: opts.projectId,
        userId: opts.userId,
        name: opts.name,
        expiresAt,
        rateLimitPerMinute,
        rateLimitPerHour,
        last4: lastFour(key.fullKey),
      });
      return { fullKey: key.fullKey, record };
    } catch (err) {
      if (!(err instanceof StoreConflictError) || attempt >= 2) throw err;
    }
  }
}
