// The batch route's body step: read as the one body step reads (src/server/middleware/request-body.ts),
// checked series by series (skip-invalid.ts). With `on_invalid: "skip"` the invalid series are set
// aside for the answer to write in their places; without, any of them refuses the batch with every
// series' problems (up to the error cap), each named by its series' id.
import type { DefaultState, Middleware } from 'koa';
import type { BatchBounds } from '../../config/config.js';
import { inSlices } from '../../common/steps.js';
import { readJsonBody } from '../body/json-body.js';
import { invalidRequest } from '../errors.js';
import { bodyLimits, bodyWords } from '../middleware/request-body.js';
import { checkInSlices, type CompiledRequest } from '../validation/request-check.js';
import { withSeriesIds } from '../validation/series-ids.js';
import type { AcceptedBatch } from '../schemas/batch-request.js';
import { MAX_FIELD_ERRORS } from '../validation/field-errors.js';
import { splitInvalid, splittable, type SkippedSeries } from './skip-invalid.js';

/** A batch as its route takes it: the valid series' request and dates, and with skip their positions in the body and the series set aside. */
export interface CheckedBatch extends AcceptedBatch {
  positions?: number[];
  skipped?: SkippedSeries[];
}

/** Reads and checks a batch body (see the file comment); `into` puts it on ctx.state. */
export function batchBody(request: CompiledRequest<AcceptedBatch>, bounds: BatchBounds, into: (state: DefaultState, accepted: CheckedBatch) => void): Middleware {
  const limits = bodyLimits(request);
  const words = bodyWords(request);
  return async (ctx, next) => {
    const body = await readJsonBody(ctx, limits, words);
    if (splittable(body, bounds.maxSeries)) {
      // series by series in either mode, so a refusal lists every series' problems (its dates and a
      // repeated id too, which the whole check only reaches once the schema holds everywhere)
      const outcome = await inSlices(splitInvalid(request, body, bounds.maxValues));
      if (outcome.split === undefined) throw invalidRequest(withSeriesIds(outcome.errors, body));
      const { request: r, dates, positions, skipped } = outcome.split;
      if (body.on_invalid === 'skip') into(ctx.state, { request: r, dates, positions, skipped });
      else if (skipped.length > 0) throw invalidRequest(withSeriesIds(skipped.flatMap((s) => s.errors).slice(0, MAX_FIELD_ERRORS), body));
      else into(ctx.state, { request: r, dates });
    } else {
      const checked = await checkInSlices(request, body);
      if (checked.accepted === undefined) throw invalidRequest(withSeriesIds(checked.errors, body));
      into(ctx.state, checked.accepted);
    }
    await next();
  };
}
