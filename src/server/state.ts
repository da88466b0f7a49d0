// What the middleware chain leaves on ctx.state, typed once: each field is set by one middleware
// and read by those after it, so a handler asks for what it needs with `need` instead of a cast.
import type { SkippedSeries } from './batch/skip-invalid.js';
import type { ParameterizedContext } from 'koa';
import type { CheckedDates, DatePlan } from '../dates/index.js';
import type { AdmitResult } from '../limits/types.js';
import type { BatchRequestBody, ForecastRequestBody } from '../common/types.js';
import type { TunedModelRequestBody } from '../common/tuned-model-types.js';
import type { KeyRecord, ModelRecord } from '../store/types.js';
import type { Caller } from '../compute/fair-share.js';
import type { CrossValidationRequest } from './schemas/cross-validation-request.js';
import type { AnomaliesRequest } from './schemas/anomalies-request.js';

declare module 'koa' {
  interface DefaultState {
    /** Set first, by request-id, on every request (the app mounts it before anything else). */
    requestId: string;
    /** Set by authenticate. */
    key?: KeyRecord;
    /** Set by model-access. */
    model?: ModelRecord;
    /** Set by the quota check (admitRequest). */
    rateLimit?: AdmitResult;
    /** Set by each route's validation. */
    forecastRequest?: ForecastRequestBody;
    /** Set with forecastRequest: what its `timestamps` and `freq` say (empty without them). */
    datePlan?: DatePlan;
    crossValidationRequest?: CrossValidationRequest;
    anomaliesRequest?: AnomaliesRequest;
    batchRequest?: BatchRequestBody;
    /** Set by the batch route's validation with ctx.state.batchRequest: each series' checked dates, made while checking it (the answer writes them out). */
    batchDates?: CheckedDates[];
    /** With on_invalid "skip": each computed series' index in the body as sent, and the series set aside (src/server/batch/skip-invalid.ts). */
    batchSkip?: { positions: number[]; skipped: SkippedSeries[] };
    tunedModelRequest?: TunedModelRequestBody;
    /** Set with tunedModelRequest when its training is dated: each series' date plan, made while checking it. */
    trainingDates?: DatePlan[];
  }
}

type State = import('koa').DefaultState;

/** The state field `name`, which a middleware earlier in the chain must have set; its absence is a wiring fault. */
export function need<K extends keyof State>(ctx: ParameterizedContext<State>, name: K): NonNullable<State[K]> {
  const value = ctx.state[name];
  if (value === undefined || value === null) throw new Error(`ctx.state.${String(name)} is not set: a middleware is missing from this route`);
  return value as NonNullable<State[K]>;
}

/** Who the request's computation is for, as the compute gate shares workers: its key, in its organization. */
export function callerOf(ctx: ParameterizedContext<State>): Caller {
  const key = need(ctx, 'key');
  return { organization: key.organizationId, key: key.keyId };
}
