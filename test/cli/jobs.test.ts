// `tempo forecast --server --job` and `tempo jobs …` against a real server (SQLite, the in-process
// queue): the file goes up as one job whose id is printed first, the results land whole in --out and
// equal the batch path's, a job can be re-attached, listed and cancelled, and every failure has the
// CLI's exit code and a message naming what to fix.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { spawn } from 'node:child_process';
import { cli } from './in-process.js';
import { BIN, ROOT, requireBuiltCli } from './run.js';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

let h: Harness;
let idle: Harness;
let env: Record<string, string>;
let dir: string;

const month = (t: number) => `${2017 + Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`;

function writeCsv(name: string, ids: string[]): string {
  const rows = ['unique_id,ds,y', ...ids.flatMap((id, k) => seasonal(30 + k).map((y, t) => `"${id}",${month(t)},${Math.round((y + k) * 100) / 100}`))];
  const path = join(dir, name);
  writeFileSync(path, `${rows.join('\n')}\n`);
  return path;
}

beforeAll(async () => {
  h = await startHarness({ config: { workers: 2 } });
  const base = loadConfig({}, {});
  idle = await startHarness({ config: { jobs: { ...base.jobs, workers: 0 } } });
  env = { TEMPO_API_KEY: (await h.key({ organizationId: 'cli-jobs', rateLimitPerMinute: 10_000, rateLimitPerHour: 100_000 })).fullKey };
  dir = mkdtempSync(join(tmpdir(), 'tempo-cli-jobs-'));
});
afterAll(async () => {
  await h?.close();
  await idle?.close();
});

describe('tempo forecast --server URL --job', () => {
  it('uploads the file as one job, prints its id first, and writes the same rows the batch path writes', async () => {
    const csv = writeCsv('sales.csv', ['north', 'south, east', 'west']);
    const out = join(dir, 'job.csv');
    const run = await cli(['forecast', '--file', csv, '--server', h.url, '--horizon', '4', '--level', '80', '--job', '--gzip', '--out', out], env);
    for (const text of [run.stdout, run.stderr]) expect(text).not.toContain(env.TEMPO_API_KEY.split('-')[2]);
    expect(run.code, run.stderr).toBe(0);
    const id = /job (job_\w+) (?:queued|running|succeeded), 3 series; .*tempo jobs get \1 --server \S+ --wait/.exec(run.stderr)?.[1];
    expect(id, run.stderr).toBeDefined();
    // the id comes before the progress and the summary
    expect(run.stderr.indexOf(id!)).toBeLessThan(run.stderr.indexOf('3/3 series'));
    expect(run.stderr).toMatch(new RegExp(`job ${id}: 3 series in [\\d.]+ s; wrote `));
    const viaBatch = join(dir, 'batch.csv');
    expect((await cli(['forecast', '--file', csv, '--server', h.url, '--horizon', '4', '--level', '80', '--out', viaBatch], env)).code).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(viaBatch, 'utf8'));
    // nothing but the two outputs and the input: no temporary file left
    expect(readdirSync(dir).filter((f) => f.startsWith('.'))).toEqual([]);

    const again = await cli(['jobs', 'results', id!, '--server', h.url, '--format', 'csv'], env);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe(readFileSync(out, 'utf8'));
    const nd = join(dir, 'job.ndjson');
    expect((await cli(['jobs', 'results', id!, '--server', h.url, '--out', nd], env)).code).toBe(0);
    const lines = readFileSync(nd, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(['north', 'south, east', 'west']);
    expect(lines[0].forecast).toHaveLength(4);
  });

  it('leaves the job running on Ctrl-C during the wait, and says how to pick it up again (exit 1)', async () => {
    const key = (await idle.key({ organizationId: 'cli-interrupt' })).fullKey;
    const csv = writeCsv('interrupted.csv', ['i', 'j']);
    const out = join(dir, 'interrupted-out.csv');
    let interrupt: (() => void) | undefined;
    const err: string[] = [];
    const io: CliIO = {
      out: () => {},
      // the id line is the moment a user would press Ctrl-C: the job exists and is being waited for
      err: (text) => { err.push(text); if (/^tempo forecast: job job_/.test(text)) setTimeout(() => interrupt?.(), 50); },
      env: { TEMPO_API_KEY: key },
      onInterrupt: (handler) => { interrupt = handler; return () => { interrupt = undefined; }; },
    };
    const code = await main(['forecast', '--file', csv, '--server', idle.url, '--horizon', '2', '--job', '--out', out], io);
    const text = err.join('\n');
    expect(code).toBe(1);
    const id = /job (job_\w+) queued/.exec(text)![1];
    expect(text).toContain(`interrupted; job ${id} keeps running on the server: tempo jobs get ${id} --server ${idle.url} --wait, then tempo jobs results ${id} --server ${idle.url} --out ${out}`);
    expect(existsSync(out)).toBe(false);
    const job = await (await fetch(`${idle.url}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${key}` } })).json() as { status: string };
    expect(job.status).toBe('queued');
  });

  it('refuses a bad row by its line and column (exit 2) and writes nothing', async () => {
    const bad = join(dir, 'bad.csv');
    writeFileSync(bad, 'unique_id,ds,y\na,2024-01-01,1\na,2024-02-01,12x\n');
    const out = join(dir, 'never.csv');
    const run = await cli(['forecast', '--file', bad, '--server', h.url, '--horizon', '2', '--job', '--out', out], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the server refused it: .*line 3/s);
    expect(existsSync(out)).toBe(false);
  });

  it('says what to fix for flags that do not fit, a missing key and a missing file (exit 2)', async () => {
    const csv = writeCsv('flags.csv', ['a']);
    const cases: Array<[string[], Record<string, string>, RegExp]> = [
      [['--job', '--batch-size', '10'], env, /--batch-size does not apply with --job/],
      [['--job', '--workers', '2'], env, /--workers does not apply with --job/],
      [['--job', '--fitted', '--out', join(dir, 'f.csv')], env, /--fitted does not apply with --job/],
      [['--gzip'], env, /--gzip applies only with --job/],
      [['--job', '--on-invalid', 'drop'], env, /--on-invalid must be fail or skip/],
      [['--job'], {}, /TEMPO_API_KEY/],
      [['--job', '--json'], env, /--json prints a summary, so it needs --out/],
    ];
    for (const [extra, e, message] of cases) {
      const run = await cli(['forecast', '--file', csv, '--server', h.url, '--horizon', '2', ...extra], e);
      expect(run.code, extra.join(' ')).toBe(2);
      expect(run.stderr).toMatch(message);
    }
    const missing = await cli(['forecast', '--file', join(dir, 'nope.csv'), '--server', h.url, '--horizon', '2', '--job'], env);
    expect([missing.code, missing.stderr]).toEqual([2, expect.stringMatching(/nope\.csv: no such file/)]);
  });
});

describe('tempo forecast --job as a real process', () => {
  it('stops waiting at SIGINT, exit 1, the job left queued and the commands to pick it up printed', async () => {
    requireBuiltCli();
    const key = (await idle.key({ organizationId: 'cli-sigint' })).fullKey;
    const csv = writeCsv('sigint.csv', ['s1', 's2']);
    const child = spawn(process.execPath, [BIN, 'forecast', '--file', csv, '--server', idle.url, '--horizon', '2', '--job'], {
      cwd: ROOT, env: { PATH: process.env.PATH ?? '', TEMPO_API_KEY: key }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      // Ctrl-C once the job exists and is being waited for
      if (/job job_\w+ queued/.test(stderr) && !child.killed) child.kill('SIGINT');
    });
    const code = await exited;
    expect(code, stderr).toBe(1);
    const id = /job (job_\w+) queued/.exec(stderr)![1];
    expect(stderr).toContain(`tempo: forecast: interrupted; job ${id} keeps running on the server: tempo jobs get ${id} --server ${idle.url} --wait`);
    const job = await (await fetch(`${idle.url}/v1/jobs/${id}`, { headers: { Authorization: `Bearer ${key}` } })).json() as { status: string };
    expect(job.status).toBe('queued');
  });
});

describe('tempo jobs', () => {
  it('gets, waits for, lists and cancels jobs; results of an unfinished job exit 1', async () => {
    const key = { TEMPO_API_KEY: (await idle.key({ organizationId: 'cli-idle' })).fullKey };
    const csv = writeCsv('queued.csv', ['x', 'y']);
    // the idle server runs no job, so this one stays queued for as long as the test looks at it
    const upload = await fetch(`${idle.url}/tempo/v1/jobs?horizon=2`, { method: 'POST', headers: { Authorization: `Bearer ${key.TEMPO_API_KEY}`, 'Content-Type': 'text/csv' }, body: readFileSync(csv) });
    expect(upload.status).toBe(202);
    const id = ((await upload.json()) as { id: string }).id;

    const got = await cli(['jobs', 'get', id, '--server', idle.url], key);
    expect(got.code).toBe(0);
    expect(got.stdout).toMatch(new RegExp(`^${id}  queued  0/2 series\\n  model tempo; created \\d{4}-`));
    const json = JSON.parse((await cli(['jobs', 'get', id, '--server', idle.url, '--json'], key)).stdout);
    expect(json).toMatchObject({ id, status: 'queued', progress: { series: 2, done: 0, failed: 0 }, errors: [], errors_total: 0 });

    const early = await cli(['jobs', 'results', id, '--server', idle.url, '--out', join(dir, 'early.csv')], key);
    expect(early.code).toBe(1);
    expect(early.stderr).toMatch(/JOB_NOT_FINISHED/);
    expect(existsSync(join(dir, 'early.csv'))).toBe(false);

    const listed = await cli(['jobs', 'list', '--server', idle.url], key);
    expect(listed.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+PROGRESS\s+FAILED\s+MODEL\s+CREATED$/);
    expect(listed.stdout).toContain(id);

    const cancelled = await cli(['jobs', 'cancel', id, '--server', idle.url], key);
    expect([cancelled.code, cancelled.stdout]).toEqual([0, `Cancelled job ${id}; its inputs and results are deleted.\n`]);
    const waited = await cli(['jobs', 'get', id, '--server', idle.url, '--wait'], key);
    expect(waited.code).toBe(1);
    expect(waited.stderr).toMatch(new RegExp(`job ${id} was cancelled after 0 of 2 series`));
  });

  it('re-attaches to a running job with --wait and a progress bar', async () => {
    const csv = writeCsv('reattach.csv', Array.from({ length: 30 }, (_, i) => `r${i}`));
    const upload = await fetch(`${h.url}/tempo/v1/jobs?horizon=3`, { method: 'POST', headers: { Authorization: `Bearer ${env.TEMPO_API_KEY}`, 'Content-Type': 'text/csv' }, body: readFileSync(csv) });
    const id = ((await upload.json()) as { id: string }).id;
    const run = await cli(['jobs', 'get', id, '--server', h.url, '--wait', '--json'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/tempo jobs: 30\/30 series/);
    expect(JSON.parse(run.stdout)).toMatchObject({ id, status: 'succeeded', progress: { series: 30, done: 30, failed: 0 } });
  });

  it('answers another organization\'s job and a malformed id as it should', async () => {
    const other = { TEMPO_API_KEY: (await h.key({ organizationId: 'cli-other' })).fullKey };
    const upload = await fetch(`${h.url}/tempo/v1/jobs?horizon=2`, { method: 'POST', headers: { Authorization: `Bearer ${env.TEMPO_API_KEY}`, 'Content-Type': 'text/csv' }, body: readFileSync(writeCsv('mine.csv', ['m'])) });
    const id = ((await upload.json()) as { id: string }).id;
    for (const sub of ['get', 'results', 'cancel']) {
      const run = await cli(['jobs', sub, id, '--server', h.url], other);
      expect(run.code, sub).toBe(1);
      expect(run.stderr).toMatch(/JOB_NOT_FOUND/);
    }
    const bad = await cli(['jobs', 'get', 'a/b', '--server', h.url], env);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/is not a job id/)]);
    const noId = await cli(['jobs', 'get', '--server', h.url], env);
    expect([noId.code, noId.stderr]).toEqual([2, expect.stringMatching(/JOB_ID is required/)]);
    const mismatch = await cli(['jobs', 'results', id, '--server', h.url, '--format', 'ndjson', '--out', join(dir, 'x.csv')], env);
    expect([mismatch.code, mismatch.stderr]).toEqual([2, expect.stringMatching(/--format ndjson does not match --out/)]);
    const store = await cli(['jobs', 'list', '--server', h.url, '--data-dir', dir], env);
    expect([store.code, store.stderr]).toEqual([2, expect.stringMatching(/--data-dir does not apply/)]);
  });
});
