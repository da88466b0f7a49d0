// POST /{model}/v1/forecast/batch: the body read and checked whole before any series is computed
// (src/server/middleware/request-body.ts), and the answer written as it is ready.
import type { Middleware } from 'koa';
import type { ComputePool } from '../../compute/pool.js';
import type { CoreConfig } from '@tempo-forecast/core';
import type { BatchRequestBody } from '../../common/types.js';
import type { ModelRecord } from '../../store/types.js';
import { answerBatch, type AnswerBatchOptions, type BatchFormat } from '../batch/answer-batch.js';
import type { Caller } from '../../compute/fair-share.js';
import { rateLimitHeaders } from '../middleware/rate-limit.js';
import { callerOf, need } from '../state.js';
import { apiErrorOf } from './computing-route.js';
import { causedByDrain } from '../http/compute-gate.js';

/** Media type of the streamed answer, one JSON line per series. */
export const NDJSON = 'application/x-ndjson';
/** Groups scheduled ahead of the writing, per worker thread. */
const GROUPS_PER_WORKER = 4;

/** How the batch answer is written: its pieces' size, and the signal that the server has stopped waiting for it. */
export interface BatchWriting {
  /** Characters per write (see answerChunkChars). */
  chunkChars: number;
  /** Aborted when the server's shutdown grace is over: answers still being written end at once. */
  stop: AbortSignal;
}

/** What a route over many series computes per group and writes per series (see AnswerBatchOptions.work), made for one request. */
export type BatchWork = (request: BatchRequestBody, config: CoreConfig, caller: Caller) => AnswerBatchOptions['work'];

/**
 * Computes ctx.state.batchRequest over every worker and streams the answer (forecasts, or what
 * `work` makes for each series); resolves once no series of it is computing.
 */
export function forecastBatchRoute(pool: ComputePool, workers: number, writing: BatchWriting, work?: BatchWork): Middleware {
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
        ...(ctx.state.batchSkip !== undefined ? { skip: ctx.state.batchSkip } : {}),
        ...(work ? { work: work(request, model.config as CoreConfig, callerOf(ctx)) } : {}),
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
