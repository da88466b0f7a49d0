// The models settings page and everything it loads: the HTML, its stylesheet and sample series,
// its compiled ES modules, and the core it runs in the browser (the @tempo-forecast/core package's
// bundle and .wasm, the very files the server loads), all from this server.
// Assets live under one content-hashed prefix, so they may be cached for ever and a new build
// simply gets a new prefix; only the small HTML page is revalidated.
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { ApiError } from '../errors.js';

/** Where the page lives: `{app_url}/platform/settings/models`, which MODEL_NOT_AVAILABLE details link to. */
export const SETTINGS_PAGE_PATH = '/platform/settings/models';
/** Prefix of the page's assets; the next path segment is the content hash of the whole set. */
export const ASSET_PREFIX = '/platform/assets';

/** The page's Content-Security-Policy: everything from this origin, wasm compilation allowed, nothing inline. */
export const PAGE_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; img-src 'self' data:; "
  + "style-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': PAGE_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
};

// Node's resolution of the installed package: a workspace link in a checkout, node_modules in an install
const resolvePackage = createRequire(import.meta.url).resolve;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ASSETS_MARK = '{{ASSETS}}';

interface Asset { body: Buffer; type: string; etag: string }

interface AssetSet {
  /** Content hash of every asset together: the path segment after ASSET_PREFIX. */
  version: string;
  /** Keyed by the path below the version: `settings.css`, `web/settings.js`, `core/index.js`, `tempo.wasm`. */
  files: Map<string, Asset>;
  page: Asset;
}

export interface SettingsPageOptions {
  /** Repository root holding src/web and dist/src/{web,dates}; default: found from this file. The core comes from @tempo-forecast/core. */
  root?: string;
}

/** The repository root, from this file both in src/ (tsx, vitest) and dist/src/ (compiled). */
function defaultRoot(): string {
  const here = fileURLToPath(import.meta.url);
  return here.includes('/dist/') ? here.slice(0, here.indexOf('/dist/')) : here.slice(0, here.lastIndexOf('/src/'));
}

function typeOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return CONTENT_TYPES[name.slice(dot)] ?? 'application/octet-stream';
}

function asset(name: string, body: Buffer): Asset {
  return { body, type: typeOf(name), etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"` };
}

async function jsFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((f) => f.endsWith('.js')).sort();
}

// Read once: a running server serves one build; a rebuild takes effect at the next start.
async function loadAssets(root: string): Promise<AssetSet> {
  const files = new Map<string, Asset>();
  const add = async (name: string, path: string) => { files.set(name, asset(name, await readFile(path))); };
  await add('settings.css', `${root}/src/web/settings.css`);
  await add('samples.json', `${root}/src/web/samples.json`);
  await add('tempo.wasm', resolvePackage('@tempo-forecast/core/tempo.wasm'));
  for (const f of await jsFiles(`${root}/dist/src/web`)) await add(`web/${f}`, `${root}/dist/src/web/${f}`);
  // the core package's bundle (no imports) at the path the page's modules import the core by
  await add('core/index.js', resolvePackage('@tempo-forecast/core'));
  // the playground reads pasted dates with the server's own date module
  for (const f of await jsFiles(`${root}/dist/src/dates`)) await add(`dates/${f}`, `${root}/dist/src/dates/${f}`);
  if (!files.has('web/settings.js') || !files.has('core/index.js')) throw new Error('compiled page modules are missing');

  const hash = createHash('sha256');
  for (const [name, a] of [...files].sort(([x], [y]) => (x < y ? -1 : 1))) hash.update(name).update('\0').update(a.body);
  const version = hash.digest('hex').slice(0, 16);
  const template = await readFile(`${root}/src/web/settings-models.html`, 'utf8');
  const page = asset('page.html', Buffer.from(template.split(ASSETS_MARK).join(`${ASSET_PREFIX}/${version}`)));
  return { version, files, page };
}

function setSecurityHeaders(ctx: Parameters<Middleware>[0]): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) ctx.set(name, value);
}

/** Mounts GET (and HEAD) of the settings page and its hashed assets on `router`. */
export function mountSettingsPage(router: Router, options: SettingsPageOptions = {}): void {
  const root = options.root ?? defaultRoot();
  let loading: Promise<AssetSet> | null = null;
  // a failed load (no build yet) is not remembered, so building and reloading the page is enough
  const assets = async (): Promise<AssetSet> => {
    loading ??= loadAssets(root).catch((err) => { loading = null; throw err; });
    try {
      return await loading;
    } catch (err) {
      throw new ApiError('SERVICE_UNAVAILABLE', 'the settings page is not built on this server; run `npm run build` and reload', { cause: err });
    }
  };

  const send = (ctx: Parameters<Middleware>[0], a: Asset, cacheControl: string) => {
    setSecurityHeaders(ctx);
    ctx.set('Cache-Control', cacheControl);
    ctx.etag = a.etag;
    ctx.type = a.type;
    // Koa judges freshness only for a 2xx, and the status is still the default 404 here
    ctx.status = 200;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = a.body;
  };

  const page: Middleware = async (ctx) => {
    send(ctx, (await assets()).page, 'no-cache');
  };

  const file: Middleware = async (ctx) => {
    const set = await assets();
    const { version, dir, file: name } = ctx.params as { version: string; dir?: string; file: string };
    const found = version === set.version ? set.files.get(dir === undefined ? name : `${dir}/${name}`) : undefined;
    // an old version's asset is gone with its build: a stale page must reload, not mix builds
    if (found === undefined) throw new ApiError('NOT_FOUND', 'no such asset in this build of the settings page; reload the page');
    send(ctx, found, IMMUTABLE);
  };

  router.get(SETTINGS_PAGE_PATH, page);
  router.get(`${ASSET_PREFIX}/:version/:file`, file);
  router.get(`${ASSET_PREFIX}/:version/:dir/:file`, file);
}
