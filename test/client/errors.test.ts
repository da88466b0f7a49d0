// Every error class of the client, each produced by the real condition that causes it on a real
// Tempo server (SQLite in a temp dir, 127.0.0.1), plus the mapping rules seen end to end.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import {
  TempoClient, TempoError, APIError, AuthenticationError, ApiKeyInvalidError, ApiKeyInactiveError, ApiKeyExpiredError,
  RequestInvalidError, ModelNotAvailableError, ForecastAlreadyRunningError, UsageLimitError, ServiceUnavailableError,
  InternalServerError, TimeoutError, AbortError,
} from '@tempo-forecast/client';
import { createComputePool } from '../../src/compute/pool.js';
import { ERROR_CATALOGUE } from '../../src/common/codes.js';
import { buildTrappingCore } from '../compute/trapping-core.js';
import { seasonal, startHarness, type Harness } from '../server/harness.js';
import { recordingFetch, rejectionOf } from './helpers.js';
import { waitFor } from '../support/wait.js';

let h: Harness;
beforeAll(async () => { h = await startHarness(); });
afterAll(async () => { await h.close(); });

const small = { series: [3, 4, 5, 4, 3, 4, 5, 4], horizon: 2 };

function client(apiKey: string, extra: Partial<ConstructorParameters<typeof TempoClient>[0]> = {}) {
  return new TempoClient({ apiKey, baseUrl: h.url, maxRetries: 0, ...extra });
}

/** Checks what every API error carries: status and code from the catalogue, request id, detail, problem body. */
function expectApiError(err: unknown, Cls: new (...a: never[]) => APIError, code: keyof typeof ERROR_CATALOGUE) {
  expect(err).toBeInstanceOf(Cls);
  expect(err).toBeInstanceOf(APIError);
  expect(err).toBeInstanceOf(TempoError);
  const e = err as APIError;
  expect(e.name).toBe(Cls.name);
  expect(e.code).toBe(code);
  expect(e.status).toBe(ERROR_CATALOGUE[code].status);
  expect(e.requestId).toMatch(/^[A-Za-z0-9._-]+$/);
  expect(e.requestId).toBe(e.headers['x-request-id']);
  expect(e.detail!.length).toBeGreaterThan(10);
  expect(e.message).toContain(e.detail!);
  expect(e.message).toContain(e.requestId!);
  expect(e.body).toMatchObject({ code, request_id: e.requestId, title: ERROR_CATALOGUE[code].title });
  expect(e.attempts).toBe(1);
  return e;
}

describe('authentication errors', () => {
  it('ApiKeyInvalidError for an unknown key, an AuthenticationError, with the challenge header kept', async () => {
    const real = await h.key();
    // same shape, one character changed: fails the checksum, i.e. a typo
    const typo = real.fullKey.slice(0, -1) + (real.fullKey.endsWith('a') ? 'b' : 'a');
    const e = expectApiError(await rejectionOf(client(typo).validate()), ApiKeyInvalidError, 'API_KEY_INVALID');
    expect(e).toBeInstanceOf(AuthenticationError);
    expect(e.headers['www-authenticate']).toContain('invalid_token');
    expectApiError(await rejectionOf(client('not-a-key').forecast(small)), ApiKeyInvalidError, 'API_KEY_INVALID');
  });

  it('ApiKeyInactiveError for a disabled key', async () => {
    const k = await h.key();
    const c = client(k.fullKey);
    expect((await c.validate()).status).toBe('active');
    await h.store.setKeyStatus(k.keyId, 'inactive');
    const e = expectApiError(await rejectionOf(c.forecast(small)), ApiKeyInactiveError, 'API_KEY_INACTIVE');
    expect(e).toBeInstanceOf(AuthenticationError);
  });

  it('ApiKeyExpiredError for a key whose expiry has passed', async () => {
    const k = await h.key({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    const e = expectApiError(await rejectionOf(client(k.fullKey).validate()), ApiKeyExpiredError, 'API_KEY_EXPIRED');
    expect(e).toBeInstanceOf(AuthenticationError);
  });
});

describe('request and model errors', () => {
  it('RequestInvalidError with the server\'s errors[] for a malformed body', async () => {
    const k = await h.key();
    // the client sends a series of missing values only: the server refuses it, and the horizon
    const bad = { series: [null, null, null], horizon: 5000 };
    const e = expectApiError(await rejectionOf(client(k.fullKey).forecast(bad)), RequestInvalidError, 'REQUEST_INVALID');
    const pointers = e.errors.map((x) => x.pointer);
    expect(pointers).toContain('/series');
    expect(pointers).toContain('/horizon');
    // a value that is not a number never leaves the client
    expect(await rejectionOf(client(k.fullKey).forecast({ series: [1, 'two', 3] as unknown as number[], horizon: 2 }))).toBeInstanceOf(TypeError);
    for (const x of e.errors) expect(typeof x.detail).toBe('string');
  });

  it('ModelNotAvailableError for an unknown model, whose detail points to the settings page', async () => {
    const k = await h.key();
    const c = client(k.fullKey, { model: 'no-such-model' });
    const e = expectApiError(await rejectionOf(c.forecast(small)), ModelNotAvailableError, 'MODEL_NOT_AVAILABLE');
    expect(e.detail).toContain('/platform/settings/models');
    // the same client works once the call names a model the organization has
    expect((await c.forecast(small, { model: 'tempo' })).forecast).toHaveLength(small.horizon);
  });
});

describe('limit errors', () => {
  it('UsageLimitError with retryAfter, violatedPolicies and rate-limit state on a quota of 1', async () => {
    // one per minute and per hour, so a window rolling over mid-test cannot readmit the key
    const k = await h.key({ rateLimitPerMinute: 1, rateLimitPerHour: 1 });
    const c = client(k.fullKey);
    const ok = await c.forecast(small);
    expect(ok.rateLimit).toMatchObject({ limit: 1, remaining: 0 });
    const e = expectApiError(await rejectionOf(c.forecast(small)), UsageLimitError, 'API_USAGE_LIMIT') as UsageLimitError;
    expect(e.violatedPolicies.length).toBeGreaterThan(0);
    for (const p of e.violatedPolicies) expect(['minute', 'hour']).toContain(p);
    expect(e.retryAfter).toBe((e.body as { retry_after: number }).retry_after);
    expect(e.retryAfter).toBeGreaterThanOrEqual(1);
    expect(e.rateLimit).toMatchObject({ limit: 1, remaining: 0 });
    expect(e.rateLimit!.policies.map((p) => p.name).sort()).toEqual(['hour', 'minute']);
    expect(c.lastRateLimit).toEqual(e.rateLimit);
  });

  it('ForecastAlreadyRunningError for a second forecast of the same key while one runs', async () => {
    const k = await h.key();
    const c = client(k.fullKey);
    // the longest series allowed, so the first fit outlasts the second request's arrival
    const long = { series: seasonal(10_000), horizon: 24 };
    const outcomes = await Promise.allSettled([c.forecast(long), c.forecast(long)]);
    const done = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(done).toHaveLength(1);
    expect(refused).toHaveLength(1);
    const e = expectApiError(refused[0]!.reason, ForecastAlreadyRunningError, 'FORECAST_ALREADY_RUNNING');
    expect(e.retryAfter).toBe(Number(e.headers['retry-after']));
    expect(e.retryAfter).toBeGreaterThan(0);
  });
});

describe('server-side failures', () => {
  it('ServiceUnavailableError with retryAfter when a forecast runs past the server\'s time limit', async () => {
    const t = await startHarness({ config: { forecastTimeoutMs: 1 } });
    try {
      const k = await t.key();
      const c = new TempoClient({ apiKey: k.fullKey, baseUrl: t.url, maxRetries: 0 });
      const err = await rejectionOf(c.forecast({ series: seasonal(10_000), horizon: 100 }));
      const e = expectApiError(err, ServiceUnavailableError, 'SERVICE_UNAVAILABLE');
      expect(e.retryAfter).toBe(Number(e.headers['retry-after']));
    } finally {
      await t.close();
    }
  });

  it('InternalServerError when the core traps, retried like any 5xx', async () => {
    const pool = createComputePool({ workers: 1, timeoutMs: 30_000, wasmPath: buildTrappingCore() });
    const t = await startHarness({ pool });
    try {
      const k = await t.key();
      const rec = recordingFetch();
      const c = new TempoClient({ apiKey: k.fullKey, baseUrl: t.url, maxRetries: 1, backoffBaseMs: 1, fetch: rec.fetch });
      // the fixture core aborts on a 13-value series
      const err = await rejectionOf(c.forecast({ series: new Array(13).fill(2), horizon: 2 }));
      expect(err).toBeInstanceOf(InternalServerError);
      expect((err as APIError).code).toBe('INTERNAL_ERROR');
      expect((err as APIError).attempts).toBe(2);
      expect(rec.exchanges.map((x) => x.status)).toEqual([500, 500]);
    } finally {
      await t.close();
      await pool.close();
    }
  });
});

describe('timeouts and abort against a running forecast', () => {
  it('TimeoutError when one attempt outlives a tiny per-call timeout on a 10,000-point forecast', async () => {
    const k = await h.key();
    const c = client(k.fullKey);
    const err = await rejectionOf(c.forecast({ series: seasonal(10_000), horizon: 48 }, { timeout: 5 }));
    expect(err).toBeInstanceOf(TimeoutError);
    expect(err).toBeInstanceOf(TempoError);
    expect(err).not.toBeInstanceOf(APIError);
    expect((err as TimeoutError).timeoutMs).toBe(5);
    expect((err as TimeoutError).attempts).toBe(1);
    expect((err as Error).message).toContain(`${h.url}/tempo/v1/forecast`);
  });

  it('AbortError, not TimeoutError, when the caller aborts mid-forecast; the reason is the cause', async () => {
    const k = await h.key();
    const c = client(k.fullKey, { maxRetries: 2 });
    const rec = recordingFetch();
    const ac = new AbortController();
    const reason = new Error('user navigated away');
    const call = new TempoClient({ apiKey: k.fullKey, baseUrl: h.url, fetch: rec.fetch }).forecast({ series: seasonal(10_000), horizon: 48 }, { signal: ac.signal });
    // abort once the server is computing it: mid-forecast, not before the request left
    await waitFor('the forecast computing', () => h.server.tempo.inFlight() > 0, 10_000, 5);
    ac.abort(reason);
    const err = await rejectionOf(call);
    expect(err).toBeInstanceOf(AbortError);
    expect((err as AbortError).name).toBe('AbortError');
    expect((err as AbortError).cause).toBe(reason);
    // no retry follows an abort
    expect(rec.exchanges.length).toBeLessThanOrEqual(1);
    // an already-aborted signal sends nothing at all
    const pre = await rejectionOf(c.forecast(small, { signal: AbortSignal.abort(reason) }));
    expect(pre).toBeInstanceOf(AbortError);
    expect((pre as AbortError).attempts).toBe(0);
  });
});
