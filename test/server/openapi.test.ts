// The OpenAPI document: valid 3.1 by an independent validator, complete (every route the router
// answers is in it), true (real answers match its response schemas; the routes run its request
// schemas), and its problem types resolve.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { startHarness, type Harness } from './harness.js';
import { ERROR_CATALOGUE } from '../../src/common/codes.js';

let h: Harness;
let key: string;
let doc: { paths: Record<string, Record<string, unknown>>; components: { schemas: Record<string, object> } };

beforeAll(async () => {
  h = await startHarness();
  key = (await h.key()).fullKey;
  const res = await fetch(`${h.url}/openapi.json`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = await res.json();
});
afterAll(async () => { await h.close(); });

function schemaCheck(name: string) {
  const ajv = new Ajv({ strict: false });
  return ajv.compile(doc.components.schemas[name]);
}

describe('GET /openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(doc as Parameters<Validator['validate']>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect((doc as unknown as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('lists every route the server answers, with its methods', () => {
    const missing: string[] = [];
    for (const { path, methods } of h.server.tempo.routes()) {
      for (const m of methods) {
        if (doc.paths[path]?.[m.toLowerCase()] === undefined) missing.push(`${m} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('carries the request schema the server validates with, for this server\'s bounds', () => {
    const req = doc.components.schemas.ForecastRequest as { properties: { horizon: { maximum: number }; series: { maxItems: number } } };
    expect(req.properties.horizon.maximum).toBe(h.config.bounds.maxHorizon);
    expect(req.properties.series.maxItems).toBe(h.config.bounds.maxSeriesLength);
  });

  it('describes real answers: a forecast, a validation failure, a key check, the model list', async () => {
    const ok = await h.forecast(key, { series: [1, 2, 3, 4, 5, 6, 7, 8], horizon: 2, level: [95] });
    expect(ok.status).toBe(200);
    const okCheck = schemaCheck('ForecastResponse');
    expect(okCheck(await ok.json()), JSON.stringify(okCheck.errors)).toBe(true);

    const bad = await h.forecast(key, { series: [1], horizon: 0 });
    expect(bad.status).toBe(400);
    const problem = schemaCheck('Problem');
    expect(problem(await bad.json()), JSON.stringify(problem.errors)).toBe(true);

    const auth = { headers: { Authorization: `Bearer ${key}` } };
    const validate = schemaCheck('ValidateResponse');
    expect(validate(await (await fetch(`${h.url}/tempo/v1/validate`, auth)).json()), JSON.stringify(validate.errors)).toBe(true);
    const batch = schemaCheck('BatchResponse');
    const batchRes = await fetch(`${h.url}/tempo/v1/forecast/batch`, {
      method: 'POST', headers: { ...auth.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ horizon: 2, level: [80], series: [{ id: 'a', values: [1, 2, 3, 4, 5, 6] }, { id: 'b', values: [3, 1, 4, 1, 5] }] }),
    });
    expect(batchRes.status).toBe(200);
    expect(batch(await batchRes.json()), JSON.stringify(batch.errors)).toBe(true);
    const models = schemaCheck('ModelsResponse');
    expect(models(await (await fetch(`${h.url}/v1/models`, auth)).json()), JSON.stringify(models.errors)).toBe(true);
  });

  it('describes the dated training POST /v1/models takes', () => {
    const request = schemaCheck('TunedModelRequest');
    const series = [{ id: 'a', values: [1, 2, 3], timestamps: ['2024-01-01', '2024-02-01', '2024-03-01'] }];
    expect(request({ name: 'm', training: { horizon: 2, freq: 'P1M', series } }), JSON.stringify(request.errors)).toBe(true);
    expect(request({ name: 'm', training: { horizon: 2, series: [{ ...series[0], timestamps: [1, 2, 3] }] } })).toBe(false);
    expect(request({ name: 'm', training: { horizon: 2, freq: 12, series } })).toBe(false);
  });
});

describe('problem types and the index', () => {
  it('every problem type resolves on this server to a page about its code', async () => {
    const res = await h.forecast(key, { series: [1], horizon: 0 });
    const body = await res.json() as { type: string; code: string };
    const page = await fetch(new URL(body.type, `${h.url}/tempo/v1/forecast`));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain('REQUEST_INVALID');
    for (const [code, e] of Object.entries(ERROR_CATALOGUE)) {
      const asJson = await fetch(`${h.url}/errors/${e.slug}`, { headers: { Accept: 'application/json' } });
      expect(asJson.status, code).toBe(200);
      expect(await asJson.json()).toEqual({ code, title: e.title, status: e.status, description: e.description });
    }
  });

  it('an unknown code is a 404 problem that points to the document', async () => {
    const res = await fetch(`${h.url}/errors/no-such-code`);
    expect(res.status).toBe(404);
    expect((await res.json()).detail).toContain('/openapi.json');
  });

  it('GET / and every 404 name the document', async () => {
    const index = await (await fetch(`${h.url}/`)).json();
    expect(index).toMatchObject({ name: 'tempo', openapi: '/openapi.json' });
    const lost = await fetch(`${h.url}/no/such/path`);
    expect(lost.status).toBe(404);
    expect((await lost.json()).detail).toContain('/openapi.json');
  });
});

// The request schemas the document publishes are the ones the routes run: a body the published
// schema refuses is refused (400 REQUEST_INVALID, with a pointer), and a body a route accepts
// passes the published schema. (A route may refuse more: what a schema cannot say, such as dates
// on their grid.) Bodies are a valid one per route with random faults put in.
describe('the published request schemas', () => {
  const series = [3, 5, 4, 6, 5, 7, 6, 8, 7, 9, 8, 10];
  // valid bodies; the tuning's series is too short to tune on, so no body of it starts a tuning
  const bases: Record<string, Record<string, unknown>> = {
    '/{model}/v1/forecast': { series, horizon: 2, level: [80], season_length: 4, fitted: false, timestamps: series.map((_, i) => `2024-${String(i + 1).padStart(2, '0')}-01`), freq: 'MS' },
    '/{model}/v1/forecast/batch': { horizon: 2, level: [80], freq: 'P1M', season_length: 4, series: [{ id: 'a', values: series, season_length: 4 }, { id: 'b', values: series }] },
    '/{model}/v1/cross-validation': { series, horizon: 2, windows: 2, step: 1, level: [80], season_length: 4 },
    '/{model}/v1/cross-validation/batch': { horizon: 2, windows: 2, step: 1, level: [80], freq: 'P1M', season_length: 4, series: [{ id: 'a', values: series, season_length: 4 }, { id: 'b', values: series }] },
    '/{model}/v1/anomalies': { series, level: 95, season_length: 4 },
    '/{model}/v1/jobs': { horizon: 2, level: [80], freq: 'P1M', season_length: 4, series: [{ id: 'a', values: series, season_length: 4 }, { id: 'b', values: series }] },
    '/v1/models': { name: 'published-schema', base: 'tempo', training: { horizon: 2, freq: 'P1M', series: [{ id: 'a', values: [1, 2, 3] }] } },
  };
  const odd = fc.constantFrom<unknown>(null, true, 'x', '', -1, 0, 1.5, 2001, 1e9, [], {}, [1, 'a'], [null], { a: 1 }, 'P1M', [80, 80]);
  // a fault: a field (at any depth) replaced, removed, or joined by an unknown one
  const fault = fc.tuple(fc.nat(), fc.constantFrom('replace', 'remove', 'add'), odd);

  function places(v: unknown, at: string[] = []): string[][] {
    if (v === null || typeof v !== 'object') return [at];
    const keys = Array.isArray(v) ? v.map((_, i) => String(i)) : Object.keys(v);
    return [at, ...keys.flatMap((k) => places((v as Record<string, unknown>)[k], [...at, k]))];
  }
  function faulty(base: Record<string, unknown>, faults: Array<[number, string, unknown]>): unknown {
    const body = structuredClone(base) as Record<string, unknown>;
    for (const [n, how, value] of faults) {
      const all = places(body).filter((p) => p.length > 0);
      const path = all[n % all.length];
      const parent = path.slice(0, -1).reduce<Record<string, unknown>>((o, k) => o[k] as Record<string, unknown>, body);
      const last = path[path.length - 1];
      if (how === 'replace') parent[last] = value;
      else if (how === 'remove' && !Array.isArray(parent)) delete parent[last];
      else if (how === 'add' && !Array.isArray(parent)) parent.colour = value;
    }
    return body;
  }

  it('are the ones the routes run, on every route that takes a body', async () => {
    const { fullKey } = await h.key({ rateLimitPerMinute: 100_000, rateLimitPerHour: 1_000_000 });
    const ajv = new Ajv2020({ strict: false });
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.values(ops as Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>)
      .filter((op) => op.requestBody !== undefined).map((op) => ({ path, schema: op.requestBody!.content['application/json'].schema.$ref.split('/').pop()! })));
    expect(routes.map((r) => r.path).sort()).toEqual(Object.keys(bases).sort());
    let refused = 0;
    let accepted = 0;
    for (const { path, schema } of routes) {
      const published = ajv.compile(doc.components.schemas[schema]);
      await fc.assert(fc.asyncProperty(fc.array(fault, { maxLength: 3 }), async (faults) => {
        const body = faulty(bases[path], faults);
        const res = await fetch(`${h.url}${path.replace('{model}', 'tempo')}`, {
          method: 'POST', headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
        });
        const answer = await res.json() as { code?: string; errors?: unknown[] };
        if (!published(body)) {
          refused += 1;
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(400);
          expect(answer.code).toBe('REQUEST_INVALID');
          expect(answer.errors?.length).toBeGreaterThan(0);
        }
        if (res.status < 300) {
          accepted += 1;
          expect(published(body), `${path} accepted ${JSON.stringify(body)}`).toBe(true);
        }
      }), { numRuns: 60, seed: 20261126 });
    }
    // the sweep reaches both sides on the routes that compute
    expect(refused).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(20);
  });
});
