// The server describes itself: GET / (index), GET /openapi.json, and a page per error code at
// /errors/{slug}, which is where every problem `type` points.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { ERROR_CATALOGUE, ERROR_TYPE_BASE, type ErrorCode } from '../../common/codes.js';
import { packageVersion } from '../../config/package-version.js';
import { ApiError } from '../errors.js';
import { openApiDocument, type DocumentedBounds } from '../openapi/document.js';
import { SETTINGS_PAGE_PATH } from './settings-page.js';

/** Where the OpenAPI document is served. */
export const OPENAPI_PATH = '/openapi.json';

const BY_SLUG = new Map(Object.entries(ERROR_CATALOGUE).map(([code, e]) => [e.slug as string, code as ErrorCode]));

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// backquoted words become <code>, after escaping, so the catalogue stays plain text
function errorPage(code: ErrorCode): string {
  const e = ERROR_CATALOGUE[code];
  const text = escapeHtml(e.description).replace(/`([^`]*)`/g, '<code>$1</code>');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(code)}: ${escapeHtml(e.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; line-height: 1.5">
<h1>${escapeHtml(e.title)}</h1>
<p><code>${escapeHtml(code)}</code> &middot; HTTP ${e.status}</p>
<p>${text}</p>
<p>The full API: <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</p>
</body></html>
`;
}

/** Mounts GET /, GET /openapi.json and GET /errors/:code on `router`; the document is built once. */
export function mountSelfDescription(router: Router, config: DocumentedBounds): void {
  const document = JSON.stringify(openApiDocument(config));
  const index: Middleware = async (ctx) => {
    ctx.body = { name: 'tempo', version: packageVersion(), openapi: OPENAPI_PATH, settings_page: SETTINGS_PAGE_PATH, errors: ERROR_TYPE_BASE };
  };
  const openapi: Middleware = async (ctx) => {
    ctx.type = 'application/json';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = document;
  };
  const error: Middleware = async (ctx) => {
    const code = BY_SLUG.get(ctx.params.code ?? '');
    if (code === undefined) throw new ApiError('NOT_FOUND', `no error code is called that; the codes are listed in ${OPENAPI_PATH}`);
    const e = ERROR_CATALOGUE[code];
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = { code, title: e.title, status: e.status, description: e.description };
    } else {
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      ctx.body = errorPage(code);
    }
  };
  router.get('/', index);
  router.get(OPENAPI_PATH, openapi);
  router.get(`${ERROR_TYPE_BASE}:code`, error);
}
