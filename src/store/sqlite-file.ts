// One SQLite file shared by the key store and the job store, each on a connection of its own:
// both open it the same way, so what one connection waits for or enforces the other does too.
import Database from 'better-sqlite3';
import { MIGRATIONS } from './migrations.js';
import { applySqliteMigrations } from './migrate-sqlite.js';
import { monotonicIsoClock } from './clock.js';

/** A connection to the file at `path` (created if needed) with its schema brought up to date, and the clock its writes use; closed again if that fails. */
export function openSqliteFile(path: string): { db: Database.Database; now: () => string } {
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
    return { db, now };
  } catch (err) {
    db.close();
    throw err;
  }
}
