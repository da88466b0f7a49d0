// Builds the Koa app from dependencies it is handed: nothing here opens files or sockets, so a
// test can pass in stores and limits of its own.
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
import { jsonBody } from './body/json-body.js';
import { errorBoundary } from './middleware/error-boundary.js';
import { failedAuthLimit } from './middleware/failed-auth-limit.js';
import { modelAccess } from './middleware/model-access.js';
import { requestId } from './middleware/request-id.js';
import { unrouted } from './middleware/unrouted.js';
import { validateForecast } from './middleware/validate-forecast.js';
import { validateCrossValidation } from './middleware/validate-cross-validation.js';
import { crossValidationRoute } from './routes/cross-validation.js';
import { validateAnomalies } from './middleware/validate-anomalies.js';
import { anomaliesRoute } from './routes/anomalies.js';
import { validateTunedModel } from './middleware/validate-tuned-model.js';
import { createTunedModelRoute, deleteTunedModelRoute, getTunedModelRoute } from './routes/tuned-models.js';
import { createTuningService, type TuningService } from '../tuning/service.js';
import { forecastRoute } from './routes/forecast.js';
import { batchBody, forecastBatchRoute, validateBatch } from './routes/forecast-batch.js';
import { healthzRoute, metricsRoute, readyzRoute } from './routes/health.js';
import { modelsRoute } from './routes/models.js';
import { mountSelfDescription } from './routes/openapi.js';
import { mountSettingsPage } from './routes/settings-page.js';
import { validateRoute } from './routes/validate.js';

export interface AppDeps {
  config: Config;
  store: Store;
  limits: Limits;
  pool: ComputePool;
  logger: Logger;
  metrics?: ServerMetrics;
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

/** The deepest JSON any computing body needs (batch: object → series array → series object → values). */
const MAX_BODY_DEPTH = 8;

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
  const forecastBody = {
    maxBytes: config.bounds.bodyLimitBytes,
    maxDepth: MAX_BODY_DEPTH,
    // series and timestamps at full length, levels and a little slack: anything more cannot be valid
    maxElements: 2 * config.bounds.maxSeriesLength + config.bounds.maxLevels + 64,
  };

  router.post('/:model/v1/forecast',
    ...computeChain(chain, forecastBody, validateForecast(config.bounds)),
    forecastRoute(pool, metrics));
  router.post('/:model/v1/cross-validation',
    ...computeChain(chain, forecastBody, validateCrossValidation(config.bounds)),
    crossValidationRoute(pool, metrics));
  router.post('/:model/v1/anomalies',
    ...computeChain(chain, forecastBody, validateAnomalies(config.bounds)),
    anomaliesRoute(pool, metrics));
  router.get('/:model/v1/validate', auth, model, validateRoute());
  router.get('/v1/models', auth, modelsRoute(store, config.tuning.staleMs));
  // the gate keeps one worker for callers; tuning may fill the rest
  const tuning = createTuningService({ store, pool, logger, heartbeatMs: Math.max(200, Math.floor(config.tuning.staleMs / 5)), tune: { parallel: Math.max(1, config.workers - 1) } });
  // not a model's route and not a forecast: no model check and no running lock, but the same
  // cheap refusals first (quota before the body, which may be up to TEMPO_TUNING_BODY_LIMIT_BYTES)
  router.post('/v1/models',
    drainGuard(drain),
    auth,
    rateLimitHeadersOnResponse(limits),
    admitRequest(limits, config.limitsFailOpen),
    jsonBody({
      maxBytes: config.tuning.bodyLimitBytes,
      maxDepth: MAX_BODY_DEPTH,
      // every value plus a timestamp each, and the ids and fields around them
      maxElements: 2 * config.tuning.maxValues + 4 * config.tuning.maxSeries + 64,
      // tens of MiB: one JSON.parse would hold every other caller's request for a large part of a second
      inSlices: true,
    }),
    validateTunedModel(config.bounds, config.tuning),
    createTunedModelRoute(store, tuning));
  router.get('/v1/models/:name', auth, getTunedModelRoute(store, config.tuning.staleMs));
  router.delete('/v1/models/:name', auth, deleteTunedModelRoute(store, tuning));
  // the same check order as computeChain, with the batch's own sliced body reader and bounds, so
  // the request counts before its (up to 64 MiB) body is read
  router.post('/:model/v1/forecast/batch',
    drainGuard(drain),
    auth,
    rateLimitHeadersOnResponse(limits),
    model,
    admitRequest(limits, config.limitsFailOpen),
    batchBody(config.batchBounds),
    validateBatch(config.bounds, config.batchBounds),
    runningLock(limits, config.lockLeaseMs, config.limitsFailOpen),
    drainingRefusal(),
    forecastBatchRoute(pool, config.workers, { chunkChars, stop: streams.signal }));
  router.get('/healthz', healthzRoute());
  router.get('/readyz', readyzRoute({ store, pool, limits, limitsFailOpen: config.limitsFailOpen, isDraining: () => drain.draining }));
  router.get('/metrics', metricsRoute(metrics));
  mountSettingsPage(router);
  mountSelfDescription(router, config);

  const app = new Koa({ proxy: false });
  app.use(requestId());
  app.use(errorBoundary(logger));
  app.use(accessLog(logger, metrics));
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
