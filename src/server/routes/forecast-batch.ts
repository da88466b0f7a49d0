// POST /{model}/v1/forecast/batch: the body read in bounded slices,
// every series checked before any is computed, and the answer written as it is ready.
import type { Middleware } from 'koa';
import type { BatchBounds, Bounds } from '../../config/config.js';
import type { ComputePool } from '../../compute/pool.js';
import type { CoreConfig } from '../../core/index.js';
import type { BatchRequestBody } from '../../shared/types.js';
import type { ModelRecord } from '../../store/types.js';
import { answerBatch, type BatchFormat } from '../batch/answer-batch.js';
import { CrowdedObjectError, JsonSyntaxError, parseJsonInSlices } from '../batch/parse-in-slices.js';
import { crowdedError } from '../crowded-object.js';
import { readBodyText } from '../batch/read-body.js';
import { createBatchValidator } from '../batch/validate-batch.js';
import { ApiError, invalidRequest } from '../errors.js';
import { rateLimitHeaders } from '../middleware/rate-limit.js';
import { callerOf, need } from '../state.js';
import { apiErrorOf } from './computing-route.js';
import { causedByDrain } from '../http/compute-gate.js';

/** Media type of the streamed answer, one JSON line per series. */
export const NDJSON = 'application/x-ndjson';
/** Groups scheduled ahead of the writing, per worker thread. */
const GROUPS_PER_WORKER = 4;

/** Reads, inflates and parses the batch body into ctx.state.batchBody; 400/413/415 REQUEST_INVALID otherwise. */
export function batchBody(batch: BatchBounds): Middleware {
  return async (ctx, next) => {
    if (!ctx.is('application/json')) {
      throw new ApiError('REQUEST_INVALID', 'send the body as JSON with "Content-Type: application/json"', { status: 415 });
    }
    // the text goes out of scope here, so it is not kept alive for as long as the batch computes
    const parse = async () => parseJsonInSlices(await readBodyText(ctx.req, batch.bodyLimitBytes));
    try {
      ctx.state.batchBody = await parse();
    } catch (err) {
      if (err instanceof CrowdedObjectError) throw invalidRequest([crowdedError(err.pointer)]);
      if (!(err instanceof JsonSyntaxError)) throw err;
      throw new ApiError('REQUEST_INVALID',
        'the body is not valid JSON; send an object like {"horizon": 12, "series": [{"id": "a", "values": [1, 2, 3]}]}', { cause: err });
    }
    await next();
  };
}

/** Puts the checked body on ctx.state.batchRequest and its series' checked dates on ctx.state.batchDates, or throws 400 with every problem's pointer (up to 20). */
export function validateBatch(bounds: Bounds, batch: BatchBounds): Middleware {
  const check = createBatchValidator(bounds, batch);
  return async (ctx, next) => {
    const { errors, dates } = await check(ctx.state.batchBody);
    if (errors.length > 0) throw invalidRequest(errors);
    ctx.state.batchRequest = ctx.state.batchBody as BatchRequestBody;
    ctx.state.batchDates = dates;
    ctx.state.batchBody = undefined;
    await next();
  };
}

/** How the batch answer is written: its pieces' size, and the signal that the server has stopped waiting for it. */
export interface BatchWriting {
  /** Characters per write (see answerChunkChars). */
  chunkChars: number;
  /** Aborted when the server's shutdown grace is over: answers still being written end at once. */
  stop: AbortSignal;
}

/** Computes ctx.state.batchRequest over every worker and streams the answer; resolves once no series of it is computing. */
export function forecastBatchRoute(pool: ComputePool, workers: number, writing: BatchWriting): Middleware {
  return async (ctx) => {
    const request = ctx.state.batchRequest as BatchRequestBody;
    const model = ctx.state.model as ModelRecord;
    const format: BatchFormat = ctx.accepts('application/json', NDJSON) === NDJSON ? 'ndjson' : 'json';
    let outcome;
    try {
      outcome = await answerBatch(ctx.res, {
        pool,
        request,
        dates: need(ctx, 'batchDates'),
        config: model.config as CoreConfig,
        modelName: model.name,
        format,
        window: GROUPS_PER_WORKER * Math.max(1, workers),
        requestId: String(ctx.state.requestId),
        caller: callerOf(ctx),
        begin: () => {
          // from here on this route writes the answer itself, so the headers other middleware
          // would add after it returns are set now
          ctx.status = 200;
          ctx.type = format === 'ndjson' ? NDJSON : 'application/json';
          if (ctx.state.rateLimit) ctx.set(rateLimitHeaders(ctx.state.rateLimit));
          ctx.set('Cache-Control', 'no-store');
          ctx.respond = false;
        },
        failure: (err) => {
          if (causedByDrain(err)) {
            return { code: 'SERVICE_UNAVAILABLE', detail: 'the server shut down before this batch was finished; send the series not answered again' };
          }
          const api = apiErrorOf(err);
          return { code: api.code, detail: api.detail };
        },
        chunkChars: writing.chunkChars,
        stop: writing.stop,
      });
    } catch (err) {
      throw apiErrorOf(err);
    }
    // nobody is left to answer
    if (outcome === 'cancelled') ctx.respond = false;
  };
}
