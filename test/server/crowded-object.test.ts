// Objects with a flood of fields are refused before the schema check lists them: ajv asked for every
// error spent seconds on a million unknown fields, and the batch check's spread of that many errors
// overflowed the stack (a 500). Over HTTP the body pre-scan refuses them before they are parsed.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { crowded, crowdedError, MAX_OBJECT_FIELDS } from '../../src/server/crowded-object.js';
import { compileRequests } from '../../src/server/schemas/requests.js';
import { checkAtOnce, checkInSlices } from '../../src/server/validation/request-check.js';
import { startHarness, type Harness } from './harness.js';

const config = loadConfig({}, {});
const requests = compileRequests(config);
// an object of `n` fields f0..f(n-1), built as a parsed body would be
const fields = (n: number): Record<string, number> => JSON.parse(`{${Array.from({ length: n }, (_, i) => `"f${i}":0`).join(',')}}`);

describe('crowded request objects', () => {
  it('counts own fields up to the limit: the limit itself passes, one more does not', () => {
    expect(crowded(fields(MAX_OBJECT_FIELDS))).toBe(false);
    expect(crowded(fields(MAX_OBJECT_FIELDS + 1))).toBe(true);
    expect(crowded([1, 2, 3])).toBe(false);
    expect(crowded(null)).toBe(false);
  });

  it('the forecast check refuses a body of 150 unknown fields with one error, naming none of them', () => {
    const body = { series: [1, 2, 3], horizon: 2, ...fields(150) };
    const { errors } = checkAtOnce(requests.forecast, body);
    expect(errors).toEqual([crowdedError('')]);
    expect(JSON.stringify(errors)).not.toContain('f149');
  });

  it('the tuned-model check refuses a crowded training and a crowded series', () => {
    const check = (body: unknown) => checkAtOnce(requests.tunedModel, body);
    const series = [{ id: 'a', values: [1, 2, 3] }];
    expect(check({ name: 'm', training: { horizon: 2, series, ...fields(150) } }).errors).toEqual([crowdedError('/training')]);
    expect(check({ name: 'm', training: { horizon: 2, series: [{ ...series[0], ...fields(150) }] } }).errors)
      .toEqual([crowdedError('/training/series/0')]);
  });

  it('the batch check answers a series of 200,000 unknown fields with one error instead of overflowing', async () => {
    const check = (body: unknown) => checkInSlices(requests.batch, body);
    const item = fields(200_000);
    Object.assign(item, { id: 'a', values: [1, 2, 3] });
    const result = await check({ horizon: 2, series: [item, { id: 'b', values: [1, 2, 3] }] });
    expect(result.errors).toEqual([crowdedError('/series/0')]);
  });
});

describe('crowded request objects over HTTP', () => {
  let h: Harness;
  beforeAll(async () => { h = await startHarness(); });
  afterAll(async () => { await h.close(); });

  // a JSON text of one object of `n` unknown members with `rest` (JSON members) first
  const crowdedText = (rest: string, n: number) => `{${rest},${Array.from({ length: n }, (_, i) => `"f${i}":0`).join(',')}}`;

  async function post(path: string, key: string, text: string): Promise<{ status: number; body: { code?: string; errors?: Array<{ pointer: string }> } }> {
    const res = await fetch(`${h.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }, body: text });
    return { status: res.status, body: await res.json() };
  }

  it('a batch series of 200,000 unknown members is a 400 at its pointer, not a 500', async () => {
    const { fullKey } = await h.key();
    const text = `{"horizon":2,"series":[{"id":"a","values":[1,2,3]},${crowdedText('"id":"b","values":[1,2,3]', 200_000)}]}`;
    const r = await post('/tempo/v1/forecast/batch', fullKey, text);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('REQUEST_INVALID');
    expect(r.body.errors?.map((e) => e.pointer)).toEqual(['/series/1']);
  });

  it('a tuned-model training of 200 unknown members is a 400 at /training', async () => {
    const { fullKey } = await h.key();
    const text = `{"name":"crowded","training":${crowdedText('"horizon":2,"series":[{"id":"a","values":[1,2,3]}]', 200)}}`;
    const r = await post('/v1/models', fullKey, text);
    expect(r.status).toBe(400);
    expect(r.body.errors?.map((e) => e.pointer)).toEqual(['/training']);
  });
});
