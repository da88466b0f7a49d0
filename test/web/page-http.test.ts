// The settings page over plain HTTP: security headers, content types (application/wasm for the
// core), caching only for hashed assets, nothing inline, nothing external, unknown assets refused.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Koa from 'koa';
import Router from '@koa/router';
import pino from 'pino';
import { errorBoundary } from '../../src/server/middleware/error-boundary.js';
import { fileURLToPath } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mountSettingsPage, SETTINGS_PAGE_PATH } from '../../src/server/routes/settings-page.js';
import { startHarness, type Harness } from '../server/harness.js';
import { assertPageBuilt } from './browser.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
// the page's security policy, spelled out here rather than imported, so a change to it shows
const EXPECTED_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self' data:; "
  + "style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

let h: Harness;
let html: string;
let page: Response;
let assetBase: string;

beforeAll(async () => {
  assertPageBuilt(ROOT);
  h = await startHarness();
  page = await fetch(h.url + SETTINGS_PAGE_PATH);
  html = await page.text();
  assetBase = /href="(\/platform\/assets\/[0-9a-f]{16})\/settings\.css"/.exec(html)![1];
});
afterAll(async () => { await h.close(); });

// fetch marks a conditional request `Cache-Control: no-cache` (Fetch standard), which rules out a
// 304; a browser revalidating its cached page does not, so this asks the way a browser does
function conditionalGet(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'If-None-Match': etag } }, (res) => { res.resume(); resolve(res.statusCode ?? 0); }).on('error', reject);
  });
}

function expectSecurityHeaders(res: Response): void {
  expect(res.headers.get('content-security-policy')).toBe(EXPECTED_CSP);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
}

describe('the page', () => {
  it('is HTML with the security headers, revalidated rather than cached', () => {
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expectSecurityHeaders(page);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('etag')).toMatch(/^"[\w-]+"$/);
  });

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    expect(await conditionalGet(h.url + SETTINGS_PAGE_PATH, page.headers.get('etag')!)).toBe(304);
    expect(await conditionalGet(h.url + SETTINGS_PAGE_PATH, '"something-else"')).toBe(200);
    const head = await fetch(h.url + SETTINGS_PAGE_PATH, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expectSecurityHeaders(head);
    expect(await head.text()).toBe('');
  });

  it('has no inline script, style or handler, and refers only to its own origin', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/type="module"/);
      expect(attrs).toMatch(/src="\/platform\/assets\//);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b/i);
    expect(html).not.toMatch(/\sstyle=/i);
    expect(html).not.toMatch(/\son[a-z]+=/i);
    expect(html).not.toMatch(/(src|href|action)="(https?:)?\/\//i);
  });

  it('has a label for every input, select and textarea', () => {
    const ids = [...html.matchAll(/<(input|select|textarea)\b[^>]*\bid="([^"]+)"/g)].map((m) => m[2]);
    expect(ids.length).toBeGreaterThanOrEqual(7);
    for (const id of ids) expect(html).toContain(`<label for="${id}"`);
  });

  it('is the page the MODEL_NOT_AVAILABLE answer points to', async () => {
    const { fullKey } = await h.key();
    const res = await h.forecast(fullKey, { series: [1, 2, 3], horizon: 1 }, { model: 'someone-elses' });
    expect(res.status).toBe(404);
    const link = /(http\S+\/platform\/settings\/models)/.exec((await res.json()).detail)![1];
    expect((await fetch(link)).status).toBe(200);
  });
});

describe('assets', () => {
  it('serves the core as application/wasm, byte for byte, cached for ever under its hash, and it compiles', async () => {
    const res = await fetch(`${h.url}${assetBase}/tempo.wasm`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/wasm');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.clone().arrayBuffer());
    // the core package's own file, the one the server loads too
    expect(bytes.equals(readFileSync(`${ROOT}packages/core/dist/tempo.wasm`))).toBe(true);
    // compileStreaming insists on the application/wasm type, as browsers' instantiateStreaming does
    await expect(WebAssembly.compileStreaming(res)).resolves.toBeInstanceOf(WebAssembly.Module);
  });

  it('serves modules, stylesheet and samples with their types and no reference to another origin', async () => {
    const cases: Array<[string, string]> = [
      ['web/settings.js', 'text/javascript; charset=utf-8'],
      ['web/playground.js', 'text/javascript; charset=utf-8'],
      ['core/index.js', 'text/javascript; charset=utf-8'],
      ['settings.css', 'text/css; charset=utf-8'],
      ['samples.json', 'application/json; charset=utf-8'],
    ];
    for (const [path, type] of cases) {
      const res = await fetch(`${h.url}${assetBase}/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
      // the SVG namespace is a name, not a request
      const text = (await res.text()).replaceAll('http://www.w3.org/2000/svg', '');
      expect(text, path).not.toMatch(/https?:\/\//);
      expect(text, path).not.toMatch(/@import|url\(/);
    }
  });

  it('serves the core package\'s bundle as the page\'s core, one module importing nothing', async () => {
    const res = await fetch(`${h.url}${assetBase}/core/index.js`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.equals(readFileSync(`${ROOT}packages/core/dist/index.js`))).toBe(true);
    expect(body.toString()).not.toMatch(/^\s*(import|export \*)\b.*\bfrom\b/m);
    expect((await fetch(`${h.url}${assetBase}/core/abi.js`)).status).toBe(404);
  });

  it('refuses other versions, unknown files and the Node-only loader with 404 problem+json', async () => {
    const other = assetBase.replace(/[0-9a-f]{16}$/, '0000000000000000');
    for (const path of [
      `${other}/tempo.wasm`,
      `${assetBase}/nope.js`,
      `${assetBase}/core/node.js`,
      `${assetBase}/web/..%2F..%2Fpackage.json`,
      `${assetBase}/..%2F..%2Fpackage.json`,
    ]) {
      const res = await fetch(h.url + path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/problem\+json/);
    }
  });

  it('refuses methods other than GET and HEAD', async () => {
    const res = await fetch(h.url + SETTINGS_PAGE_PATH, { method: 'POST' });
    expect(res.status).toBe(405);
  });
});

describe('a server without a build', () => {
  it('answers 503 saying to build, instead of failing to start or serving half a page', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tempo-web-'));
    const router = new Router();
    mountSettingsPage(router, { root: empty });
    const app = new Koa();
    app.use(errorBoundary(pino({ level: 'silent' })));
    app.use(router.routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as { port: number };
      const res = await fetch(`http://127.0.0.1:${port}${SETTINGS_PAGE_PATH}`);
      expect(res.status).toBe(503);
      expect((await res.json()).detail).toMatch(/npm run build/);
    } finally {
      server.close();
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
