// Error answers over real HTTP: every code of the error catalogue, problem+json shape, request ids, and
// the order of checks on forecast.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { ERROR_CATALOGUE, errorType } from '../../src/common/codes.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
let key: string;
let keyId: string;

beforeAll(async () => {
  h = await startHarness({ config: { bounds: { maxSeriesLength: 100, maxHorizon: 1000, bodyLimitBytes: 4096, maxLevels: 10 } } });
  ({ fullKey: key, keyId } = await h.key({ rateLimitPerMinute: 1000, rateLimitPerHour: 10_000 }));
});
afterAll(async () => { await h.close(); });

async function problem(res: Response, code: keyof typeof ERROR_CATALOGUE, status: number = ERROR_CATALOGUE[code].status) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const body = await res.json();
  expect(body).toMatchObject({
    type: errorType(code),
    title: ERROR_CATALOGUE[code].title,
    status,
    code,
    instance: new URL(res.url).pathname,
    request_id: res.headers.get('x-request-id'),
  });
  expect(typeof body.detail).toBe('string');
  expect(body.detail.length).toBeGreaterThan(10);
  return body;
}

const good = { series: [1, 2, 3, 4, 5, 6], horizon: 2 };

describe('authentication', () => {
  it('401 API_KEY_INVALID without a key, with WWW-Authenticate', async () => {
    const res = await h.forecast(null, good);
    await problem(res, 'API_KEY_INVALID');
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="tempo", error="invalid_token"');
  });

  it('401 API_KEY_INVALID for a malformed key, a bad checksum and a wrong secret', async () => {
    const flipped = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    const other = await h.key();
    // right key_id, secret and checksum of another key: parses, looks up, fails the hash
    const wrongSecret = key.slice(0, 'tempo-'.length + 16) + other.fullKey.slice('tempo-'.length + 16);
    for (const bad of ['nonsense', flipped, `Basic ${key}`, wrongSecret]) {
      const res = await fetch(`${h.url}/tempo/v1/validate`, { headers: { Authorization: bad.startsWith('Basic') ? bad : `Bearer ${bad}` } });
      const body = await problem(res, 'API_KEY_INVALID');
      expect(JSON.stringify(body)).not.toContain(bad.replace('Basic ', ''));
    }
  });

  it('401 API_KEY_INACTIVE for a disabled key and API_KEY_EXPIRED for an expired one', async () => {
    const disabled = await h.key();
    await h.store.setKeyStatus(disabled.keyId, 'inactive');
    await problem(await h.forecast(disabled.fullKey, good), 'API_KEY_INACTIVE');
    const expired = await h.key({ expiresAt: '2020-01-01T00:00:00Z' });
    const res = await h.forecast(expired.fullKey, good);
    await problem(res, 'API_KEY_EXPIRED');
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
  });
});

describe('models and paths', () => {
  it('404 MODEL_NOT_AVAILABLE for an unknown model and for another organization\'s model, alike', async () => {
    await h.store.createModel({ name: 'rivals-model', organizationId: 'rival', base: 'tempo', config: {} });
    const unknown = await problem(await h.forecast(key, good, { model: 'no-such-model' }), 'MODEL_NOT_AVAILABLE');
    const foreign = await problem(await h.forecast(key, good, { model: 'rivals-model' }), 'MODEL_NOT_AVAILABLE');
    expect(foreign.detail).toBe(unknown.detail);
    expect(unknown.detail).toContain(`${h.url}/platform/settings/models`);
    expect(foreign.detail).not.toContain('rival');
  });

  it('404 NOT_FOUND for an unknown path and 405 METHOD_NOT_ALLOWED with Allow', async () => {
    await problem(await fetch(`${h.url}/nothing/here`), 'NOT_FOUND');
    const res = await fetch(`${h.url}/tempo/v1/forecast`, { method: 'GET', headers: { Authorization: `Bearer ${key}` } });
    await problem(res, 'METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toContain('POST');
    const del = await fetch(`${h.url}/v1/models`, { method: 'DELETE' });
    await problem(del, 'METHOD_NOT_ALLOWED');
    expect(del.headers.get('allow')).toContain('GET');
  });
});

describe('request body', () => {
  it('400 for a missing field, with a pointer and a detail saying what to send', async () => {
    const body = await problem(await h.forecast(key, { series: [1, 2] }), 'REQUEST_INVALID');
    expect(body.errors).toEqual([{ pointer: '/horizon', detail: expect.stringContaining('horizon is required') }]);
  });

  it('400 pointing at each offending series element', async () => {
    const body = await problem(await h.forecast(key, { series: [1, 'x', null, true, [2]], horizon: 1 }), 'REQUEST_INVALID');
    expect(body.errors.map((e: { pointer: string }) => e.pointer)).toEqual(['/series/1', '/series/3', '/series/4']);
    expect(body.detail).toContain('series/1');
  });

  it('400 for out-of-bounds horizon, season_length and level, and for unknown fields', async () => {
    const cases: Array<[unknown, string]> = [
      [{ series: [1], horizon: 5000 }, '/horizon'],
      [{ series: [1], horizon: 0 }, '/horizon'],
      [{ series: [1], horizon: 1.5 }, '/horizon'],
      [{ series: [1], horizon: 1, season_length: 0 }, '/season_length'],
      [{ series: [1], horizon: 1, level: [100] }, '/level/0'],
      [{ series: [1], horizon: 1, level: [80, 80] }, '/level'],
      [{ series: [1], horizon: 1, level: [] }, '/level'],
      // an unknown name is not repeated: the error points at the object that holds it
      [{ series: [1], horizon: 1, extra: true }, ''],
      // a name the API uses elsewhere is (anomalies take a level of their own, not windows)
      [{ series: [1], horizon: 1, windows: 3 }, '/windows'],
      [{ series: [], horizon: 1 }, '/series'],
      [{ series: [null, null], horizon: 1 }, '/series'],
      [[1, 2, 3], ''],
    ];
    for (const [sent, pointer] of cases) {
      const body = await problem(await h.forecast(key, sent), 'REQUEST_INVALID');
      expect(body.errors.map((e: { pointer: string }) => e.pointer), JSON.stringify(sent)).toContain(pointer);
    }
    const horizon = await (await h.forecast(key, { series: [1], horizon: 5000 })).json();
    expect(horizon.detail).toBe('horizon must be an integer from 1 to 1000 (got 5000)');
  });

  it('400 for an all-null series says it needs a number, not that null is wrong', async () => {
    const body = await problem(await h.forecast(key, { series: [null, null, null], horizon: 1 }), 'REQUEST_INVALID');
    expect(body.errors).toEqual([{ pointer: '/series', detail: 'series must hold at least one number; null only marks missing values' }]);
    expect(body.detail).toBe('series must hold at least one number; null only marks missing values');
  });

  it('400 for a series longer than the bound and for a number JSON cannot hold', async () => {
    const long = await problem(await h.forecast(key, { series: new Array(101).fill(1), horizon: 1 }), 'REQUEST_INVALID');
    expect(long.errors).toEqual([{ pointer: '/series', detail: expect.stringContaining('1 to 100') }]);
    const huge = await problem(await h.forecast(key, '{"series": [1, 1e400], "horizon": 1}'), 'REQUEST_INVALID');
    expect(huge.errors[0].pointer).toBe('/series/1');
  });

  it('400 for unparseable JSON, 413 over the size limit, 415 for a non-JSON content type', async () => {
    const bad = await problem(await h.forecast(key, '{"series": [1,'), 'REQUEST_INVALID');
    expect(bad.errors).toBeUndefined();
    await problem(await h.forecast(key, JSON.stringify({ series: new Array(2000).fill(1.5), horizon: 1 })), 'REQUEST_INVALID', 413);
    await problem(await h.forecast(key, 'series=1', { headers: { 'Content-Type': 'text/plain' } }), 'REQUEST_INVALID', 415);
    // a charset parameter is still JSON
    const withCharset = await h.forecast(key, good, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    expect(withCharset.status).toBe(200);
  });

  it('never echoes a string the caller sent', async () => {
    const secretish = 'tempo-AAAAAAAAAAAAAAAA-' + 'z'.repeat(49);
    const res = await h.forecast(key, { series: [secretish], horizon: 1, [secretish]: 1 });
    const text = await res.text();
    expect(res.status).toBe(400);
    // neither the unknown field's name nor the string value is repeated, in a pointer or a detail
    expect(text).not.toContain(secretish.slice(-20));
    expect(JSON.parse(text).errors.map((e: { pointer: string }) => e.pointer)).toEqual(['', '/series/0', '/series']);
  });
});

describe('keys pasted into a path', () => {
  // the key id is not shown either: a segment shaped like a key may carry any secret where its id would be
  it('are withheld from the problem instance, key id and all', async () => {
    const res = await fetch(`${h.url}/${key}`);
    const text404 = await res.text();
    expect(res.status).toBe(404);
    expect(text404).not.toContain(key);
    expect(JSON.parse(text404)).toMatchObject({ code: 'NOT_FOUND', instance: '/…' });
    const model = await h.forecast(key, good, { model: key });
    const text = await model.text();
    expect(model.status).toBe(404);
    expect(text).not.toContain(key);
    expect(JSON.parse(text).instance).toBe('/…/v1/forecast');
  });
});

describe('order of checks on forecast', () => {
  it('a bad key with a bad body answers 401', async () => {
    await problem(await h.forecast('tempo-nope', '{bad'), 'API_KEY_INVALID');
  });

  it('an unknown model with a bad body answers 404 and counts nothing', async () => {
    const before = await h.limits.peek(keyId, 1000, 10_000);
    await problem(await h.forecast(key, '{bad', { model: 'missing' }), 'MODEL_NOT_AVAILABLE');
    const after = await h.limits.peek(keyId, 1000, 10_000);
    expect(after.windows[0].remaining).toBe(before.windows[0].remaining);
  });

  it('over quota with a bad body answers 429 before the body is read, and a bad body counts', async () => {
    const k = await h.key({ rateLimitPerMinute: 2, rateLimitPerHour: 100 });
    expect((await h.forecast(k.fullKey, good)).status).toBe(200);
    await problem(await h.forecast(k.fullKey, { series: 'nope', horizon: 1 }), 'REQUEST_INVALID');
    const res = await h.forecast(k.fullKey, '{bad');
    await problem(res, 'API_USAGE_LIMIT');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    const peek = await h.limits.peek(k.keyId, 2, 100);
    expect(peek.windows[1].remaining).toBe(98);
  });

  it('a disabled key with an unknown model answers 401 API_KEY_INACTIVE', async () => {
    const k = await h.key();
    await h.store.setKeyStatus(k.keyId, 'inactive');
    await problem(await h.forecast(k.fullKey, good, { model: 'missing' }), 'API_KEY_INACTIVE');
  });
});

describe('request ids', () => {
  it('keeps a safe inbound id and echoes it in header and body', async () => {
    const id = 'client.trace-01_A';
    const res = await h.forecast(null, good, { headers: { 'X-Request-Id': id } });
    expect(res.headers.get('x-request-id')).toBe(id);
    expect((await res.json()).request_id).toBe(id);
  });

  it('replaces an unsafe or overlong inbound id with a generated one', async () => {
    for (const bad of ['has space', 'x'.repeat(129), 'semi;colon']) {
      const res = await fetch(`${h.url}/healthz`, { headers: { 'X-Request-Id': bad } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9A-Z]{26}$/);
    }
    const a = await fetch(`${h.url}/healthz`);
    const b = await fetch(`${h.url}/healthz`);
    expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));
    // the longest id kept; one with a run of 8 letters could hold a piece of a secret and is replaced
    const longest = `${'ab-12345.'.repeat(14)}ab`;
    expect((await fetch(`${h.url}/healthz`, { headers: { 'X-Request-Id': longest } })).headers.get('x-request-id')).toBe(longest);
    expect((await fetch(`${h.url}/healthz`, { headers: { 'X-Request-Id': 'x'.repeat(128) } })).headers.get('x-request-id')).toMatch(/^req_/);
  });
});
