// The request bodies' TypeScript types are written by hand (the client publishes them, with their
// comments, and must not depend on a schema library), and must be exactly what each schema accepts:
// json-schema-to-ts derives the type a schema describes, and `npm run typecheck` fails when a field
// is added to one and not the other, or typed differently.
import { describe, expectTypeOf, it } from 'vitest';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { anomaliesRequestSchema } from '../../src/server/schemas/anomalies-request.js';
import type { batchRequestSchema } from '../../src/server/schemas/batch-request.js';
import type { crossValidationRequestSchema } from '../../src/server/schemas/cross-validation-request.js';
import type { forecastRequestSchema } from '../../src/server/schemas/forecast-request.js';
import type { tunedModelRequestSchema } from '../../src/server/schemas/tuned-model-request.js';
import type { AnomaliesRequestBody } from '../../src/common/anomaly-types.js';
import type { CrossValidationRequestBody } from '../../src/common/backtest-types.js';
import type { TunedModelRequestBody } from '../../src/common/tuned-model-types.js';
import type { BatchRequestBody, ForecastRequestBody } from '../../src/common/types.js';

// a field with a default is optional in the body the caller sends (the route fills it in)
type Described<F extends (...args: never[]) => JSONSchema> = FromSchema<ReturnType<F>, { keepDefaultedPropertiesOptional: true }>;

describe('request body types', () => {
  it('are the types the request schemas describe', () => {
    expectTypeOf<Described<typeof forecastRequestSchema>>().toEqualTypeOf<ForecastRequestBody>();
    expectTypeOf<Described<typeof batchRequestSchema>>().toEqualTypeOf<BatchRequestBody>();
    expectTypeOf<Described<typeof crossValidationRequestSchema>>().toEqualTypeOf<CrossValidationRequestBody>();
    expectTypeOf<Described<typeof anomaliesRequestSchema>>().toEqualTypeOf<AnomaliesRequestBody>();
    expectTypeOf<Described<typeof tunedModelRequestSchema>>().toEqualTypeOf<TunedModelRequestBody>();
  });
});
