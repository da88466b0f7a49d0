// What may leave in a log line or an answer: the log sanitizer, the echo rules for caller text,
// request ids, and the last check on a computed answer.
import { describe, expect, it } from 'vitest';
import { pathShown } from '../../src/server/echo.js';
import { mayRepeat } from '../../src/common/caller-text.js';
import { sanitizeForLog, serializeError } from '../../src/server/logging/sanitize.js';
import { createSafeLogger } from '../../src/server/logging/logger.js';
import { acceptableRequestId } from '../../src/server/middleware/request-id.js';
import { resultProblem } from '../../src/server/result-check.js';

const KEY = 'tempo-AbCdEfGh12345678-Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0PpOoNnMmLlKkJjIiHhGgF';

describe('the log sanitizer', () => {
  it('drops raw packets, headers and buffers at any depth and cuts key-shaped text', () => {
    const err = Object.assign(new Error(`Parse Error near ${KEY}`), { code: 'HPE_INVALID_CHUNK_SIZE', rawPacket: Buffer.from(`Authorization: Bearer ${KEY}`) });
    const out = JSON.stringify(sanitizeForLog({ err, nested: { headers: { authorization: KEY }, data: new Uint8Array([1, 2]) } }));
    expect(out).not.toContain(KEY.slice(24));
    expect(out).not.toContain('rawPacket');
    expect(out).toContain('HPE_INVALID_CHUNK_SIZE');
    expect(out).toContain('[bytes withheld]');
    expect(serializeError(new Error('x', { cause: err }))).toMatchObject({ type: 'Error', cause: { code: 'HPE_INVALID_CHUNK_SIZE' } });
  });

  it('is what the server logger writes through, messages included', () => {
    const lines: string[] = [];
    const logger = createSafeLogger('info', { write: (s: string) => { lines.push(s); } });
    logger.error({ err: Object.assign(new Error('boom'), { rawPacket: Buffer.from(KEY) }), req: { headers: { authorization: KEY } } }, `failed for ${KEY}`);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(KEY.slice(24));
    expect(lines[0]).toContain('boom');
  });
});

describe('echo rules', () => {
  it('repeat caller text only without a run of 8 letters and digits that holds a letter', () => {
    for (const t of ['colour', 'season_len', 'my-model.v2', 'store_12-item_7', '2024-01-31', '1234567890123', 'Secret']) expect(mayRepeat(t), t).toBe(true);
    for (const t of [KEY, 'sk_live_Zq3v9Pp2', 'x'.repeat(30), 'abcdefgh', 'temperature', 'Ab1Cd2Ef', 'a-'.repeat(40)]) expect(mayRepeat(t), t).toBe(false);
  });
  it('show a path in the API\'s own words and repeatable segments, nothing of a key', () => {
    const show = pathShown(['v1', 'forecast', 'cross-validation']);
    expect(show('/tempo/v1/forecast')).toBe('/tempo/v1/forecast');
    expect(show('/my-model/v1/cross-validation')).toBe('/my-model/v1/cross-validation');
    expect(show(`/${KEY}/v1/forecast`)).toBe('/…/v1/forecast');
    expect(show(`/${'Ab1'.repeat(20)}/v1`)).toBe('/…/v1');
    // percent-encoding does not hide a run from the rule
    expect(show(`/${[...'AbCdEfGh'].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}/v1`)).toBe('/…/v1');
  });
  it('replace a request id that could hold a piece of a secret, and keep UUIDs and ordinary ones', () => {
    expect(acceptableRequestId('client.trace-01_A')).toBe(true);
    expect(acceptableRequestId('0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(true);
    expect(acceptableRequestId('1700000000123-42')).toBe(true);
    // a run of 8 letters could be a piece of a secret, however plain it looks
    expect(acceptableRequestId('x'.repeat(128))).toBe(false);
    expect(acceptableRequestId(KEY)).toBe(false);
    expect(acceptableRequestId(KEY.slice(24))).toBe(false);
    expect(acceptableRequestId(`trace-${KEY.slice(30, 38)}`)).toBe(false);
    expect(acceptableRequestId('bad id')).toBe(false);
  });
});

describe('result check', () => {
  it('passes finite, ordered answers', () => {
    expect(resultProblem({ forecast: [1, 2], intervals: { 80: { lower: [0, 1], upper: [2, 3] } }, model: 'tempo', method: { components: ['x'] } })).toBeNull();
    expect(resultProblem({ forecasts: [{ id: 'a', forecast: [1], intervals: { 95: { lower: [1], upper: [1] } } }] })).toBeNull();
  });
  it('finds nulls, infinities and crossed bounds, at the top or inside a batch', () => {
    expect(resultProblem({ forecast: [1, null] })).toEqual({ kind: 'non-finite' });
    expect(resultProblem({ forecast: [1], intervals: { 95: { lower: [null], upper: [2] } } })).toEqual({ kind: 'non-finite' });
    expect(resultProblem({ forecast: [1], intervals: { 1: { lower: [1.5], upper: [0.5] } } })).toEqual({ kind: 'unordered', level: '1' });
    expect(resultProblem({ forecasts: [{ forecast: [Infinity] }] })).toEqual({ kind: 'non-finite' });
    expect(resultProblem({ forecast: [1], fitted: [NaN] })).toEqual({ kind: 'non-finite' });
  });
});
