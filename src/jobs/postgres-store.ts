// The job store on PostgreSQL, for API instances and `tempo worker` processes on many machines:
// its own pool on the key store's database (and schema), the shared migrations applied first.
import pg from 'pg';
import { MIGRATIONS } from '../store/migrations.js';
import { applyPostgresMigrations } from '../store/migrate-postgres.js';
import { monotonicIsoClock } from '../store/clock.js';
import { JOB_STATEMENTS, type JobStatementName } from './sql.js';
import { sqlJobStore, type JobDb } from './sql-job-store.js';
import type { JobStore } from './store.js';

export interface PostgresJobStoreOptions {
  url: string;
  /** Schema of the tables (tests); default the server's search_path. */
  schema?: string;
  poolSize?: number;
  /** How long one statement may take: a chunk's input or result is a few hundred kB. */
  statementTimeoutMs?: number;
  onError?: (err: Error) => void;
}

/** Connects, applies the migrations (under their advisory lock) and returns the job store. */
export async function openPostgresJobStore(o: PostgresJobStoreOptions): Promise<JobStore> {
  const timeout = o.statementTimeoutMs ?? 30_000;
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.poolSize ?? 5,
    connectionTimeoutMillis: 5000,
    statement_timeout: timeout,
    query_timeout: timeout + 1000,
    ...(o.schema === undefined ? {} : { options: `-c search_path=${o.schema}` }),
  });
  pool.on('error', (err) => o.onError?.(err));
  const now = monotonicIsoClock();
  const client = await pool.connect();
  try {
    await applyPostgresMigrations(client, MIGRATIONS, now, o.schema);
  } finally {
    client.release();
  }
  const on = (q: pg.Pool | pg.PoolClient): JobDb['run'] => async (name, params) => {
    const r = await q.query({ text: JOB_STATEMENTS[name as JobStatementName], values: params });
    return { rows: r.rows, changed: r.rowCount ?? 0 };
  };
  return sqlJobStore({
    run: on(pool),
    async tx(work) {
      const c = await pool.connect();
      let broken = false;
      try {
        await c.query('BEGIN');
        const inside: JobDb = { run: on(c), tx: (w) => w(inside), close: async () => {} };
        const out = await work(inside);
        await c.query('COMMIT');
        return out;
      } catch (err) {
        await c.query('ROLLBACK').catch(() => { broken = true; });
        throw err;
      } finally {
        c.release(broken);
      }
    },
    close: () => pool.end(),
  }, now);
}
