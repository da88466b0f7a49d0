// Tuned models over real HTTP: start, progress, ready, forecast with it, delete; the codes a
// caller can cause; and a tuning interrupted by a restart marked failed.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { tunedModelResponseSchema } from '../../src/server/schemas/tuned-model-response.js';
import { waitFor } from '../support/wait.js';
import { seasonal, startHarness, type Harness } from './harness.js';
import Database from 'better-sqlite3';

let h: Harness;
beforeAll(async () => { h = await startHarness({ config: { tuning: { maxSeries: 50, maxValues: 5000, bodyLimitBytes: 1 << 20, staleMs: 1000 } } }); });
afterAll(async () => { await h.close(); });

const validModel = new Ajv({ strict: false }).compile(tunedModelResponseSchema);

function call(method: string, path: string, key: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { Authorization: `Bearer ${key}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return fetch(`${h.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

// ten seasonal series of different lengths and levels (a segment needs ten to be tuned)
const training = (horizon = 6) => ({
  horizon,
  series: Array.from({ length: 10 }, (_, i) => ({ id: `s${i}`, values: seasonal(48 + 4 * i).map((v) => v * (1 + i / 4)) })),
});

// monthly dates from January 2020, one per value
const monthEnds = (n: number) => Array.from({ length: n }, (_, i) => `${2020 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`);
// the same, with the date at `at` pushed a day off the month grid
const offGrid = (n: number, at: number) => monthEnds(n).map((d, i) => (i === at ? d.replace(/-01$/, '-02') : d));

async function tunedReady(key: string, name: string): Promise<{ status: string; config: Record<string, unknown>; report: { candidates: Array<{ config: unknown }> } }> {
  return waitFor(`${name} to finish tuning`, async () => {
    const b = await (await call('GET', `/v1/models/${name}`, key)).json();
    return b.status !== 'tuning' ? b : null;
  }, 60_000, 50);
}

describe('tuned models', () => {
  it('tunes in the background, reports progress and the holdout, then serves forecasts under its name', async () => {
    const { fullKey } = await h.key({ organizationId: 'tune-co' });
    const res = await call('POST', '/v1/models', fullKey, { name: 'tune-co-sales', training: training() });
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe('/v1/models/tune-co-sales');
    const started = await res.json();
    expect(validModel(started), JSON.stringify(validModel.errors)).toBe(true);
    expect(started).toMatchObject({ name: 'tune-co-sales', status: 'tuning', base: 'tempo', config: null, report: null });
    const seen: number[] = [];
    const done = await waitFor('the tuning to end', async () => {
      const b = await (await call('GET', '/v1/models/tune-co-sales', fullKey)).json();
      seen.push(b.progress);
      return b.status !== 'tuning' ? b : null;
    }, 60_000, 50);
    expect(done.status).toBe('ready');
    expect(validModel(done), JSON.stringify(validModel.errors)).toBe(true);
    expect(done.progress).toBe(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThanOrEqual(seen[i - 1]);
    const { tuned, base } = done.report.holdout;
    expect(done.report.windows).toBe(2);
    // the report says which config won, and the config follows it
    if (done.report.chosen === 'tuned') expect(tuned.mase).toBeLessThan(base.mase);
    else expect(done.config).toEqual({ intermittent: {} });
    expect(done.report.candidates[0].config).toBeDefined();
    const f = await call('POST', '/tune-co-sales/v1/forecast', fullKey, { series: seasonal(40), horizon: 3 });
    expect(f.status).toBe(200);
    expect((await f.json()).model).toBe('tune-co-sales');
    const list = await (await call('GET', '/v1/models', fullKey)).json();
    expect(list.models.map((m: { name: string }) => m.name)).toContain('tune-co-sales');
  });

  it('tunes on dated training with the calendar\'s season among the candidates, and serves dated forecasts', async () => {
    const { fullKey } = await h.key({ organizationId: 'dated-co' });
    const t = training();
    const dated = { ...t, series: t.series.map((s) => ({ ...s, timestamps: monthEnds(s.values.length) })) };
    const res = await call('POST', '/v1/models', fullKey, { name: 'dated-co-sales', training: dated });
    expect(res.status).toBe(202);
    const done = await tunedReady(fullKey, 'dated-co-sales');
    expect(done.status).toBe('ready');
    expect(validModel(done), JSON.stringify(validModel.errors)).toBe(true);
    // monthly dates: the calendar's 12 was tried pinned
    expect(done.report.candidates.map((c) => c.config)).toContainEqual({ season_length: 12 });
    // the stored config holds only what a forecast honours: no dates, no freq
    expect(Object.keys(done.config).every((k) => ['model', 'members', 'combination', 'season_length', 'intermittent', 'seasons'].includes(k))).toBe(true);
    const f = await call('POST', '/dated-co-sales/v1/forecast', fullKey, { series: seasonal(40), timestamps: monthEnds(40), horizon: 3 });
    expect(f.status).toBe(200);
    expect((await f.json()).timestamps).toEqual(['2023-05-01', '2023-06-01', '2023-07-01']);
  });

  it('tunes on a freq alone, the calendar inferred from it', async () => {
    const { fullKey } = await h.key({ organizationId: 'freq-co' });
    const res = await call('POST', '/v1/models', fullKey, { name: 'freq-co-sales', training: { ...training(), freq: 'Q' } });
    expect(res.status).toBe(202);
    const done = await tunedReady(fullKey, 'freq-co-sales');
    expect(done.status).toBe('ready');
    expect(done.report.candidates.map((c) => c.config)).toContainEqual({ season_length: 4 });
    expect(done.report.candidates.map((c) => c.config)).not.toContainEqual({ season_length: 12 });
  });

  it('answers 409 MODEL_NOT_READY with Retry-After while a model is tuning', async () => {
    const { fullKey } = await h.key({ organizationId: 'slow-co' });
    // a tuning row no process runs: as another instance's tuning looks from here
    await h.store.createTuning({ name: 'slow-co-model', organizationId: 'slow-co', base: 'tempo' });
    const res = await call('POST', '/slow-co-model/v1/forecast', fullKey, { series: [1, 2, 3], horizon: 1 });
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await res.json()).code).toBe('MODEL_NOT_READY');
    // another organization is told nothing about it
    const other = await h.key({ organizationId: 'nosy-co' });
    expect((await call('POST', '/slow-co-model/v1/forecast', other.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(404);
    expect((await call('GET', '/v1/models/slow-co-model', other.fullKey)).status).toBe(404);
  });

  it('marks failed a tuning whose server stopped reporting', async () => {
    const { fullKey } = await h.key({ organizationId: 'gone-co' });
    await h.store.createTuning({ name: 'gone-co-model', organizationId: 'gone-co', base: 'tempo' });
    const failed = await waitFor('the silent tuning to be marked failed', async () => {
      const b = await (await call('GET', '/v1/models/gone-co-model', fullKey)).json();
      return b.status === 'failed' ? b : null;
    }, 10_000, 100);
    expect(failed.error).toMatch(/interrupted/);
  });

  it('refuses a taken name with 409 MODEL_NAME_TAKEN and no Retry-After', async () => {
    const a = await h.key({ organizationId: 'first-co' });
    const b = await h.key({ organizationId: 'second-co' });
    await h.store.createModel({ name: 'shared-name', organizationId: 'first-co', base: 'tempo', config: {} });
    const res = await call('POST', '/v1/models', b.fullKey, { name: 'shared-name', training: training() });
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBeNull();
    const body = await res.json();
    expect(body.code).toBe('MODEL_NAME_TAKEN');
    expect(body.errors).toEqual([{ pointer: '/name', detail: expect.any(String) }]);
    expect((await call('POST', '/v1/models', a.fullKey, { name: 'shared-name', training: training() })).status).toBe(409);
  });

  it('refuses bad bodies with REQUEST_INVALID and a pointer', async () => {
    const { fullKey } = await h.key({ organizationId: 'bad-co' });
    const t = training();
    const cases: Array<[unknown, string, RegExp?]> = [
      [{ name: 'Bad Name', training: t }, '/name', /model name must match/],
      [{ name: 'tempo', training: t }, '/name', /reserved/],
      [{ name: 'ok-name', training: { ...t, series: [{ id: 'a', values: [1, 2, 3] }] } }, '/training/series', /needs at least 14 values/],
      [{ name: 'ok-name', training: { ...t, series: [t.series[0], { ...t.series[1], id: 's0' }] } }, '/training/series/1/id', /unique/],
      [{ name: 'ok-name', training: { ...t, freq: 'fortnightly' } }, '/training/freq', /training\/freq must be an ISO 8601 duration/],
      [{ name: 'ok-name', training: { ...t, series: [t.series[0], { ...t.series[1], timestamps: offGrid(t.series[1].values.length, 5) }] } },
        '/training/series/1/timestamps/5', /training\/series\/1\/timestamps\/5 is off the P1M grid/],
      [{ name: 'ok-name', training: { ...t, series: [{ ...t.series[0], timestamps: monthEnds(3) }] } }, '/training/series/0/timestamps', /has 3 entries but the series has 48 values/],
      [{ name: 'ok-name', training: { ...t, series: [{ ...t.series[0], timestamps: monthEnds(48).map((d, i) => (i === 2 ? 7 : d)) }] } }, '/training/series/0/timestamps/2'],
      [{ name: 'ok-name', training: { ...t, freq: 'P1D', series: [{ ...t.series[0], timestamps: monthEnds(48) }] } }, '/training/series/0/timestamps/1', /off the P1D grid/],
      [{ name: 'ok-name', training: { ...t, series: [{ ...t.series[0], timestamps: monthEnds(48).map((d, i) => (i === 9 ? '2024-13-01' : d)) }] } }, '/training/series/0/timestamps/9', /not a calendar date/],
      // an unknown field's name is not repeated: the error points at the series that holds it
      [{ name: 'ok-name', training: { ...t, series: [{ ...t.series[0], dates: monthEnds(48) }] } }, '/training/series/0', /unknown field/],
      [{ name: 'ok-name', training: { ...t, series: [{ id: 'a', values: [1, 'x'] }] } }, '/training/series/0/values/1'],
      [{ name: 'ok-name', training: { horizon: 0, series: t.series } }, '/training/horizon'],
      [{ name: 'ok-name', training: { ...t, series: Array.from({ length: 51 }, (_, i) => ({ id: `x${i}`, values: [1] })) } }, '/training/series'],
      [{ name: 'ok-name', training: { ...t, series: Array.from({ length: 30 }, (_, i) => ({ id: `x${i}`, values: seasonal(200) })) } }, '/training/series', /at most 5000/],
      [{ name: 'ok-name', base: 'not-mine', training: t }, '/base'],
      [{ name: 'ok-name' }, '/training'],
    ];
    for (const [body, pointer, detail] of cases) {
      const res = await call('POST', '/v1/models', fullKey, body);
      const problem = await res.json();
      expect(res.status, `${pointer}: ${problem.detail}`).toBe(400);
      expect(problem.code).toBe('REQUEST_INVALID');
      expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
      if (detail) expect(problem.detail).toMatch(detail);
    }
    expect(await h.store.listTunings('bad-co')).toEqual([]);
  });

  it('reads its body, parsed in slices, as JSON.parse would: a BOM, repeated names, bad UTF-8 and bad JSON', async () => {
    const { fullKey } = await h.key({ organizationId: 'raw-co' });
    const send = (body: Buffer | string) => fetch(`${h.url}/v1/models`, { method: 'POST', headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : new Uint8Array(body) });
    const good = JSON.stringify(training());
    // the last "training" wins, as in JSON.parse, whatever the earlier one held
    const twice = await send(`{"name": "raw-co-twice", "training": {"horizon": 0, "series": "no"}, "training": ${good}}`);
    expect(twice.status, await twice.clone().text()).toBe(202);
    const bom = await send(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify({ name: 'raw-co-bom', training: training() }))]));
    expect(bom.status).toBe(202);
    const earlierWins = await send(`{"name": "raw-co-later", "training": ${good}, "training": {"horizon": 0, "series": []}}`);
    expect((await earlierWins.json()).errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/training/horizon', '/training/series']);
    const notJson = await (await send(`{"name": "raw-co-x", "training": {"horizon": 6, "series": [{"id": "a", "values": [1, 2,]}]}}`)).json();
    expect(notJson.detail).toBe('the body is not valid JSON; send a JSON object like {"name": "my-model", "training": {"horizon": 6, "series": [{"id": "a", "values": [1, 2, 3]}]}}');
    const notUtf8 = await (await send(Buffer.concat([Buffer.from('{"name": "raw-co-y", "training": {"horizon": 6, "series": [{"id": "'), Buffer.from([0xc3, 0x28]), Buffer.from('", "values": [1]}]}}')]))).json();
    expect(notUtf8.detail).toBe('the body is not valid UTF-8; send UTF-8 JSON');
    for (const name of ['raw-co-twice', 'raw-co-bom']) await call('DELETE', `/v1/models/${name}`, fullKey);
  });

  it('deletes only the organization\'s own model, which then stops answering', async () => {
    const owner = await h.key({ organizationId: 'del-co' });
    const other = await h.key({ organizationId: 'del-other-co' });
    await h.store.createTuning({ name: 'del-co-model', organizationId: 'del-co', base: 'tempo' });
    await h.store.finishTuning('del-co-model', { status: 'ready', config: { model: 'naive' }, report: {} });
    expect((await call('POST', '/del-co-model/v1/forecast', owner.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(200);
    expect((await call('DELETE', '/v1/models/del-co-model', other.fullKey)).status).toBe(404);
    expect((await call('DELETE', '/v1/models/del-co-model', owner.fullKey)).status).toBe(204);
    expect((await call('GET', '/v1/models/del-co-model', owner.fullKey)).status).toBe(404);
    expect((await call('POST', '/del-co-model/v1/forecast', owner.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(404);
    expect((await call('DELETE', '/v1/models/del-co-model', owner.fullKey)).status).toBe(404);
  });

  it('deletes a model made with createModel (tempo models create) too, and never tempo', async () => {
    const owner = await h.key({ organizationId: 'made-co' });
    const other = await h.key({ organizationId: 'made-other-co' });
    await h.store.createModel({ name: 'made-co-model', organizationId: 'made-co', base: 'tempo', config: { model: 'naive' } });
    expect((await call('POST', '/made-co-model/v1/forecast', owner.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(200);
    expect((await call('DELETE', '/v1/models/made-co-model', other.fullKey)).status).toBe(404);
    const gone = await call('DELETE', '/v1/models/made-co-model', owner.fullKey);
    expect(gone.status).toBe(204);
    expect((await call('POST', '/made-co-model/v1/forecast', owner.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(404);
    expect(await h.store.getModelForOrg('made-co-model', 'made-co')).toBeUndefined();
    const list = await (await call('GET', '/v1/models', owner.fullKey)).json();
    expect(list.models.map((m: { name: string }) => m.name)).not.toContain('made-co-model');
    const tempo = await call('DELETE', '/v1/models/tempo', owner.fullKey);
    expect(tempo.status).toBe(404);
    expect((await tempo.json()).code).toBe('MODEL_NOT_AVAILABLE');
    expect((await call('POST', '/tempo/v1/forecast', owner.fullKey, { series: [1, 2, 3], horizon: 1 })).status).toBe(200);
  });
});

describe('restart', () => {
  it('marks failed, at start, a tuning the previous run left unfinished', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tempo-restart-'));
    try {
      const tuning = { maxSeries: 50, maxValues: 5000, bodyLimitBytes: 1 << 20, staleMs: 1000 };
      const first = await startHarness({ dataDir, config: { tuning } });
      const { fullKey } = await first.key({ organizationId: 'restart-co' });
      await first.store.createTuning({ name: 'restart-model', organizationId: 'restart-co', base: 'tempo' });
      await first.close();
      // the previous run's last report, a long time ago (rather than sleeping past staleMs)
      const db = new Database(join(dataDir, 'tempo.db'));
      db.prepare("UPDATE model_tunings SET updated_at = '2000-01-01T00:00:00.000Z' WHERE name = ?").run('restart-model');
      db.close();
      const second = await startHarness({ dataDir, config: { tuning } });
      try {
        expect((await second.store.getTuning('restart-model', 'restart-co'))!.status).toBe('failed');
        const res = await fetch(`${second.url}/v1/models/restart-model`, { headers: { Authorization: `Bearer ${fullKey}` } });
        expect((await res.json()).status).toBe('failed');
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
