// The body reader's bounds: shape pre-scan (depth, element count) before any parse, gzip with a
// ratio guard, size limits before and after inflation, UTF-8 only.
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JsonPrescan, prescanJson } from '../../src/server/body/prescan.js';
import { startHarness, type Harness } from './harness.js';

describe('JsonPrescan', () => {
  const limits = { maxDepth: 3, maxElements: 5 };
  it('passes a body within the bounds and counts only structure outside strings', () => {
    expect(prescanJson('{"series":[1,2,3],"h":"a,b,c,[[[[,,,,"}', limits)).toEqual({ ok: true });
    expect(prescanJson('\uFEFF {"a":[[1]]}', limits)).toEqual({ ok: true });
  });
  it('refuses depth, element count and a non-object top level', () => {
    expect(prescanJson('{"a":[[[1]]]}', limits)).toEqual({ ok: false, reason: 'depth' });
    expect(prescanJson('{"a":[1,2,3,4,5,6,7]}', limits)).toEqual({ ok: false, reason: 'elements' });
    expect(prescanJson('[1]', limits)).toEqual({ ok: false, reason: 'not-object' });
    expect(prescanJson('  ', limits)).toEqual({ ok: false, reason: 'not-object' });
    expect(prescanJson('1', limits)).toEqual({ ok: false, reason: 'not-object' });
  });
  it('keeps string and escape state across chunk boundaries', () => {
    const scan = new JsonPrescan(limits);
    for (const part of ['{"a":"x\\', '",[[[[[[,,,,,,,"', ',"b":[1]}']) expect(scan.feed(Buffer.from(part)).ok).toBe(true);
    expect(scan.end()).toEqual({ ok: true });
  });
});

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({ config: { bounds: { maxSeriesLength: 100, maxHorizon: 1000, bodyLimitBytes: 512 * 1024, maxLevels: 10 } } });
  key = (await h.key({ rateLimitPerMinute: 10_000, rateLimitPerHour: 100_000 })).fullKey;
});
afterAll(async () => { await h.close(); });

const post = (body: BodyInit, headers: Record<string, string> = {}) => fetch(`${h.url}/tempo/v1/forecast`, {
  method: 'POST', headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', ...headers }, body,
});

describe('forecast bodies', () => {
  it('refuses deep nesting, too many values and an array longer than any allowed before parsing, with 400', async () => {
    const deep = await post(`{"series":${'['.repeat(50_000)}`);
    expect(deep.status).toBe(400);
    expect((await deep.json()).detail).toMatch(/nests deeper than 8/);
    // no array past 1,100 elements (the longest the schema allows: a regressor of series length +
    // horizon), but 56,100 values in all: the most a valid body holds is 100 values, 100 timestamps,
    // 10 levels, 20 quantiles, 50 regressors of 1,100 values and their names, 8 members and 64 spare
    const thousand = `[${Array(1100).fill('1').join(',')}]`;
    const many = await post(`{"series":[${Array(51).fill(thousand).join(',')}],"horizon":1}`);
    expect(many.status).toBe(400);
    expect((await many.json()).detail).toMatch(/more than 55355 values/);
    const long = await post(`{"series":[${Array(1200).fill('"a"').join(',')}],"horizon":1}`);
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toEqual([{ pointer: '/series', detail: expect.stringMatching(/^series must be an array of 1 to 100 .* \(got an array of more than 1100\)$/) }]);
  });

  it('accepts a gzip body, and refuses a gzip bomb and broken gzip', async () => {
    const ok = await post(gzipSync(JSON.stringify({ series: [1, 2, 3, 4], horizon: 2 })), { 'Content-Encoding': 'gzip' });
    expect(ok.status).toBe(200);
    const bomb = await post(gzipSync(Buffer.alloc(10 * 1024 * 1024, 0x20)), { 'Content-Encoding': 'gzip' });
    expect(bomb.status).toBe(413);
    const broken = await post(Buffer.from([0x1f, 0x8b, 8, 0, 1, 2]), { 'Content-Encoding': 'gzip' });
    expect(broken.status).toBe(400);
    const br = await post('{}', { 'Content-Encoding': 'br' });
    expect(br.status).toBe(415);
  });

  it('refuses a body over the limit with 413, and non-UTF-8 with 400 or 415', async () => {
    expect((await post(`{"series":[1],"horizon":1,"pad":"${'x'.repeat(600_000)}"}`)).status).toBe(413);
    expect((await post(Buffer.from([0x7b, 0xff, 0x7d]))).status).toBe(400);
    expect((await post('{}', { 'Content-Type': 'application/json; charset=latin1' })).status).toBe(415);
  });

  it('accepts a byte order mark', async () => {
    expect((await post(`\uFEFF${JSON.stringify({ series: [1, 2, 3], horizon: 1 })}`)).status).toBe(200);
  });
});
