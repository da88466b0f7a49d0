// The published shape: `npm pack` yields a tarball that installs in a clean directory and runs
// `tempo serve`, `tempo-forecast/core` and `tempo-forecast/client`, with nothing from this checkout.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';

const root = resolve(__dirname, '../..');
let work: string;
let app: string;
let server: ChildProcess | undefined;
let stderr = '';

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    }).on('error', fail);
  });
}

/** Polls `url` until it answers 200 or `ms` pass; returns the last status (0: no answer). */
async function waitFor(url: string, ms: number): Promise<number> {
  const deadline = Date.now() + ms;
  let status = 0;
  while (Date.now() < deadline) {
    try {
      status = (await fetch(url)).status;
      if (status === 200) return status;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return status;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'tempo-pack-'));
  // prepack builds, so the tarball holds dist/ and build/ even from a clean checkout
  execFileSync('npm', ['pack', '--pack-destination', work, '--loglevel=error'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  const tgz = readdirSync(work).find((f) => f.endsWith('.tgz'));
  if (tgz === undefined) throw new Error('npm pack wrote no tarball');
  app = join(work, 'app');
  execFileSync(join(root, 'scripts/install-from-pack.sh'), [join(work, tgz), app], { stdio: ['ignore', 'ignore', 'inherit'] });
});

afterAll(() => {
  server?.kill('SIGKILL');
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the packed package, installed in a clean directory', () => {
  it('holds the compiled code and the core, and none of the sources or tests', () => {
    const pkg = join(app, 'node_modules/tempo-forecast');
    const top = readdirSync(pkg).sort();
    expect(top).toEqual(expect.arrayContaining(['bin', 'build', 'dist', 'package.json']));
    expect(top).not.toContain('test');
    expect(top).not.toContain('assembly');
    expect(readdirSync(join(pkg, 'build'))).toEqual(['tempo.wasm']);
  });

  it('forecasts through tempo-forecast/core', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
      const { loadForecaster } = await import('tempo-forecast/core/node');
      const core = await loadForecaster();
      const r = core.forecast([1,2,3,4,5,6,7,8,9,10,11,12], 3, {});
      console.log(JSON.stringify(r.forecast));
    `], { cwd: app, encoding: 'utf8' });
    const values = JSON.parse(out.trim()) as unknown;
    expect(Array.isArray(values)).toBe(true);
    expect(values as number[]).toHaveLength(3);
    for (const v of values as number[]) expect(Number.isFinite(v)).toBe(true);
  });

  it('imports tempo-forecast/client', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
      const m = await import('tempo-forecast/client');
      console.log(Object.keys(m).sort().join(','));
    `], { cwd: app, encoding: 'utf8' });
    expect(out).toMatch(/TempoClient/);
  });

  it('runs `npx tempo serve`, which answers /healthz and prints its version', async () => {
    expect(execFileSync('npx', ['--no-install', 'tempo', '--version'], { cwd: app, encoding: 'utf8' }).trim()).toMatch(/^tempo \d+\.\d+\.\d+/);
    const port = await freePort();
    server = spawn('npx', ['--no-install', 'tempo', 'serve', '--port', String(port), '--data-dir', join(work, 'data')], {
      cwd: app, env: { PATH: process.env.PATH ?? '', HOME: work }, stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    expect(await waitFor(`http://127.0.0.1:${port}/healthz`, 30_000), stderr).toBe(200);
    const page = await fetch(`http://127.0.0.1:${port}/platform/settings/models`);
    expect(page.status).toBe(200);
  });

  it('has what the Dockerfile runs: its install script and the CMD it starts', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/sh scripts\/install-from-pack\.sh \/tmp\/pkg\/tempo-forecast-\*\.tgz \/app/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
    // the image's WORKDIR is /app, which is `app` here
    expect(existsSync(join(app, cmd[1]))).toBe(true);
  });
});
