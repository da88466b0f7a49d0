// Applies pending migrations to a SQLite database, all in one IMMEDIATE transaction, so two
// processes starting together (server and CLI) never both apply the same step or see half of one.
import type { Database } from 'better-sqlite3';
import type { Migration } from './migrations.js';

/** Applies the migrations not yet recorded in schema_migrations; returns the versions it applied. */
export function applySqliteMigrations(db: Database, migrations: readonly Migration[], now: () => string): number[] {
  const run = db.transaction((): number[] => {
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY,
      name TEXT NOT NULL,
      applied_at TEXT NOT NULL
    )`);
    const rows = db.prepare('SELECT version, name FROM schema_migrations').all() as Array<{ version: number; name: string }>;
    const applied = new Map(rows.map((r) => [r.version, r.name]));
    const done: number[] = [];
    for (const m of migrations) {
      const name = applied.get(m.version);
      if (name !== undefined) {
        // A renamed step means history was edited after it ran somewhere: stop before it diverges.
        if (name !== m.name) throw new Error(`migration ${m.version} was applied as "${name}" but is now called "${m.name}"; migrations must never change once applied`);
        continue;
      }
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now());
      done.push(m.version);
    }
    return done;
  });
  return run.immediate();
}
