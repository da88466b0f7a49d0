// The published shape: `npm pack` of the server and of the two packages it depends on
// (@tempo-forecast/core, @tempo-forecast/client) yields three tarballs that install together in a
// clean directory, offline, and run `tempo serve`, `tempo-forecast/core` and `tempo-forecast/client`
// with nothing from this checkout: one copy of each package, the one the server loads.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';

const root = resolve(__dirname, '../..');
let work: string;
let app: string;
let server: ChildProcess | undefined;
let stderr = '';
let packed: string[] = [];
let pkgDir: string;

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

// every path below `dir` whose last part is `name`, symlinks included, the way npm lays packages out
function pathsNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    const here = e.name === name ? [p] : [];
    return e.isDirectory() ? [...here, ...pathsNamed(p, name)] : here;
  });
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'tempo-pack-'));
  const pkg = pkgDir = join(work, 'pkg');
  mkdirSync(pkg);
  // prepack builds, so the tarballs hold dist/ even from a clean checkout; the Dockerfile packs the same way
  execFileSync('npm', ['pack', '--workspaces', '--include-workspace-root', '--pack-destination', pkg, '--loglevel=error'], {
    cwd: root, stdio: ['ignore', 'ignore', 'inherit'],
  });
  packed = readdirSync(pkg).filter((f) => f.endsWith('.tgz')).sort();
  const tgz = packed.find((f) => /^tempo-forecast-\d/.test(f));
  if (tgz === undefined) throw new Error(`npm pack wrote no server tarball: ${packed.join(', ')}`);
  app = join(work, 'app');
  // the offline install below takes every other dependency (its registry metadata and tarball) from
  // npm's cache; a machine whose cache only `npm ci` filled lacks the metadata and some tarballs
  // (a fresh machine failed with ENOTCACHED for @koa/router, then tar-fs), so an install online
  // into a scratch folder fills it first, with no install scripts (nothing is built); the
  // @tempo-forecast packages resolve to their tarballs there too
  const warm = join(work, 'warm');
  mkdirSync(warm);
  writeFileSync(join(warm, 'package.json'), '{ "name": "warm", "private": true }\n');
  execFileSync('npm', ['install', '--ignore-scripts', '--omit=dev', '--no-audit', '--no-fund', '--loglevel=error', ...packed.map((f) => join(pkg, f))], {
    cwd: warm, stdio: ['ignore', 'ignore', 'inherit'],
  });
  // offline: npm must find the unpublished @tempo-forecast packages in the tarballs given, never ask a
  // registry for them (the other dependencies come from npm's cache, filled just above)
  execFileSync(join(root, 'scripts/install-from-pack.sh'), [join(pkg, tgz), app], {
    stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, npm_config_offline: 'true' },
  });
});

afterAll(() => {
  server?.kill('SIGKILL');
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the packed package, installed in a clean directory', () => {
  it('is three tarballs: the server and the two packages it depends on, at their exact version', () => {
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }).version;
    expect(packed).toEqual([`tempo-forecast-${version}.tgz`, `tempo-forecast-client-${version}.tgz`, `tempo-forecast-core-${version}.tgz`]);
    const manifest = JSON.parse(readFileSync(join(app, 'node_modules/tempo-forecast/package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(manifest.dependencies['@tempo-forecast/core']).toBe(version);
    expect(manifest.dependencies['@tempo-forecast/client']).toBe(version);
  });

  it('holds the compiled code and no core or client of its own, and none of the sources or tests', () => {
    const pkg = join(app, 'node_modules/tempo-forecast');
    const top = readdirSync(pkg).sort();
    expect(top).toEqual(expect.arrayContaining(['bin', 'dist', 'package.json']));
    expect(top).not.toContain('test');
    expect(top).not.toContain('assembly');
    expect(top).not.toContain('packages');
    // no .wasm: the server reads the core package's
    expect(top).not.toContain('build');
    // tempo-forecast/core and /client are one-line re-exports of the packages, not compiled copies
    expect(readdirSync(join(pkg, 'dist/src/core')).filter((f) => f.endsWith('.js')).sort()).toEqual(['index.js', 'node.js']);
    expect(readdirSync(join(pkg, 'dist/src/client')).filter((f) => f.endsWith('.js'))).toEqual(['index.js']);
  });

  it('holds exactly one copy of each @tempo-forecast package, at the top, and one tempo.wasm, the core package\'s', () => {
    const nodeModules = join(app, 'node_modules');
    for (const name of ['core', 'client']) {
      const copies = pathsNamed(nodeModules, '@tempo-forecast').flatMap((scope) => readdirSync(scope).filter((n) => n === name).map((n) => join(scope, n)));
      expect(copies).toEqual([join(nodeModules, '@tempo-forecast', name)]);
      // a real folder unpacked from the tarball, not a link into this checkout
      expect(statSync(copies[0]!).isDirectory()).toBe(true);
      expect(readFileSync(join(copies[0]!, 'package.json'), 'utf8')).not.toContain(root);
    }
    expect(pathsNamed(app, 'tempo.wasm')).toEqual([join(nodeModules, '@tempo-forecast/core/dist/tempo.wasm')]);
  });

  it('loads the core package\'s tempo.wasm and the very modules of both packages through its own names', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
      const { defaultWasmPath } = await import('tempo-forecast/core/node');
      const [core, coreByServer, client, clientByServer] = await Promise.all([
        import('@tempo-forecast/core'), import('tempo-forecast/core'), import('@tempo-forecast/client'), import('tempo-forecast/client'),
      ]);
      console.log(JSON.stringify({
        wasm: defaultWasmPath(),
        sameCore: core.createForecaster === coreByServer.createForecaster,
        sameClient: client.TempoClient === clientByServer.TempoClient,
      }));
    `], { cwd: app, encoding: 'utf8' });
    expect(JSON.parse(out.trim())).toEqual({
      wasm: join(app, 'node_modules/@tempo-forecast/core/dist/tempo.wasm'), sameCore: true, sameClient: true,
    });
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

  it('runs `npx tempo serve`, which answers /healthz, forecasts with the core package and serves its .wasm to the settings page', async () => {
    expect(execFileSync('npx', ['--no-install', 'tempo', '--version'], { cwd: app, encoding: 'utf8' }).trim()).toMatch(/^tempo \d+\.\d+\.\d+/);
    // one store for the key and the server: no inherited DATABASE_URL (CI exports one)
    const env = { PATH: process.env.PATH ?? '', HOME: work, TEMPO_LOG_LEVEL: 'warn' };
    const data = join(work, 'data');
    const { key } = JSON.parse(execFileSync('npx', ['--no-install', 'tempo', 'keys', 'create', '--org', 'pkg', '--project', 'p', '--user', 'u',
      '--name', 'k', '--json', '--create', '--data-dir', data], { cwd: app, encoding: 'utf8', env })) as { key: string };
    const port = await freePort();
    server = spawn('npx', ['--no-install', 'tempo', 'serve', '--port', String(port), '--data-dir', data], {
      cwd: app, env, stdio: ['ignore', 'ignore', 'pipe'],
    });
    server.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
    const base = `http://127.0.0.1:${port}`;
    expect(await waitFor(`${base}/healthz`, 30_000), stderr).toBe(200);
    const res = await fetch(`${base}/tempo/v1/forecast`, {
      method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
      body: JSON.stringify({ series: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], horizon: 3 }),
    });
    expect(res.status, stderr).toBe(200);
    const body = await res.json() as { forecast: number[] };
    expect(body.forecast).toHaveLength(3);
    for (const v of body.forecast) expect(Number.isFinite(v)).toBe(true);
    const page = await fetch(`${base}/platform/settings/models`);
    expect(page.status).toBe(200);
    const wasmAt = /["']([^"']*\/platform\/assets\/[0-9a-f]{16})\//.exec(await page.text())?.[1];
    expect(wasmAt).toBeDefined();
    const wasm = Buffer.from(await (await fetch(`${base}${wasmAt}/tempo.wasm`)).arrayBuffer());
    expect(wasm.equals(readFileSync(join(app, 'node_modules/@tempo-forecast/core/dist/tempo.wasm')))).toBe(true);
  });

  it('could not have found the packages anywhere but in their tarballs: offline, npm asks the registry for one left out', () => {
    const server = packed.find((f) => /^tempo-forecast-\d/.test(f))!;
    const bare = join(work, 'no-core');
    mkdirSync(bare);
    writeFileSync(join(bare, 'package.json'), '{ "name": "bare", "private": true }\n');
    const r = spawnSync('npm', ['install', '--offline', '--omit=dev', '--no-audit', '--no-fund', '--ignore-scripts',
      join(pkgDir, server), join(pkgDir, packed.find((f) => f.startsWith('tempo-forecast-client-'))!)], { cwd: bare, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/ENOTCACHED[\s\S]*@tempo-forecast%2fcore/);
    // the install script says what is missing before npm starts
    const lone = join(work, 'lone');
    mkdirSync(lone);
    copyFileSync(join(pkgDir, server), join(lone, server));
    const s = spawnSync('sh', [join(root, 'scripts/install-from-pack.sh'), join(lone, server), join(work, 'lone-app')], { encoding: 'utf8' });
    expect(s.status).toBe(1);
    expect(s.stderr).toMatch(/tempo-forecast-core-[\d.]+\.tgz not found; pack the packages too/);
  });

  it('has what the Dockerfile runs: its install script and the CMD it starts', () => {
    const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/npm pack --workspaces --include-workspace-root --pack-destination \/tmp\/pkg/);
    expect(dockerfile).toMatch(/sh scripts\/install-from-pack\.sh \/tmp\/pkg\/tempo-forecast-\[0-9\]\*\.tgz \/app/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK /m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
    // the image's WORKDIR is /app, which is `app` here
    expect(existsSync(join(app, cmd[1]))).toBe(true);
  });
});
