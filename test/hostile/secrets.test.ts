// Every way the hostile reviews got a key out of the server, tried again: pipelined malformed
// requests, bad chunk sizes, key-named fields at every depth, key-shaped request ids, paths and Host
// headers, a CLI's CSV cells; then a property test that puts pieces and variants of real keys in
// every place a caller controls, on every route, at debug level. No 8-character piece of a secret
// may show, in an answer, a header or a log line; and the scan itself must catch a planted leak.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../server/harness.js';
import { cli } from '../cli/in-process.js';
import { findLeaks, holdsPiece, recordLogLine, recordOutput, scanRecord, secretPieces, withoutContractEchoes } from '../support/secret-scan.js';
import { makeKeys, startChild, type ChildServer } from './child-server.js';
import { rawExchange, requestBytes } from './raw-http.js';

let h: Harness;
let key: string;
// a second real key, the one "pasted" into requests: its secret is searched for too
let pasted: string;
const secretOf = (k: string) => k.split('-')[2];

beforeAll(async () => {
  h = await startHarness({ config: { logLevel: 'debug', failedAuthPerMinute: 0 } });
  key = (await h.key({ rateLimitPerMinute: 100_000, rateLimitPerHour: 1_000_000 })).fullKey;
  pasted = (await h.key()).fullKey;
});
afterAll(async () => { await h.close(); });

/** The texts (described by index) that hold an 8-character piece of either key's secret. */
function leaking(texts: string[]): number[] {
  const pieces = secretPieces([secretOf(key), secretOf(pasted)]);
  return texts.flatMap((t, i) => (holdsPiece(t, pieces) ? [i] : []));
}

function expectNowhere(texts: string[]) {
  expect(leaking(texts)).toEqual([]);
}

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => fetch(`${h.url}${path}`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

const series = Array.from({ length: 24 }, (_, i) => 10 + (i % 12));

describe('no secret leaves the process', () => {
  it('a malformed request pipelined behind a valid one is answered 400 and logged without its bytes', async () => {
    const valid = requestBytes('GET', '/tempo/v1/validate', [['Authorization', `Bearer ${key}`]]);
    const bad = `POST /tempo/v1/forecast HTTP/1.1\r\nAuthorization: Bearer ${key}\r\nContent-Length: 5\r\nno colon here\r\n\r\n`;
    const out = await rawExchange(h.url, Buffer.concat([valid, Buffer.from(bad)]));
    expect(out.responses.map((r) => r.status)).toEqual([200, 400]);
    expect(out.responses[1].headers.get('content-type')).toBe('application/problem+json');
    expectNowhere([out.raw, ...h.logLines]);
    expect(h.logLines.some((l) => l.includes('refused a malformed request'))).toBe(true);
  });

  it('a bad chunk size with the key behind it is answered 400 and logged without its bytes', async () => {
    const head = requestBytes('POST', '/tempo/v1/forecast', [['Authorization', `Bearer ${key}`], ['Content-Type', 'application/json'], ['Transfer-Encoding', 'chunked']]);
    const out = await rawExchange(h.url, Buffer.concat([head, Buffer.from(`xyz\r\n${key}\r\n0\r\n\r\n`)]));
    expect(out.responses.map((r) => r.status)).toEqual([400]);
    expectNowhere([out.raw, ...h.logLines]);
  });

  it('an oversized header block is answered 431', async () => {
    const out = await rawExchange(h.url, requestBytes('GET', '/healthz', [['Authorization', `Bearer ${key}`], ['X-Pad', 'p'.repeat(40_000)]]));
    expect(out.responses.map((r) => r.status)).toEqual([431]);
    expectNowhere([out.raw, ...h.logLines]);
  });

  it('an unknown field\'s name is withheld from pointers and details, a key\'s or a plain one', async () => {
    const res = await h.forecast(key, `{"series":[1,2,3],"horizon":1,"${key}":1}`);
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(JSON.parse(text).errors[0]).toMatchObject({ pointer: '', detail: expect.stringContaining('withheld') });
    expectNowhere([text]);
    const plain = await (await h.forecast(key, { series: [1, 2, 3], horizon: 1, colour: 1 })).json();
    expect(plain.errors[0]).toMatchObject({ pointer: '', detail: expect.stringContaining('withheld') });
    const long = await (await h.forecast(key, { series: [1, 2, 3], horizon: 1, sk_live_Zq3v9Pp2Lk8Hx7Ww: 1 })).json();
    expect(JSON.stringify(long)).not.toContain('Zq3v9Pp2Lk8Hx7Ww');
  });

  it('a key-shaped or random-looking X-Request-Id is replaced, in the header, body and log', async () => {
    for (const id of [key, secretOf(key), `trace-${secretOf(key).slice(0, 40)}`]) {
      const res = await h.forecast(null, { series: [1], horizon: 1 }, { headers: { 'X-Request-Id': id } });
      expect(res.headers.get('x-request-id')).toMatch(/^req_/);
      expectNowhere([await res.text()]);
    }
    expectNowhere(h.logLines);
  });

  it('a key pasted into the path is not echoed', async () => {
    const res = await fetch(`${h.url}/${key}/v1/forecast`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: '{}' });
    expectNowhere([await res.text(), ...h.logLines]);
  });

  it('the scan finds a leak when one is planted (so a clean scan means something), down to 8 characters', async () => {
    const before = scanRecord().outputs.length;
    recordLogLine(`{"level":30,"msg":"oops ${key}"}`);
    expect((await findLeaks()).length).toBeGreaterThan(0);
    scanRecord().outputs.splice(before);
    recordLogLine(`{"level":30,"msg":"a piece: -${secretOf(key).slice(17, 25)}-"}`);
    expect((await findLeaks()).length).toBeGreaterThan(0);
    scanRecord().outputs.splice(before);
    recordLogLine(`{"level":30,"msg":"seven: -${secretOf(key).slice(17, 24)}-"}`);
    expect(await findLeaks()).toEqual([]);
    scanRecord().outputs.splice(before);
    expect(await findLeaks()).toEqual([]);
  });
});

// Each finding of the second hostile round, as it was found: these failed before the one validator
// and the caller-text rule (src/common/caller-text.ts).
describe('the second round\'s findings', () => {
  it('cross-validation and anomalies withhold unknown field names, pointer and detail', async () => {
    for (const [path, body] of [['/tempo/v1/cross-validation', { series, horizon: 2 }], ['/tempo/v1/anomalies', { series }]] as const) {
      const res = await post(path, { ...body, [pasted]: 1, [secretOf(pasted)]: 2, nested: { [secretOf(key)]: 3 } });
      const text = await res.text();
      expect(res.status, path).toBe(400);
      expectNowhere([text]);
      expect(JSON.parse(text).errors).toEqual([{ pointer: '', detail: expect.stringMatching(/^the body has 3 unknown fields \(their names are withheld/) }]);
    }
  });

  it('cross-validation and anomalies refuse a crowded body with one error, and cap the errors at 20', async () => {
    const many = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`f${i}`, i]));
    for (const [path, body] of [['/tempo/v1/cross-validation', { series, horizon: 2 }], ['/tempo/v1/anomalies', { series }]] as const) {
      const crowded = await post(path, { ...body, ...many });
      const text = await crowded.text();
      expect(crowded.status, path).toBe(400);
      expect(JSON.parse(text).errors).toEqual([{ pointer: '', detail: expect.stringMatching(/more than 100 fields/) }]);
      expect(text.length).toBeLessThan(2000);
      const bad = await post(path, { ...body, series: Array(500).fill('x') });
      const errors = (await bad.json()).errors as unknown[];
      expect(errors).toHaveLength(20);
    }
  });

  it('POST /v1/models withholds unknown names at every depth and a refused name\'s value', async () => {
    const training = { horizon: 2, series: [{ id: 'a', values: series, [secretOf(key)]: 1 }], [secretOf(pasted)]: 1 };
    const res = await post('/v1/models', { name: 'ok-name', training, [pasted]: 1 });
    const text = await res.text();
    expect(res.status).toBe(400);
    expectNowhere([text]);
    expect(JSON.parse(text).errors.map((e: { pointer: string }) => e.pointer)).toEqual(['', '/training', '/training/series/0']);
    const named = await post('/v1/models', { name: secretOf(pasted), training: { horizon: 2, series: [{ id: 'a', values: series }] } });
    const namedText = await named.text();
    expect(named.status).toBe(400);
    expect(JSON.parse(namedText).errors[0].pointer).toBe('/name');
    expectNowhere([namedText]);
  });

  it('a Host header is not echoed in the MODEL_NOT_AVAILABLE link', async () => {
    const out = await rawExchange(h.url, requestBytes('POST', '/no-such-model/v1/forecast', [
      ['Host', `${secretOf(pasted).slice(0, 40)}.example:80`], ['Authorization', `Bearer ${key}`], ['Content-Type', 'application/json'], ['Connection', 'close'],
    ], JSON.stringify({ series, horizon: 2 })));
    expect(out.responses[0].status).toBe(404);
    expectNowhere([out.raw]);
    expect(JSON.parse(out.responses[0].body).detail).toContain(`${h.url}/platform/settings/models`);
  });

  it('at debug level, a secret in the path is not logged, whatever its form', async () => {
    const before = h.logLines.length;
    for (const seg of [`x${secretOf(pasted)}`, secretOf(pasted), `tempo_${secretOf(pasted)}`, `${secretOf(key).slice(0, 20)}-${secretOf(key).slice(20, 40)}`]) {
      const res = await post(`/${seg}/v1/forecast`, { series, horizon: 2 });
      expect(res.status).toBe(404);
      expectNowhere([await res.text()]);
    }
    expect(h.logLines.slice(before).some((l) => l.includes('request started'))).toBe(true);
    expectNowhere(h.logLines.slice(before));
  });

  it('a request id or a path segment of up to 31 characters of a secret is not kept', async () => {
    const piece = secretOf(pasted).slice(0, 31);
    const res = await fetch(`${h.url}/healthz`, { headers: { 'X-Request-Id': piece } });
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    const path = await post(`/${piece}/v1/forecast`, { series, horizon: 2 });
    const text = await path.text();
    expect(JSON.parse(text).instance).toBe('/…/v1/forecast');
    expectNowhere([text, ...h.logLines]);
  });

  it('tempo forecast --server names a bad cell or series id without repeating it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tempo-secret-cli-'));
    const rows = (id: string, ys: Array<string | number>) => ys.map((y, i) => `${id},2024-01-${String(i + 1).padStart(2, '0')},${y}`);
    const files = {
      cell: ['unique_id,ds,y', ...rows('a', [1, 2, secretOf(pasted), 4])],
      apart: ['unique_id,ds,y', ...rows(secretOf(pasted), [1, 2]), ...rows('b', [1, 2]), ...rows(secretOf(pasted), [3])],
      refused: ['unique_id,ds,y', ...rows(secretOf(pasted), [1.7e308, -1.7e308, 1.7e308, -1.7e308, 1.7e308])],
    };
    for (const [name, lines] of Object.entries(files)) {
      const file = join(dir, `${name}.csv`);
      writeFileSync(file, `${lines.join('\n')}\n`);
      const run = await cli(['forecast', '--file', file, '--server', h.url, '--horizon', '2', '--out', join(dir, `${name}.out.csv`)], { TEMPO_API_KEY: key });
      recordOutput(`tempo forecast --server (${name})`, run.stdout + run.stderr);
      expect(run.code, `${name}: ${run.stderr}`).not.toBe(0);
      expectNowhere([run.stdout, run.stderr]);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The property: key-shaped strings in every place a caller controls, on every route.

let child: ChildServer;
let authKey: string;
let pastedKeys: string[];

beforeAll(async () => {
  const made = await makeKeys(3);
  [authKey, ...pastedKeys] = made.keys;
  child = await startChild(made.dataDir, { TEMPO_LOG_LEVEL: 'debug', TEMPO_FAILED_AUTH_PER_MINUTE: '0' });
});
afterAll(async () => { await child?.stop(); });

// the routes of the server (the app's own list is checked against this one below), with a body each
const ROUTES: Array<{ method: string; path: string }> = [
  { method: 'POST', path: '/tempo/v1/forecast' },
  { method: 'POST', path: '/tempo/v1/forecast/batch' },
  { method: 'POST', path: '/tempo/v1/cross-validation' },
  { method: 'POST', path: '/tempo/v1/cross-validation/batch' },
  { method: 'POST', path: '/tempo/v1/anomalies' },
  { method: 'GET', path: '/tempo/v1/validate' },
  { method: 'GET', path: '/v1/models' },
  { method: 'POST', path: '/v1/models' },
  { method: 'GET', path: '/v1/models/{name}' },
  { method: 'DELETE', path: '/v1/models/{name}' },
  { method: 'POST', path: '/tempo/v1/jobs' },
  { method: 'GET', path: '/v1/jobs' },
  { method: 'GET', path: '/v1/jobs/{id}' },
  { method: 'GET', path: '/v1/jobs/{id}/results' },
  { method: 'DELETE', path: '/v1/jobs/{id}' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
  { method: 'GET', path: '/metrics' },
  { method: 'GET', path: '/' },
  { method: 'GET', path: '/openapi.json' },
  { method: 'GET', path: '/errors/{code}' },
  { method: 'GET', path: '/platform/settings/models' },
  { method: 'GET', path: '/platform/assets/{version}/{file}' },
  { method: 'PUT', path: '/no/such/{thing}' },
];

/** Strings shaped from a real key: whole, its secret, pieces of it, and variants of both. */
function secretish(k: string): fc.Arbitrary<string> {
  const s = secretOf(k);
  const piece = fc.integer({ min: 0, max: s.length - 8 }).chain((a) => fc.integer({ min: a + 8, max: s.length }).map((b) => s.slice(a, b)));
  return fc.oneof(
    fc.constant(k),
    fc.constant(s),
    piece,
    piece.map((p) => p.toUpperCase()),
    piece.map((p) => p.toLowerCase()),
    piece.map((p) => `x${p}.y`),
    fc.constant(`tempo_${s}`),
    fc.constant(`${k.split('-')[1]}${s}`),
    fc.constant(s.match(/.{1,10}/g)!.join('-')),
    fc.constant(`${s}${s}`),
  );
}

type Place =
  | 'name-top' | 'name-deep' | 'name-series' | 'value-string' | 'value-number-slot' | 'value-id' | 'value-name'
  | 'header-host' | 'header-request-id' | 'header-other' | 'header-content-type' | 'header-auth'
  | 'path-model' | 'path-segment' | 'path-encoded' | 'query' | 'gzip' | 'ndjson' | 'raw-body';

const PLACES: Place[] = ['name-top', 'name-deep', 'name-series', 'value-string', 'value-number-slot', 'value-id', 'value-name',
  'header-host', 'header-request-id', 'header-other', 'header-content-type', 'header-auth',
  'path-model', 'path-segment', 'path-encoded', 'query', 'gzip', 'ndjson', 'raw-body'];

// a plausible body for the route, with `s` put where `place` says
function bodyFor(path: string, place: Place, s: string): unknown {
  const values = [3, 5, 4, 6, 5, 7];
  const put = (o: Record<string, unknown>) => {
    if (place === 'name-top') o[s] = 1;
    if (place === 'name-deep') o.extra = { inner: [{ [s]: true }] };
    return o;
  };
  const item = (): Record<string, unknown> => {
    const it: Record<string, unknown> = { id: place === 'value-id' ? s : 'a', values: place === 'value-number-slot' ? [3, s, 4] : values };
    if (place === 'name-series') it[s] = 1;
    if (place === 'value-string') it.timestamps = ['2024-01-01', s, '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06'];
    return it;
  };
  if (path.endsWith('/forecast/batch') || path.endsWith('/v1/jobs')) return put({ horizon: 2, series: [item(), { id: 'b', values }], ...(place === 'value-string' ? { freq: s } : {}) });
  if (path === '/v1/models') {
    // never long enough to tune on: a valid name must not start a tuning in the background
    return put({ name: place === 'value-name' ? s : 'ok-name', ...(place === 'value-string' ? { base: s } : {}), training: { horizon: 2, series: [item()], ...(place === 'name-series' ? { [s]: 1 } : {}) } });
  }
  const b: Record<string, unknown> = { series: place === 'value-number-slot' ? [3, s, 4] : values };
  if (!path.endsWith('/anomalies')) b.horizon = place === 'value-name' ? s : 2;
  if (place === 'value-string') b.freq = s;
  if (place === 'value-id') b.timestamps = [s];
  if (place === 'name-series') b.level = [{ [s]: 1 }];
  return put(b);
}

interface Built { bytes: Buffer; describe: string }

function build(route: { method: string; path: string }, place: Place, s: string, auth: string): Built {
  // a job id holds the string under test where a model name would
  let path = route.path.replace('{name}', 'some-model').replace('{id}', 'job_some-model').replace('{code}', 'request-invalid').replace('{version}', 'v').replace('{file}', 'f.js').replace('{thing}', 'x');
  if (place === 'path-model') path = path.startsWith('/tempo/') ? path.replace('/tempo/', `/${s}/`) : path.replace('some-model', s);
  if (place === 'path-segment') path = `${path}/${s}`;
  if (place === 'path-encoded') path = `/${[...s].map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`).join('')}${path}`;
  if (place === 'query') path = `${path}?${s}=1&q=${s}`;
  const headers: Array<[string, string]> = [['Authorization', `Bearer ${place === 'header-auth' ? s : auth}`]];
  if (place === 'header-host') headers.push(['Host', `${s}.example:80`]);
  if (place === 'header-request-id') headers.push(['X-Request-Id', s]);
  if (place === 'header-other') headers.push(['X-Forwarded-For', s], ['Accept', `application/${s}`], ['Content-Encoding', s]);
  let body: Buffer | undefined;
  if (route.method === 'POST' || route.method === 'PUT') {
    const json = Buffer.from(JSON.stringify(bodyFor(route.path, place, s)));
    if (place === 'gzip') {
      body = gzipSync(Buffer.from(JSON.stringify(bodyFor(route.path, 'name-top', s))));
      headers.push(['Content-Encoding', 'gzip'], ['Content-Type', 'application/json']);
    } else if (place === 'ndjson') {
      body = Buffer.from(`{"id":"${s}","values":[1,2,3]}\n{"${s}":1}\n`);
      headers.push(['Content-Type', 'application/x-ndjson']);
    } else if (place === 'raw-body') {
      body = Buffer.from(`{"series": [${s}], "${s}`);
      headers.push(['Content-Type', 'application/json']);
    } else {
      body = json;
      headers.push(['Content-Type', place === 'header-content-type' ? `application/json; charset=${s}; x=${s}` : 'application/json']);
    }
  } else if (place === 'header-content-type') headers.push(['Content-Type', `text/${s}`]);
  headers.push(['Connection', 'close']);
  return { bytes: requestBytes(route.method, path, headers, body), describe: `${route.method} ${route.path}, ${place}` };
}

describe('no piece of a secret anywhere, on every route (property)', () => {
  it('lists every route the server has', async () => {
    const { paths } = await (await fetch(`${child.url}/openapi.json`)).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p.replace('/{model}/', '/tempo/').replace('/platform/assets/{version}/{dir}/{file}', '/platform/assets/{version}/{file}')}`));
    const sent = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
    expect(documented.filter((r) => !sent.has(r))).toEqual([]);
  });

  it('sends key-shaped strings in every place a caller controls; no 8 characters of a secret come back or reach a log line', async () => {
    const pieces = secretPieces([authKey, ...pastedKeys].map(secretOf));
    const seen = new Set<string>();
    await fc.assert(fc.asyncProperty(
      fc.constantFrom(...ROUTES), fc.constantFrom(...PLACES), fc.nat({ max: pastedKeys.length - 1 }).chain((i) => secretish(pastedKeys[i])),
      async (route, place, s) => {
        const { bytes, describe: what } = build(route, place, s, authKey);
        seen.add(`${route.method} ${route.path}`);
        seen.add(place);
        const out = await rawExchange(child.url, bytes, { timeoutMs: 20_000 });
        expect(out.responses.length, what).toBeGreaterThan(0);
        for (const r of out.responses) {
          expect(r.status, `${what}: ${r.body.slice(0, 200)}`).toBeLessThan(500);
          const { head, body } = withoutContractEchoes(r.status, r.headers, r.body);
          expect(holdsPiece(`${head}\n${body}`, pieces), `${what} answered ${r.status} with a piece of a secret`).toBe(false);
        }
      },
    ), { numRuns: 600, seed: 20261124 });
    // every route and every place was tried at least once
    expect(ROUTES.filter((r) => !seen.has(`${r.method} ${r.path}`))).toEqual([]);
    expect(PLACES.filter((p) => !seen.has(p))).toEqual([]);
    // the log lines of every request, the access line and the debug line included
    await new Promise((r) => setTimeout(r, 500));
    expect(child.logs.filter((l) => l.includes('"request started"')).length).toBeGreaterThan(500);
    expect(child.logs.filter((l) => holdsPiece(l, pieces)).length).toBe(0);
  });

  it('sends key-shaped strings in every cell of a CSV to tempo forecast --server; no piece comes back in its output', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tempo-secret-csv-'));
    const pieces = secretPieces(pastedKeys.map(secretOf));
    let n = 0;
    await fc.assert(fc.asyncProperty(
      fc.constantFrom('id', 'ds', 'y', 'header', 'apart'), secretish(pastedKeys[0]),
      async (where, s) => {
        const good = (id: string) => [1, 2, 3, 4, 5, 6].map((y, i) => [id, `2024-01-0${i + 1}`, String(y)]);
        let rows = [['unique_id', 'ds', 'y'], ...good('a'), ...good('b')];
        if (where === 'id') rows = rows.map((r, i) => (i >= 1 && i <= 6 ? [s, r[1], r[2]] : r));
        if (where === 'ds') rows[3][1] = s;
        if (where === 'y') rows[4][2] = s;
        if (where === 'header') rows[0] = ['unique_id', s, 'y'];
        if (where === 'apart') rows = [rows[0], [s, '2024-01-01', '1'], ...good('b'), [s, '2024-01-02', '2']];
        const file = join(dir, `in${n++}.csv`);
        writeFileSync(file, `${rows.map((r) => r.map((c) => JSON.stringify(c)).join(',')).join('\n')}\n`);
        const run = await cli(['forecast', '--file', file, '--server', child.url, '--horizon', '2', '--out', join(dir, `out${n}.csv`)], { TEMPO_API_KEY: authKey });
        recordOutput(`tempo forecast --server (${where})`, run.stdout + run.stderr);
        expect(holdsPiece(run.stdout + run.stderr, pieces), `${where}: ${run.stderr.slice(0, 300)}`).toBe(false);
      },
    ), { numRuns: 60, seed: 20261125 });
  });
});
