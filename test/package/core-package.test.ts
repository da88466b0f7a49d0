// The core as a package of its own: `npm pack` of packages/core installed alone in an empty folder,
// then used as a user would, from plain Node and from a page in headless Chromium that loads
// nothing but the package's files; both must answer exactly what the checkout's core answers.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { loadForecaster } from '../../src/core/node.js';
import { launchChromium } from '../web/browser.js';
import { bytesUnder, installScripts, installedPackages, packAndInstall, typeCheckIn, type Installed } from './workspace-pack.js';

// AirPassengers' first four years, with one value missing
const SERIES = [112, 118, 132, 129, 121, 135, 148, 148, 136, 119, 104, 118, 115, 126, 141, 135, 125, 149, 170, 170,
  158, 133, 114, 140, 145, 150, 178, 163, 172, 178, 199, 199, 184, 162, null, 166, 171, 180, 193, 181, 183, 218, 230,
  242, 209, 191, 172, 194];
const OPTIONS = { level: [80, 95], quantiles: [0.1, 0.9] };

let work: string;
let pkg: Installed;
let expected: unknown;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'tempo-core-pkg-'));
  pkg = packAndInstall('core', work);
  // the answer of the checkout's own core (build/tempo.wasm through src/core), which the package must repeat
  const core = await loadForecaster();
  expected = JSON.parse(JSON.stringify(core.forecast(SERIES, 12, OPTIONS)));
});

afterAll(() => {
  if (work !== undefined) rmSync(work, { recursive: true, force: true });
});

describe('the core package, installed from its tarball', () => {
  it('is the .wasm, one module and its declarations, and depends on nothing', () => {
    expect(pkg.name).toBe('@tempo-forecast/core');
    expect(installedPackages(join(pkg.app, 'node_modules'))).toEqual(['@tempo-forecast/core']);
    expect(pkg.manifest.dependencies).toBeUndefined();
    expect(installScripts(pkg.dir, pkg.manifest)).toEqual([]);
    expect(existsSync(join(pkg.dir, 'README.md'))).toBe(true);
    expect(existsSync(join(pkg.dir, 'dist/tempo.wasm'))).toBe(true);
    // the shipped module is the checkout's: same bytes as build/tempo.wasm
    expect(readFileSync(join(pkg.dir, 'dist/tempo.wasm')).equals(readFileSync(join(import.meta.dirname, '../../build/tempo.wasm')))).toBe(true);
    expect(bytesUnder(pkg.dir)).toBeLessThan(1_000_000);
  });

  it('imports nothing: its one module names no other module, and no host API but WebAssembly and URL', () => {
    const js = readFileSync(join(pkg.dir, 'dist/index.js'), 'utf8');
    // every `import` is import.meta (the .wasm's URL); no static or dynamic import, no require
    expect(js.match(/\bimport\b(?!\.meta)/g)).toBeNull();
    expect(js).not.toMatch(/\brequire\s*\(|\bfrom\s*["']/);
    for (const host of ['process', 'Buffer', 'fetch', 'globalThis', 'window', 'self', 'Deno', 'Bun']) {
      expect(js, host).not.toMatch(new RegExp(`\\b${host}\\b`));
    }
    expect(js).toMatch(/\bWebAssembly\.instantiate\b/);
  });

  it('forecasts from plain Node through its exports, as the checkout\'s core does', () => {
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', `
      import { readFile } from 'node:fs/promises';
      import { createForecaster, wasmUrl } from '@tempo-forecast/core';
      const core = await createForecaster(await readFile(wasmUrl()));
      console.log(JSON.stringify(core.forecast(${JSON.stringify(SERIES)}, 12, ${JSON.stringify(OPTIONS)})));
      // the .wasm is exported by its own name too, for import.meta.resolve and bundlers
      const again = await createForecaster(await readFile(new URL(import.meta.resolve('@tempo-forecast/core/tempo.wasm'))));
      console.log(JSON.stringify(again.forecast([1, 2, 3, 4, 5, 6], 2, {}).forecast.length));
    `], { cwd: pkg.app, encoding: 'utf8' });
    const [answer, length] = out.trim().split('\n');
    expect(JSON.parse(answer)).toEqual(expected);
    expect((expected as { forecast: number[] }).forecast).toHaveLength(12);
    expect(JSON.parse(length)).toBe(2);
  });

  it('ships declarations a strict TypeScript user compiles against', () => {
    expect(typeCheckIn(pkg.app, `
      import { createForecaster, wasmUrl, CoreError, type Forecaster, type ForecastResult } from '@tempo-forecast/core';
      export async function run(bytes: ArrayBuffer): Promise<number[]> {
        const url: URL = wasmUrl();
        const core: Forecaster = await createForecaster(bytes);
        const r: ForecastResult = core.forecast([1, 2, null, 4], 3, { level: [95] });
        if (!(new CoreError(1, 'x') instanceof Error)) throw new Error(url.href);
        return r.intervals?.['95']?.upper ?? r.forecast;
      }
    `)).toBe('');
    // and they are not vacuous: a wrong use fails
    expect(typeCheckIn(pkg.app, `
      import { createForecaster } from '@tempo-forecast/core';
      export const bad: string = (await createForecaster(new ArrayBuffer(0))).forecast([1], 1, {}).forecast;
    `)).toMatch(/TS2322/);
  });
});

// serves the install folder and the one page; records every path the browser asks for
function serveInstall(root: string, page: string, asked: string[]): Promise<{ server: Server; origin: string }> {
  const types: Record<string, string> = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    asked.push(path);
    if (path === '/') { res.writeHead(200, { 'content-type': 'text/html' }).end(page); return; }
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file)) { res.writeHead(404).end(); return; }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as { port: number };
    ok({ server, origin: `http://127.0.0.1:${port}` });
  }));
}

describe('the core package in headless Chromium', () => {
  let browser: Browser | undefined;
  let server: Server | undefined;
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => (server === undefined ? r(undefined) : server.close(r)));
  });

  it('forecasts in a page that loads only the package\'s module and .wasm, with the checkout\'s answer', async () => {
    // the import map maps the name to the file the package's exports name, as a bundler would resolve it
    const entry = (pkg.manifest.exports['.'] as { default: string }).default;
    const modulePath = `/node_modules/${pkg.name}/${entry.replace(/^\.\//, '')}`;
    const page = `<!doctype html><meta charset="utf-8"><title>core</title>
      <script type="importmap">${JSON.stringify({ imports: { [pkg.name]: modulePath } })}</script>
      <script type="module">
        import { createForecaster, wasmUrl } from '${pkg.name}';
        try {
          const core = await createForecaster(await (await fetch(wasmUrl())).arrayBuffer());
          window.answer = JSON.stringify(core.forecast(${JSON.stringify(SERIES)}, 12, ${JSON.stringify(OPTIONS)}));
        } catch (e) { window.answer = 'failed: ' + e; }
      </script>`;
    const asked: string[] = [];
    const served = await serveInstall(pkg.app, page, asked);
    server = served.server;
    browser = await launchChromium();
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (e) => errors.push(e.message));
    await tab.goto(`${served.origin}/`);
    const answer = await tab.waitForFunction(() => (window as unknown as { answer?: string }).answer, undefined, { timeout: 30_000 });
    const text = (await answer.jsonValue()) as string;
    expect(errors).toEqual([]);
    expect(JSON.parse(text)).toEqual(expected);
    const core = `/node_modules/${pkg.name}/dist`;
    expect([...new Set(asked)].filter((p) => p !== '/favicon.ico').sort()).toEqual(['/', `${core}/index.js`, `${core}/tempo.wasm`]);
  });
});
