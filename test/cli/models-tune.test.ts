// `tempo models tune` through the real CLI: reads a long CSV, tunes in its own pool with progress
// on stderr, leaves a ready model in the store; refuses bad files and taken names.
import { describe, it, expect, beforeAll, beforeEach, afterEach } from 'vitest';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { openSqliteStore } from '../../src/store/sqlite.js';
import { tempDir } from '../store/helpers.js';
import { seasonal } from '../server/harness.js';
import { requireBuiltCli, tempo } from './run.js';
import { cli } from './in-process.js';
import { tuneSummary } from '../../src/cli/models-tune.js';

let tmp: ReturnType<typeof tempDir>;
let dd: string[];
beforeAll(requireBuiltCli);
beforeEach(() => {
  tmp = tempDir('tempo-cli-tune-');
  dd = ['--data-dir', tmp.dir];
});
afterEach(() => tmp.remove());

function history(ids: number, n: number): string {
  const lines = ['unique_id,ds,y'];
  for (let i = 0; i < ids; i++) {
    const y = seasonal(n);
    for (let t = 0; t < n; t++) {
      const ds = new Date(Date.UTC(2020, t, 1)).toISOString().slice(0, 10);
      lines.push(`"store ${i}",${ds},${t === 5 ? '' : (y[t] * (i + 1)).toFixed(3)}`);
    }
  }
  return lines.join('\n') + '\n';
}

describe('tempo models tune', () => {
  it('tunes on the CSV with progress on stderr and leaves a ready model of the organization', async () => {
    expect((await cli(['keys', 'create', '--org', 'acme', '--project', 'web', '--user', 'ann', '--name', 'k', ...dd, '--create'])).code).toBe(0);
    const file = join(tmp.dir, 'history.csv');
    writeFileSync(file, history(10, 48));
    const r = await tempo(['models', 'tune', '--org', 'acme', '--name', 'acme-tuned', '--file', file, '--horizon', '6', '--json', ...dd]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/tuning acme-tuned \[#+\] 100%/);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ name: 'acme-tuned', organization_id: 'acme', status: 'ready' });
    expect(out.report.holdout.base.mase).toBeGreaterThan(0);
    // the ds column reached the tuning: monthly dates put the calendar's 12 among the candidates
    expect(out.report.candidates.map((c: { config: unknown }) => c.config)).toContainEqual({ season_length: 12 });
    const store = await openSqliteStore(join(tmp.dir, 'tempo.db'));
    try {
      expect(await store.getModelForOrg('acme-tuned', 'acme')).toMatchObject({ config: out.config });
      expect(await store.getModelForOrg('acme-tuned', 'other')).toBeUndefined();
    } finally {
      await store.close();
    }
    const again = await tempo(['models', 'tune', '--org', 'acme', '--name', 'acme-tuned', '--file', file, '--horizon', '6', ...dd]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
  }, 60_000);

  it('sums up with the series counts and metric of the report, and calls a win only what the report chose', async () => {
    expect((await cli(['keys', 'create', '--org', 'acme', '--project', 'web', '--user', 'ann', '--name', 'k', ...dd, '--create'])).code).toBe(0);
    const file = join(tmp.dir, 'history.csv');
    // ten monthly series and two too short for a tuning window: one segment of 12 series, tuned on 10;
    // and two intermittent ones, too few for their segment to be tuned
    const sparse = Array.from({ length: 2 }, (_, k) => Array.from({ length: 48 }, (_, t) => `"sparse ${k}",${new Date(Date.UTC(2020, t, 1)).toISOString().slice(0, 10)},${(t * 7 + k) % 3 === 0 ? 1 + ((t + k) % 4) : 0}`).join('\n')).join('\n');
    writeFileSync(file, history(10, 48) + history(2, 10).split('\n').slice(1).map((l) => l.replace('"store ', '"short ')).join('\n') + sparse + '\n');
    const r = await tempo(['models', 'tune', '--org', 'acme', '--name', 'sum', '--file', file, '--horizon', '6', ...dd]);
    expect(r.code, r.stderr).toBe(0);
    const shown = await cli(['models', 'list', '--org', 'acme', '--json', ...dd]);
    expect(shown.stdout).toMatch(/"sum"/);
    const counts = /on 14 series in 2 segments \((\d) tuned, (\d) kept the default; tuned on 10, holdout on 12\)/.exec(r.stdout);
    expect(counts, r.stdout).not.toBeNull();
    expect(Number(counts![1]) + Number(counts![2])).toBe(2);
    expect(r.stdout).toMatch(/\n  season-12 \(monthly \(season 12\)\): 12 series, tuned on 10, decided by (MASE|RMSSE|AvgRelMAE|SPL), holdout MASE base \d\.\d{3} chosen \d\.\d{3}: /);
    expect(r.stdout).toMatch(/\n  intermittent \(intermittent demand\): 2 series, not tuned: kept the default \(2 series, fewer than the 10 a segment needs to be tuned\)/);
    // the segment lines add up to the counts
    expect(Number(counts![1])).toBe((r.stdout.match(/\n  [^\n]*: config \{/g) ?? []).length);
    const store = await openSqliteStore(join(tmp.dir, 'tempo.db'));
    try {
      // whatever the regular segment chose, intermittent series keep a Croston-family config
      const stored = (await store.getModelForOrg('sum', 'acme'))!.config as { intermittent?: { model?: string } };
      expect(stored.intermittent).toBeDefined();
      expect([undefined, 'sba', 'tsb', 'adida', 'imapa']).toContain(stored.intermittent!.model);
    } finally {
      await store.close();
    }
    expect(r.stdout).toMatch(/MASE \d\.\d{3} vs \d\.\d{3}, RMSSE/);
    const [, a, b] = /MASE (\d\.\d{3}) vs (\d\.\d{3})/.exec(r.stdout)!;
    if (/\(beat tempo/.test(r.stdout)) expect(Number(a)).toBeLessThan(Number(b));
    else expect(r.stdout).toMatch(/kept the default: no candidate beat tempo on MASE/);
  }, 60_000);

  it('says it kept the default, never that a worse MASE beat it', () => {
    const report = { metric: 'MASE', chosen: 'base', series: { tuned_on: 1861, holdout: 2003 }, holdout: { tuned: { mase: 1.525, rmsse: 1.4 }, base: { mase: 1.425, rmsse: 1.3 } } };
    const line = tuneSummary('t', 'acme', 'tempo', {}, report);
    expect(line).toMatch(/on 1861 series \(holdout on 2003\): kept the default: no candidate beat tempo on MASE/);
    expect(line).not.toMatch(/\(beat/);
    const won = tuneSummary('t', 'acme', 'tempo', { model: 'arima' }, { ...report, chosen: 'tuned', holdout: { tuned: { mase: 1.2 }, base: { mase: 1.4 } } });
    expect(won).toMatch(/config \{"model":"arima"\} \(beat tempo on the holdout by MASE: holdout MASE 1\.200 vs 1\.400/);
  });

  it('deletes a created and a tuned model with tempo models delete, never tempo nor another organization\'s', async () => {
    expect((await cli(['keys', 'create', '--org', 'acme', '--project', 'web', '--user', 'ann', '--name', 'k', ...dd, '--create'])).code).toBe(0);
    expect((await cli(['models', 'create', '--org', 'acme', '--name', 'made', ...dd])).code).toBe(0);
    const file = join(tmp.dir, 'history.csv');
    writeFileSync(file, history(2, 40));
    expect((await cli(['models', 'tune', '--org', 'acme', '--name', 'tuned', '--file', file, '--horizon', '6', ...dd])).code).toBe(0);
    const other = await cli(['models', 'delete', 'made', '--org', 'other', ...dd]);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/organization other has no model of its own named made/);
    expect((await cli(['models', 'delete', 'tempo', '--org', 'acme', ...dd])).code).toBe(1);
    const made = await cli(['models', 'delete', 'made', '--org', 'acme', ...dd]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toMatch(/Deleted model made of organization acme/);
    const tuned = await cli(['models', 'delete', 'tuned', '--org', 'acme', '--json', ...dd]);
    expect(JSON.parse(tuned.stdout)).toEqual({ name: 'tuned', organization_id: 'acme', deleted: true });
    const list = JSON.parse((await cli(['models', 'list', '--org', 'acme', '--json', ...dd])).stdout);
    expect(list.models.map((m: { name: string }) => m.name)).toEqual(['tempo']);
    expect((await cli(['models', 'delete', '--org', 'acme', ...dd])).code).toBe(2);
  }, 60_000);

  it('refuses a file too short to tune on, and a malformed one, with exit code 2', async () => {
    expect((await cli(['keys', 'create', '--org', 'acme', '--project', 'web', '--user', 'ann', '--name', 'k', ...dd, '--create'])).code).toBe(0);
    const file = join(tmp.dir, 'short.csv');
    writeFileSync(file, history(2, 10));
    const r = await cli(['models', 'tune', '--org', 'acme', '--name', 'short', '--file', file, '--horizon', '6', ...dd]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no series is long enough/);
    writeFileSync(file, 'unique_id,ds,y\na,2024-01-01,x\n');
    const bad = await cli(['models', 'tune', '--org', 'acme', '--name', 'bad', '--file', file, ...dd]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/line 2, column y: not a number/);
  });

  it('refuses a date off the grid, naming its line, and a bad --freq, before anything is stored', async () => {
    expect((await cli(['keys', 'create', '--org', 'acme', '--project', 'web', '--user', 'ann', '--name', 'k', ...dd, '--create'])).code).toBe(0);
    const file = join(tmp.dir, 'gap.csv');
    // the second row of the first series moves a day off the monthly grid (line 3 of the file)
    writeFileSync(file, history(2, 48).replace('"store 0",2020-02-01', '"store 0",2020-02-02'));
    const r = await cli(['models', 'tune', '--org', 'acme', '--name', 'gap', '--file', file, '--horizon', '6', ...dd]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 3, column ds: date is off the P1M grid: expected 2020-02-01/);
    writeFileSync(file, history(2, 48));
    const f = await cli(['models', 'tune', '--org', 'acme', '--name', 'gap', '--file', file, '--freq', 'fortnightly', ...dd]);
    expect(f.code).toBe(2);
    expect(f.stderr).toMatch(/models tune: --freq must be an ISO 8601 duration/);
    const list = await cli(['models', 'list', '--org', 'acme', '--json', ...dd]);
    expect(list.stdout).not.toMatch(/"gap"/);
  });
});
