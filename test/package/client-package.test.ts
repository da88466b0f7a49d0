// The client as a package of its own: `npm pack` of packages/client installed alone in an empty
// folder, under 1 MB with no install script, then used from plain Node against a real `tempo serve`
// of this checkout on 127.0.0.1 (its README's example as written, typed errors, many series).
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, bytesUnder, installScripts, installedPackages, packAndInstall, typeCheckIn, type Installed } from './workspace-pack.js';

const TEMPO = join(ROOT, 'bin/tempo.js');
let work: string;
let pkg: Installed;
let server: ChildProcess | undefined;
let url = '';
let key = '';
let stderr = '';

// the key and the server must share one store: an inherited DATABASE_URL (CI exports one for the
// backend suites) would put the key in PostgreSQL while the server below runs on its SQLite file
const SERVER_ENV = { PATH: process.env.PATH ?? '', TEMPO_LOG_LEVEL: 'warn' };

function tempo(args: string[], dataDir: string): string {
  return execFileSync(process.execPath, [TEMPO, ...args, '--data-dir', dataDir], { cwd: ROOT, encoding: 'utf8', env: SERVER_ENV });
}

// runs `source` as an ES module file of the user's folder, with the key in its environment
function runInApp(source: string, env: Record<string, string> = {}): string {
  const file = join(pkg.app, 'use.mjs');
  writeFileSync(file, source);
  return execFileSync(process.execPath, [file], {
    cwd: pkg.app, encoding: 'utf8', env: { PATH: process.env.PATH ?? '', TEMPO_API_KEY: key, ...env },
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tempo-client-pkg-'));
  pkg = packAndInstall('client', work);
  const data = join(work, 'data');
  key = (JSON.parse(tempo(['keys', 'create', '--org', 'pkg', '--project', 'p', '--user', 'u', '--name', 'k', '--json', '--create'], data)) as { key: string }).key;
  server = spawn(process.execPath, [TEMPO, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', data], {
    cwd: ROOT, env: SERVER_ENV, stdio: ['ignore', 'ignore', 'pipe'],
  });
  url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`tempo serve did not listen:\n${stderr}`)), 60_000);
    server!.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString();
      const m = /tempo listening on (http:\/\/\S+)/.exec(stderr);
      if (m) { clearTimeout(timer); ok(m[1]); }
    });
    server!.on('exit', (code) => fail(new Error(`tempo serve exited ${code}:\n${stderr}`)));
  });
});

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const exited = new Promise((r) => server!.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the client package, installed from its tarball', () => {
  it('installs alone: no dependency, no install script, under 1 MB', () => {
    expect(pkg.name).toBe('@tempo-forecast/client');
    expect(installedPackages(join(pkg.app, 'node_modules'))).toEqual(['@tempo-forecast/client']);
    expect(pkg.manifest.dependencies).toBeUndefined();
    expect(installScripts(pkg.dir, pkg.manifest)).toEqual([]);
    expect(existsSync(join(pkg.dir, 'README.md'))).toBe(true);
    expect(bytesUnder(join(pkg.app, 'node_modules'))).toBeLessThan(1_000_000);
  });

  it('is one module that imports nothing', () => {
    const js = readFileSync(join(pkg.dir, 'dist/index.js'), 'utf8');
    expect(js.match(/\bimport\b(?!\.meta)/g)).toBeNull();
    expect(js).not.toMatch(/\brequire\s*\(|\bfrom\s*["']|node:/);
  });

  it('runs its README\'s example as written against a real server', () => {
    const readme = readFileSync(join(pkg.dir, 'README.md'), 'utf8');
    const example = /```js\n([\s\S]*?)```/.exec(readme)![1];
    expect(example).toContain("baseUrl: 'http://127.0.0.1:8080'");
    const out = runInApp(example.replace("'http://127.0.0.1:8080'", JSON.stringify(url)));
    const lines = out.trim().split('\n');
    // the forecast and its interval, then the two series of forecastMany in order
    expect(out).toMatch(/^\[ [\d.]+, [\d.]+, [\d.]+ \] \{\s+lower: \[[\d., ]+\],\s+upper: \[[\d., ]+\]\s+\}\n/);
    expect(lines.slice(-2).map((l) => l.split(' ')[0])).toEqual(['a', 'b']);
  });

  it('answers what the server answers, and throws its typed errors', () => {
    const out = runInApp(`
      import { TempoClient, ApiKeyInvalidError, RequestInvalidError, TempoError } from '@tempo-forecast/client';
      const tempo = new TempoClient({ apiKey: process.env.TEMPO_API_KEY, baseUrl: ${JSON.stringify(url)} });
      const r = await tempo.forecast({ series: [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135], horizon: 4, level: [95], quantiles: [0.5] });
      const raw = await (await fetch(${JSON.stringify(url)} + '/tempo/v1/forecast', {
        method: 'POST', headers: { authorization: 'Bearer ' + process.env.TEMPO_API_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ series: [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135], horizon: 4, level: [95], quantiles: [0.5] }),
      })).json();
      const errors = [];
      const bad = new TempoClient({ apiKey: 'tempo-AAAAAAAAAAAAAAAA-' + 'x'.repeat(48), baseUrl: ${JSON.stringify(url)}, maxRetries: 0 });
      try { await bad.forecast({ series: [1, 2, 3], horizon: 1 }); } catch (e) { errors.push([e.constructor.name, e instanceof ApiKeyInvalidError, e instanceof TempoError]); }
      try { await tempo.forecast({ series: [1, 2, 3], horizon: 0 }); } catch (e) { errors.push([e.constructor.name, e instanceof RequestInvalidError, e.errors[0].pointer]); }
      console.log(JSON.stringify({ mine: { forecast: r.forecast, intervals: r.intervals, quantiles: r.quantiles }, raw, errors }));
    `);
    const { mine, raw, errors } = JSON.parse(out) as { mine: Record<string, unknown>; raw: Record<string, unknown>; errors: unknown[] };
    expect(mine).toEqual({ forecast: raw.forecast, intervals: raw.intervals, quantiles: raw.quantiles });
    expect((mine.forecast as number[])).toHaveLength(4);
    expect(errors).toEqual([['ApiKeyInvalidError', true, true], ['RequestInvalidError', true, '/horizon']]);
  });

  it('ships declarations a strict TypeScript user compiles against', () => {
    expect(typeCheckIn(pkg.app, `
      import { TempoClient, UsageLimitError, type ForecastResult, type BatchItem } from '@tempo-forecast/client';
      export async function run(apiKey: string): Promise<number> {
        const tempo = new TempoClient({ apiKey, baseUrl: 'http://127.0.0.1:8080' });
        const r: ForecastResult = await tempo.forecast({ series: [1, 2, null, 4], horizon: 2, level: [95] });
        const items: BatchItem[] = [];
        for await (const item of tempo.forecastMany([{ id: 'a', values: [1, 2, 3] }], { horizon: 1 })) items.push(item);
        try { await tempo.validate(); } catch (e) { if (e instanceof UsageLimitError) return e.retryAfter ?? 0; }
        return r.forecast.length + items.length;
      }
    `)).toBe('');
    expect(typeCheckIn(pkg.app, `
      import { TempoClient } from '@tempo-forecast/client';
      export const bad = new TempoClient({ apiKey: 1, baseUrl: 'http://127.0.0.1:8080' });
    `)).toMatch(/TS2322/);
  });
});
