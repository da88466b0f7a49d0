import { describe, it, expect, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { startHarness, type Harness } from './harness.js';

// A model stored by an older version whose config names `ces` (removed: it used to run naive or
// nothing). It must be refused, reported at startup, and left in the store untouched.
describe('a stored model config naming a retired core model', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-retired-'));
  let h: Harness | undefined;
  afterAll(async () => {
    await h?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers 404 MODEL_NOT_AVAILABLE with a hint, warns at startup and deletes nothing', async () => {
    const first = await startHarness({ dataDir });
    await first.store.createModel({ name: 'legacy-ces', organizationId: 'retro', base: 'tempo', config: { model: 'naive' } });
    await first.store.createModel({ name: 'legacy-members', organizationId: 'retro', base: 'tempo', config: { members: ['ets', 'dotm'] } });
    await first.store.createModel({ name: 'still-fine', organizationId: 'retro', base: 'tempo', config: { model: 'ets' } });
    const { fullKey } = await first.key({ organizationId: 'retro' });
    await first.close();

    // what an older version could store: today's store refuses to write it
    const db = new Database(join(dataDir, 'tempo.db'));
    db.prepare('UPDATE models SET config = ? WHERE name = ?').run('{"model":"ces"}', 'legacy-ces');
    db.prepare('UPDATE models SET config = ? WHERE name = ?').run('{"members":["ces","ets"]}', 'legacy-members');
    db.close();

    h = await startHarness({ dataDir });
    const warnings = h.logLines.map((l) => JSON.parse(l)).filter((l) => l.level === 40 && typeof l.model === 'string');
    expect(warnings.map((w) => w.model).sort()).toEqual(['legacy-ces', 'legacy-members']);
    expect(warnings.every((w) => /does not run/.test(w.msg))).toBe(true);

    for (const name of ['legacy-ces', 'legacy-members']) {
      const res = await h.forecast(fullKey, { series: [1, 2, 3, 4, 5, 6], horizon: 2 }, { model: name });
      expect(res.status, name).toBe(404);
      const body = await res.json();
      expect(body.code).toBe('MODEL_NOT_AVAILABLE');
      expect(body.detail).toMatch(/no longer runs/);
      expect(body.detail).toMatch(/\/platform\/settings\/models/);
    }
    const ok = await h.forecast(fullKey, { series: [1, 2, 3, 4, 5, 6], horizon: 2 }, { model: 'still-fine' });
    expect(ok.status).toBe(200);

    const stored = await h.store.listModels('retro');
    expect(Object.fromEntries(stored.map((m) => [m.name, m.config]))).toEqual({
      'legacy-ces': { model: 'ces' }, 'legacy-members': { members: ['ces', 'ets'] }, 'still-fine': { model: 'ets' },
    });
  });

  it('cannot be created today', async () => {
    await expect(h!.store.createModel({ name: 'new-ces', organizationId: 'retro', base: 'tempo', config: { model: 'ces' } }))
      .rejects.toThrow(/model/);
    await expect(h!.store.createModel({ name: 'new-ces-2', organizationId: 'retro', base: 'tempo', config: { members: ['ces'] } }))
      .rejects.toThrow(/members/);
  });
});
