// A query string is checked by the same validator as a body: its schema compiled with coercion (a
// query's values are strings, a repeated name an array), its errors by the same formatter.
import { describe, expect, it } from 'vitest';
import { checkQuery, compileRequest, type RequestDefinition } from '../../src/server/validation/request-check.js';

interface JobQuery { horizon: number; level?: number[]; fitted?: boolean; on_invalid?: 'fail' | 'skip' }

const definition: RequestDefinition<JobQuery, JobQuery> = {
  source: 'query',
  schema: {
    type: 'object', additionalProperties: false, required: ['horizon'], description: 'query parameters like ?horizon=12',
    properties: {
      horizon: { type: 'integer', minimum: 1, maximum: 1000, description: 'an integer from 1 to 1000' },
      level: { type: 'array', maxItems: 10, items: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 100, description: 'a number between 0 and 100 exclusive' }, description: 'levels, e.g. level=80&level=95' },
      fitted: { type: 'boolean', description: 'true or false' },
      on_invalid: { enum: ['fail', 'skip'], description: '"fail" or "skip"' },
    },
  },
  *accept(query) { return query; },
};
const request = compileRequest(definition, new Set(['horizon', 'level', 'fitted', 'on_invalid']));

describe('a query checked by the one validator', () => {
  it('coerces strings to the schema\'s types, a single value to a one-element array', () => {
    expect(checkQuery(request, { horizon: '12', level: ['80', '95'], fitted: 'true', on_invalid: 'skip' }))
      .toEqual({ errors: [], accepted: { horizon: 12, level: [80, 95], fitted: true, on_invalid: 'skip' } });
    expect(checkQuery(request, { horizon: '3', level: '80' }).accepted).toEqual({ horizon: 3, level: [80] });
  });

  it('refuses with the body\'s rules: pointers, rules, caller text not repeated', () => {
    const secretish = 'Zq3v9Pp2Lk8Hx7Ww4Ee1Rr6Tt5Yy0Uu';
    const { errors } = checkQuery(request, { horizon: 'twelve', level: ['80', secretish], [secretish]: '1', on_invalid: secretish });
    expect(errors).toEqual([
      { pointer: '', detail: expect.stringMatching(/^the query has an unknown field \(its name is withheld/) },
      { pointer: '/horizon', detail: 'horizon must be an integer from 1 to 1000 (got a string)' },
      { pointer: '/level/1', detail: 'level/1 must be a number between 0 and 100 exclusive (got a string)' },
      { pointer: '/on_invalid', detail: 'on_invalid must be "fail" or "skip" (got a string)' },
    ]);
    expect(JSON.stringify(errors)).not.toContain(secretish.slice(0, 8));
    expect(checkQuery(request, {}).errors).toEqual([{ pointer: '/horizon', detail: 'horizon is required: horizon must be an integer from 1 to 1000' }]);
  });
});
