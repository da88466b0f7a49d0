// The request check walks the schema node by node (the body around its series, then each series) so
// the server can give the event loop turns between them and stop at the error cap: its errors must
// be the ones, in the order, that one whole-schema ajv check gives, and the check run at once must
// agree with it run in slices. Shown on the tuning body, the deepest the API takes.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import { loadConfig } from '../../src/config/config.js';
import { compileRequests } from '../../src/server/schemas/requests.js';
import { checkAtOnce, checkInSlices } from '../../src/server/validation/request-check.js';

// small bounds, so too many series and too long a series are easy to reach
const config = loadConfig({}, { TEMPO_MAX_SERIES_LENGTH: '6', TEMPO_TUNING_MAX_SERIES: '3', TEMPO_MAX_HORIZON: '5' });
const request = compileRequests(config).tunedModel;
const whole = new Ajv2020({ allErrors: true, strict: true }).compile(request.root.schema);

// the pointers of one whole-schema check, as the API reports them: contains' per-item misses
// dropped, unknown fields at the object that holds them (their names are not shown), each pointer
// once, at most 20
function wholeSchemaPointers(body: unknown): string[] | null {
  if (whole(body)) return null;
  const pointers: string[] = [];
  for (const e of whole.errors as ErrorObject[]) {
    if (e.schemaPath.includes('/contains/')) continue;
    const p = e.keyword === 'required' ? `${e.instancePath}/${String(e.params.missingProperty)}` : e.instancePath;
    if (!pointers.includes(p)) pointers.push(p);
  }
  return pointers.slice(0, 20);
}

const odd = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 3 }), fc.constant({}), fc.constant([]), fc.constant({ x: 1 }));
const value = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null), odd);
const stamp = fc.oneof(fc.constant('2024-01-01'), fc.string({ maxLength: 3 }), fc.constant('x'.repeat(41)), odd);
const item = fc.oneof(
  { weight: 4, arbitrary: fc.record({ id: fc.oneof(fc.constantFrom('a', 'b'), fc.constant(''), odd), values: fc.oneof(fc.array(value, { maxLength: 8 }), odd), timestamps: fc.oneof(fc.array(stamp, { maxLength: 8 }), odd), extra: odd }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: odd },
);
const training = fc.oneof(
  { weight: 4, arbitrary: fc.record({ horizon: fc.oneof(fc.integer({ min: -1, max: 7 }), odd), freq: fc.oneof(fc.constant('P1M'), fc.constant(''), odd), series: fc.oneof(fc.array(item, { maxLength: 5 }), odd), 'a/b~': odd }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: odd },
);
const body = fc.oneof(
  { weight: 6, arbitrary: fc.record({ name: fc.oneof(fc.constant('m'), fc.constant(''), odd), base: fc.oneof(fc.constant('tempo'), odd), training, extra: odd }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: odd },
);

describe('the request check, node by node', () => {
  const atOnce = (b: unknown) => checkAtOnce(request, b);
  const sliced = (b: unknown) => checkInSlices(request, b);

  it('reports the whole-schema check\'s pointers, in its order, on bodies of every shape', async () => {
    let refused = 0;
    await fc.assert(fc.asyncProperty(body, async (b) => {
      const expected = wholeSchemaPointers(b);
      const got = await sliced(b);
      expect(atOnce(b)).toEqual(got);
      if (expected === null) return;
      refused += 1;
      expect(got.errors.map((e) => e.pointer)).toEqual(expected);
    }), { numRuns: 1500 });
    // the sweep must mostly reach the schema's refusals, not the checks after it
    expect(refused).toBeGreaterThan(1000);
  });

  it('stops at 20 pointers, the series\' errors after those of the body around them', async () => {
    const many = { name: 5, training: { horizon: 'x', series: Array.from({ length: 3 }, () => ({ id: 1, values: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] })) } };
    const got = (await sliced(many)).errors;
    expect(got.map((e) => e.pointer)).toEqual(wholeSchemaPointers(many));
    expect(got).toHaveLength(20);
    expect(got.slice(0, 2).map((e) => e.pointer)).toEqual(['/name', '/training/horizon']);
  });
});
