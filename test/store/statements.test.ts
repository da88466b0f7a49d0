// One text per statement for both stores: the SQLite form is derived, and derivation refuses what
// it cannot translate faithfully.
import { describe, it, expect } from 'vitest';
import { STATEMENTS, forSqlite } from '../../src/store/statements.js';

describe('forSqlite', () => {
  it('turns ordered $n placeholders into ? and drops PostgreSQL-only syntax', () => {
    expect(forSqlite('SELECT COUNT(*)::integer AS n FROM t WHERE a = $1 AND b = $2 ORDER BY c COLLATE "C"'))
      .toBe('SELECT COUNT(*) AS n FROM t WHERE a = ? AND b = ? ORDER BY c');
  });

  it('refuses a repeated or out-of-order placeholder, which ? could not express', () => {
    expect(() => forSqlite('VALUES ($1, $1)')).toThrow(/\$1 out of order/);
    expect(() => forSqlite('VALUES ($2, $1)')).toThrow(/\$2 out of order/);
  });

  it('translates every statement the stores use, leaving no PostgreSQL syntax behind', () => {
    for (const [name, sql] of Object.entries(STATEMENTS)) {
      const lite = forSqlite(sql);
      expect(lite, name).not.toMatch(/\$\d|COLLATE "C"|::/);
      expect((lite.match(/\?/g) ?? []).length, name).toBe((sql.match(/\$\d+/g) ?? []).length);
    }
  });
});
