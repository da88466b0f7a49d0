// Applies the shared migrations (src/store/migrations.ts, the same SQL SQLite runs) to PostgreSQL.
// Every instance runs this at startup; a session advisory lock makes them take turns, so several
// instances starting together never apply a step twice or see half of one.
import type { PoolClient } from 'pg';
import { SCHEMA_MIGRATIONS_DDL, pendingMigrations, type Migration } from './migrations.js';

// 'tmpo': the advisory-lock namespace for tempo migrations; the second half is the schema name, so
// separate schemas (deployments or test runs) in one database do not wait on each other.
const LOCK_NAMESPACE = 0x746d706f;

/**
 * The statement as PostgreSQL must see it. The migrations are written in the common subset
 * (TEXT, INTEGER, CHECK, ON CONFLICT DO NOTHING); a dialect difference gets a rule here, never a
 * second copy of the schema.
 */
export function toPostgresSql(sql: string): string {
  // binary columns (job inputs and results): BLOB is SQLite's word, BYTEA PostgreSQL's
  return sql.replace(/\bBLOB\b/g, 'BYTEA');
}

/**
 * Applies the migrations not yet recorded in schema_migrations; returns the versions it applied.
 * With `schema`, creates it first (under the same lock: CREATE SCHEMA IF NOT EXISTS races).
 */
export async function applyPostgresMigrations(
  client: PoolClient, migrations: readonly Migration[], now: () => string, schema?: string,
): Promise<number[]> {
  // the schema name, not current_schema(): that is NULL until the schema exists, and a NULL key takes no lock
  const lockKey = [LOCK_NAMESPACE, schema ?? ''];
  await client.query('SELECT pg_advisory_lock($1, hashtext($2))', lockKey);
  try {
    if (schema !== undefined) await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(SCHEMA_MIGRATIONS_DDL);
    const { rows } = await client.query<{ version: number; name: string }>('SELECT version, name FROM schema_migrations');
    const done: number[] = [];
    for (const m of pendingMigrations(migrations, rows)) {
      // one transaction per step: a failing step leaves the previous ones applied and recorded
      await client.query('BEGIN');
      try {
        await client.query(toPostgresSql(m.sql));
        await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, now()]);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw new Error(`migration ${m.version} (${m.name}) failed on PostgreSQL: ${(err as Error).message}`, { cause: err });
      }
      done.push(m.version);
    }
    return done;
  } finally {
    await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', lockKey).catch(() => {});
  }
}
