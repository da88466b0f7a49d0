import { describe, it, expect, afterEach } from 'vitest';
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { MIGRATIONS, type Migration } from '../../src/store/migrations.js';
import { applySqliteMigrations } from '../../src/store/migrate-sqlite.js';
import { monotonicIsoClock } from '../../src/store/clock.js';
import { tempDir } from './helpers.js';

const tmps: Array<ReturnType<typeof tempDir>> = [];
afterEach(() => { for (const t of tmps.splice(0)) t.remove(); });
function freshDb(): Database.Database {
  const t = tempDir('tempo-migrations-');
  tmps.push(t);
  return new Database(join(t.dir, 'm.db'));
}

describe('migrations', () => {
  it('have increasing versions from 1 without gaps, and unique names', () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    expect(new Set(MIGRATIONS.map((m) => m.name)).size).toBe(MIGRATIONS.length);
  });

  it('never destroy data and stay portable to PostgreSQL', () => {
    for (const m of MIGRATIONS) {
      const sql = m.sql.toUpperCase();
      for (const banned of ['DROP ', 'DELETE ', 'TRUNCATE', 'RENAME', 'INSERT OR ', 'REPLACE INTO', 'AUTOINCREMENT', 'WITHOUT ROWID',
        'PRAGMA', 'STRFTIME', 'DATETIME(', 'JULIANDAY', 'GLOB ', 'COLLATE NOCASE']) {
        expect(sql, `migration ${m.version} uses ${banned}`).not.toContain(banned);
      }
    }
  });

  it('apply all in one transaction: a failing step leaves nothing behind', () => {
    const db = freshDb();
    const broken: Migration[] = [
      { version: 1, name: 'good', sql: 'CREATE TABLE t1 (id TEXT PRIMARY KEY);' },
      { version: 2, name: 'bad', sql: 'CREATE TABLE t2 (id TEXT PRIMARY KEY); INSERT INTO missing_table VALUES (1);' },
    ];
    expect(() => applySqliteMigrations(db, broken, monotonicIsoClock())).toThrow(/missing_table/);
    const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all();
    expect(tables).toEqual([]);
    db.close();
  });

  it('apply only what is pending, once', () => {
    const db = freshDb();
    const clock = monotonicIsoClock();
    expect(applySqliteMigrations(db, MIGRATIONS.slice(0, 1), clock)).toEqual([1]);
    expect(applySqliteMigrations(db, MIGRATIONS, clock)).toEqual(MIGRATIONS.slice(1).map((m) => m.version));
    expect(applySqliteMigrations(db, MIGRATIONS, clock)).toEqual([]);
    db.close();
  });
});

describe('monotonicIsoClock', () => {
  it('never repeats or goes back, even when the wall clock does', () => {
    const times = [1000, 1000, 999, 1005];
    const clock = monotonicIsoClock(() => times.shift()!);
    expect([clock(), clock(), clock(), clock()]).toEqual([1000, 1001, 1002, 1005].map((t) => new Date(t).toISOString()));
  });
});
