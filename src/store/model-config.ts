// Validation of a stored model's config: the options the core accepts, nothing else, so a typo in
// an operator's JSON is refused at creation instead of being silently ignored at forecast time.
import { Ajv } from 'ajv';
import { MEMBER_BITS, MODEL_IDS } from '@tempo-forecast/core';
import type { CoreConfig } from '@tempo-forecast/core';
import type { FieldError } from '../common/codes.js';

export type ModelConfig = CoreConfig;

export type ModelConfigCheck =
  | { ok: true; config: ModelConfig }
  | { ok: false; errors: FieldError[] };

const segment = {
  season_length: { type: 'integer', minimum: 1 },
  members: { type: 'array', minItems: 1, uniqueItems: true, items: { enum: Object.keys(MEMBER_BITS) } },
  combination: { enum: ['median', 'mean'] },
  model: { enum: Object.keys(MODEL_IDS) },
} as const;

const schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...segment,
    // the config of intermittent series (a tuned model's segment); the same options, one level only
    intermittent: { type: 'object', additionalProperties: false, properties: segment },
    // per season key (a whole number of steps, "12" for monthly data): a tuned model's frequency segments
    seasons: {
      type: 'object',
      propertyNames: { pattern: '^[1-9][0-9]{0,5}$' },
      additionalProperties: { type: 'object', additionalProperties: false, properties: segment },
    },
  },
} as const;

const ajv = new Ajv({ allErrors: true });
const validate = ajv.compile(schema);

/** Checks a model config; on failure every problem comes with a JSON pointer into the config. */
export function validateModelConfig(value: unknown): ModelConfigCheck {
  if (!validate(value)) {
    // a bad season key is reported once (by propertyNames), not again by the pattern inside it
    const errors = (validate.errors ?? []).filter((e) => !(e.keyword === 'pattern' && e.propertyName !== undefined)).map((e): FieldError => {
      if (e.keyword === 'additionalProperties') {
        const key = String((e.params as { additionalProperty: string }).additionalProperty);
        const allowed = e.instancePath === '' ? 'season_length, members, combination, model, intermittent, seasons' : 'season_length, members, combination, model';
        return { pointer: `${e.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, detail: `unknown option; allowed: ${allowed}` };
      }
      if (e.keyword === 'enum') {
        const allowed = (e.params as { allowedValues: unknown[] }).allowedValues.map(String).join(', ');
        return { pointer: e.instancePath, detail: `must be one of ${allowed}` };
      }
      if (e.keyword === 'propertyNames') {
        const key = String((e.params as { propertyName?: string }).propertyName ?? '');
        return { pointer: `${e.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, detail: 'a season key is a whole number of steps from 1, e.g. "12"' };
      }
      return { pointer: e.instancePath, detail: e.message ?? 'is invalid' };
    });
    return { ok: false, errors };
  }
  const config = value as ModelConfig;
  // Members and their combination only mean something for the ensemble.
  const errors: FieldError[] = [];
  const parts: Array<[string, ModelConfig]> = [['', config], ['/intermittent', config.intermittent ?? {}],
    ...Object.entries(config.seasons ?? {}).map(([k, c]): [string, ModelConfig] => [`/seasons/${k}`, c])];
  for (const [at, c] of parts) {
    if (c.model === undefined || c.model === 'tempo') continue;
    for (const key of ['members', 'combination'] as const) {
      if (c[key] !== undefined) errors.push({ pointer: `${at}/${key}`, detail: `applies only to the tempo ensemble, not to model "${c.model}"` });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, config };
}
