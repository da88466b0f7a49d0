// The job store on the embedded server's SQLite file: its own connection to the key store's file
// (WAL lets them share it), every statement in turn through one queue, so a transaction's
// statements never interleave with another caller's on the connection.
import Database from 'better-sqlite3';
import { openSqliteFile } from '../store/sqlite-file.js';
import { JOB_STATEMENTS, jobSql, type JobStatementName } from './sql.js';
import { sqlJobStore, type JobDb, type SqlAnswer } from './sql-job-store.js';
import type { JobStore } from './store.js';

/** Opens the job store on the SQLite file at `path`, bringing its schema up to date. */
export function openSqliteJobStore(path: string): JobStore {
  const { db, now } = openSqliteFile(path);
  const statements = new Map<JobStatementName, Database.Statement>();
  for (const [name, sql] of Object.entries(JOB_STATEMENTS)) statements.set(name as JobStatementName, db.prepare(jobSql(sql)));

  function runNow<R>(name: JobStatementName, params: unknown[]): SqlAnswer<R> {
    const st = statements.get(name)!;
    if (st.reader) return { rows: st.all(...params) as R[], changed: 0 };
    return { rows: [], changed: st.run(...params).changes };
  }

  // one turn at a time: a transaction holds the connection until it ends
  let turn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const mine = turn.then(work, work);
    turn = mine.catch(() => {});
    return mine;
  }
  const inside: JobDb = {
    run: async (name, params) => runNow(name, params),
    tx: (work) => work(inside),
    close: async () => {},
  };
  return sqlJobStore({
    run: (name, params) => inTurn(async () => runNow(name, params)),
    tx: (work) => inTurn(async () => {
      db.exec('BEGIN IMMEDIATE');
      try {
        const out = await work(inside);
        db.exec('COMMIT');
        return out;
      } catch (err) {
        db.exec('ROLLBACK');
        throw err;
      }
    }),
    close: async () => { await turn; db.close(); },
  }, now);
}
