// The request schemas are valid JSON Schema (draft 2020-12, the dialect the OpenAPI document
// declares): the server compiles them without checking them against the meta-schema, which would
// double its start-up time, so the check is here; and the compiler refuses a schema that leaves a
// field without its rule or an array or object unbounded.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { loadConfig } from '../../src/config/config.js';
import { compileRequests } from '../../src/server/schemas/requests.js';
import { compileTree } from '../../src/server/validation/schema-tree.js';

describe('the request schemas', () => {
  it('are valid against the draft 2020-12 meta-schema, at the default bounds and at small ones', () => {
    const meta = new Ajv2020({ strict: true });
    const configs = [loadConfig({}, {}), loadConfig({}, { TEMPO_MAX_SERIES_LENGTH: '6', TEMPO_MAX_LEVELS: '0', TEMPO_BATCH_MAX_SERIES: '1' })];
    for (const config of configs) {
      for (const [name, request] of Object.entries(compileRequests(config))) {
        expect(meta.validateSchema(request.root.schema), `${name}: ${meta.errorsText(meta.errors)}`).toBe(true);
      }
    }
  });

  it('state every rule and bound every array and object, or do not compile', () => {
    const rule = (extra: object) => ({ description: 'a rule', ...extra });
    expect(() => compileTree({ type: 'integer' })).toThrow(/no description/);
    expect(() => compileTree(rule({ type: 'array', items: rule({ type: 'number' }) }))).toThrow(/no maxItems/);
    expect(() => compileTree(rule({ type: 'object', properties: { a: rule({ type: 'number' }) } }))).toThrow(/without maxProperties/);
    expect(() => compileTree(rule({ type: 'object', additionalProperties: false, properties: { a: { type: 'number' } } }))).toThrow(/properties\/a has no description/);
    expect(() => compileTree(rule({ type: 'string', pattren: 'x' }))).toThrow(/unknown keyword/);
  });
});
