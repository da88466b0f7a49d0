// Applies pending migrations to a SQLite database, all in one IMMEDIATE transaction, so two
// processes starting together (server and CLI) never both apply the same step or see half of one.
import type { Database } from 'better-sqlite3';
import { SCHEMA_MIGRATIONS_DDL, pendingMigrations, type Migration } from './migrations.js';

/** Applies the migrations not yet recorded in schema_migrations; returns the versions it applied. */
export function applySqliteMigrations(db: Database, migrations: readonly Migration[], now: () => string): number[] {
  const run = db.transaction((): number[] => {
    db.exec(SCHEMA_MIGRATIONS_DDL);
    const rows = db.prepare('SELECT version, name FROM schema_migrations').all() as Array<{ version: number; name: string }>;
    const done: number[] = [];
    for (const m of pendingMigrations(migrations, rows)) {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now());
      done.push(m.version);
    }
    return done;
  });
  return run.immediate();
}
