// Builds the Koa app from dependencies it is handed: nothing here opens files or sockets, so a
// test can pass in stores and limits of its own.
import { crossValidationWork } from './routes/cross-validation-batch.js';
import { batchBody } from './batch/batch-body.js';
import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { ComputePool } from '../compute/pool.js';
import type { Limits } from '../limits/types.js';
import type { Store } from '../store/types.js';
import { createKeyCache } from './key-cache.js';
import { createModelCache } from './model-cache.js';
import { createMetrics, type ServerMetrics } from './metrics.js';
import { accessLog } from './middleware/access-log.js';
import { authenticate } from './middleware/authenticate.js';
import { computeChain, type ComputeChainParts } from './compute-chain.js';
import { ComputeDrainingError, drainingRefusal, gatePool, type GatedPool } from './http/compute-gate.js';
import { answerChunkChars, streamLargeAnswers } from './http/large-answers.js';
import { runningLock } from './middleware/running-lock.js';
import { drainGuard, type DrainState } from './middleware/drain-guard.js';
import { admitRequest, rateLimitHeadersOnResponse } from './middleware/rate-limit.js';
import { errorBoundary } from './middleware/error-boundary.js';
import { failedAuthLimit } from './middleware/failed-auth-limit.js';
import { modelAccess } from './middleware/model-access.js';
import { requestId } from './middleware/request-id.js';
import { unrouted } from './middleware/unrouted.js';
import { literalSegments, pathShown } from './echo.js';
import { ERROR_CATALOGUE } from '../common/codes.js';
import { requestBody } from './middleware/request-body.js';
import { compileRequests } from './schemas/requests.js';
import { crossValidationRoute } from './routes/cross-validation.js';
import { anomaliesRoute } from './routes/anomalies.js';
import { createTunedModelRoute, deleteTunedModelRoute, getTunedModelRoute } from './routes/tuned-models.js';
import { createTuningService, type TuningService } from '../tuning/service.js';
import { durableTunings } from '../jobs/tuning-inputs.js';
import { usesBullmq } from '../jobs/open.js';
import { forecastRoute } from './routes/forecast.js';
import { forecastBatchRoute } from './routes/forecast-batch.js';
import { healthzRoute, metricsRoute, readyzRoute } from './routes/health.js';
import { modelsRoute } from './routes/models.js';
import { mountSelfDescription } from './routes/openapi.js';
import { mountSettingsPage } from './routes/settings-page.js';
import { validateRoute } from './routes/validate.js';
import { createJobRoute, deleteJobRoute, getJobRoute, jobResultsRoute, listJobsRoute } from './routes/jobs.js';
import type { JobStore } from '../jobs/store.js';
import type { JobQueue } from '../jobs/queue.js';

export interface AppDeps {
  config: Config;
  store: Store;
  limits: Limits;
  pool: ComputePool;
  logger: Logger;
  metrics?: ServerMetrics;
  /** The job store and queue (src/jobs/open.ts). */
  jobs: { store: JobStore; queue: JobQueue };
}

export interface TempoApp {
  app: Koa;
  metrics: ServerMetrics;
  /** Forecast requests between arrival and answer. */
  inFlight(): number;
  /** Refuse new forecasts, refuse those still waiting for a worker, and report not-ready from now on. */
  startDraining(): void;
  /**
   * The server will wait no longer (its shutdown grace is over): answers still being streamed end
   * now, in a way their callers can tell from a whole answer (a failure line, or a cut JSON text).
   */
  endStreams(): void;
  /** The pool every computing route runs on (queued forecasts are refused when draining). */
  pool: GatedPool;
  isDraining(): boolean;
  /** The background tunings of this process; close it before the pool. */
  tuning: TuningService;
  /** Every route the router answers, as OpenAPI-style paths ({param}) with their methods; for the document's completeness test. */
  routes(): Array<{ path: string; methods: string[] }>;
}

/** How often a running tuning tells the store it is alive: well within the stale limit. */
export function tuningHeartbeatMs(config: Pick<Config, 'tuning'>): number {
  return Math.max(200, Math.floor(config.tuning.staleMs / 5));
}

/** Builds the app: request id → error boundary → access log → large answers streamed → routes, each route with the API's check order (docs/api.md). */
export function createApp(deps: AppDeps): TempoApp {
  const { config, store, limits, logger } = deps;
  const pool = gatePool(deps.pool, config.workers, 64 * config.workers, config.forecastTimeoutMs);
  const metrics = deps.metrics ?? createMetrics();
  const keys = createKeyCache(store, {
    ttlMs: config.keyCacheTtlMs,
    max: config.keyCacheMax,
    negativeTtlMs: config.negativeCacheTtlMs,
  });
  const models = createModelCache(store, { ttlMs: config.modelCacheTtlMs, max: 10_000 });
  const drain: DrainState = { draining: false, inFlight: 0 };
  const streams = new AbortController();
  const chunkChars = answerChunkChars(config.connections.maxUnreadBytes);

  const limitFailures = failedAuthLimit({ perWindow: config.failedAuthPerMinute, windowMs: 60_000 });
  const checkKey = authenticate(keys, config.keyPepper);
  // one failure counter per server, shared by every authenticated route
  const auth: Middleware = (ctx, next) => limitFailures(ctx, () => checkKey(ctx, next));
  const model = modelAccess(store, models, config.appUrl);
  const router = new Router();
  const chain: ComputeChainParts = {
    drain, auth, store, models, limits,
    appUrl: config.appUrl,
    limitsFailOpen: config.limitsFailOpen,
    lockLeaseMs: config.lockLeaseMs,
  };
  // every body of every route is read and checked by requestBody, against its compiled schema
  const requests = compileRequests(config);

  router.post('/:model/v1/forecast',
    ...computeChain(chain, requestBody(requests.forecast, (state, a) => { state.forecastRequest = a.request; state.datePlan = a.dates; })),
    forecastRoute(pool, metrics));
  router.post('/:model/v1/cross-validation',
    ...computeChain(chain, requestBody(requests.crossValidation, (state, a) => { state.crossValidationRequest = a.request; state.datePlan = a.dates; })),
    crossValidationRoute(pool, metrics));
  router.post('/:model/v1/anomalies',
    ...computeChain(chain, requestBody(requests.anomalies, (state, a) => { state.anomaliesRequest = a.request; state.datePlan = a.dates; })),
    anomaliesRoute(pool, metrics));
  router.get('/:model/v1/validate', auth, model, validateRoute());
  router.get('/v1/models', auth, modelsRoute(store, config.tuning.staleMs));
  // the gate keeps one worker for callers; tuning may fill the rest
  // a tuning's input is kept in the job store until it ends: the job queue runs it (BullMQ: any
  // worker process; in-process: this server, again after a restart)
  const durable = durableTunings(deps.jobs.store, usesBullmq(config) ? (name) => deps.jobs.queue.dispatchTuning!(name) : undefined);
  const tuning = createTuningService({ store, pool, logger, heartbeatMs: tuningHeartbeatMs(config), tune: { parallel: Math.max(1, config.workers - 1) }, durable });
  // not a model's route and not a forecast: no model check and no running lock, but the same
  // cheap refusals first (quota before the body, which may be up to TEMPO_TUNING_BODY_LIMIT_BYTES)
  router.post('/v1/models',
    drainGuard(drain),
    auth,
    rateLimitHeadersOnResponse(limits),
    admitRequest(limits, config.limitsFailOpen),
    requestBody(requests.tunedModel, (state, a) => {
      state.tunedModelRequest = a.request;
      if (a.dates !== undefined) state.trainingDates = a.dates;
    }),
    createTunedModelRoute(store, tuning));
  router.get('/v1/models/:name', auth, getTunedModelRoute(store, config.tuning.staleMs));
  router.delete('/v1/models/:name', auth, deleteTunedModelRoute(store, tuning));
  // the same check order as computeChain, with the batch's own bounds (a body of up to 64 MiB, parsed
  // in slices), so the request counts before its body is read
  router.post('/:model/v1/forecast/batch',
    drainGuard(drain),
    auth,
    rateLimitHeadersOnResponse(limits),
    model,
    admitRequest(limits, config.limitsFailOpen),
    batchBody(requests.batch, config.batchBounds, (state, a) => {
      state.batchRequest = a.request;
      state.batchDates = a.dates;
      if (a.skipped !== undefined) state.batchSkip = { positions: a.positions ?? [], skipped: a.skipped };
    }),
    runningLock(limits, config.lockLeaseMs, config.limitsFailOpen),
    drainingRefusal(),
    forecastBatchRoute(pool, config.workers, { chunkChars, stop: streams.signal }));
  // the batch's body, check order and answer, each series backtested instead of forecast
  router.post('/:model/v1/cross-validation/batch',
    drainGuard(drain),
    auth,
    rateLimitHeadersOnResponse(limits),
    model,
    admitRequest(limits, config.limitsFailOpen),
    batchBody(requests.crossValidationBatch, config.batchBounds, (state, a) => {
      state.batchRequest = a.request;
      state.batchDates = a.dates;
      if (a.skipped !== undefined) state.batchSkip = { positions: a.positions ?? [], skipped: a.skipped };
    }),
    runningLock(limits, config.lockLeaseMs, config.limitsFailOpen),
    drainingRefusal(),
    forecastBatchRoute(pool, config.workers, { chunkChars, stop: streams.signal }, crossValidationWork(pool)));
  // a job is one request for the rate limit and takes no running lock; its series are checked and
  // stored as they arrive (up to TEMPO_JOB_UPLOAD_LIMIT_BYTES) and computed by the job workers
  const jobRoutes = {
    jobs: deps.jobs.store, queue: deps.jobs.queue, bounds: config.jobs, requests,
  };
  router.post('/:model/v1/jobs',
    drainGuard(drain),
    auth,
    rateLimitHeadersOnResponse(limits),
    model,
    admitRequest(limits, config.limitsFailOpen),
    createJobRoute(jobRoutes));
  router.get('/v1/jobs', auth, listJobsRoute(jobRoutes));
  router.get('/v1/jobs/:id', auth, getJobRoute(jobRoutes));
  router.get('/v1/jobs/:id/results', auth, jobResultsRoute(jobRoutes));
  router.delete('/v1/jobs/:id', auth, deleteJobRoute(jobRoutes));
  router.get('/healthz', healthzRoute());
  router.get('/readyz', readyzRoute({ store, pool, limits, limitsFailOpen: config.limitsFailOpen, isDraining: () => drain.draining }));
  router.get('/metrics', metricsRoute(metrics));
  mountSettingsPage(router);
  mountSelfDescription(router, config);

  // a path is repeated (problem instance, debug log) in the API's own words; any other segment only by the caller-text rule
  const showPath = pathShown([...literalSegments(router.stack.map((l) => String(l.path))), ...Object.values(ERROR_CATALOGUE).map((e) => e.slug)]);
  const app = new Koa({ proxy: false });
  app.use(requestId());
  app.use(errorBoundary(logger, showPath));
  app.use(accessLog(logger, metrics, showPath));
  app.use(streamLargeAnswers(chunkChars));
  app.use(unrouted());
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.on('error', (err: NodeJS.ErrnoException) => {
    // a caller that hung up (or was cut off by the connection guard) is not a server fault
    if (err.code === 'ECONNRESET' || err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') logger.debug({ code: err.code }, 'caller went away before its answer');
    else logger.error({ err }, 'response error');
  });

  return {
    app,
    metrics,
    tuning,
    inFlight: () => drain.inFlight,
    pool,
    startDraining: () => {
      drain.draining = true;
      pool.drain();
    },
    endStreams: () => streams.abort(new ComputeDrainingError()),
    isDraining: () => drain.draining,
    routes: () => router.stack.map((layer) => ({
      path: String(layer.path).replace(/:([A-Za-z_]+)/g, '{$1}'),
      methods: layer.methods.filter((m) => m !== 'HEAD'),
    })),
  };
}
