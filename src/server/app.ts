// Builds the Koa app from dependencies it is handed: nothing here opens files or sockets, so a
// test can pass in stores and limits of its own.
import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import type { Config } from '../config/config.js';
import type { ComputePool } from '../compute/pool.js';
import type { Limits } from '../limits/types.js';
import type { Store } from '../store/types.js';
import { createKeyCache } from './key-cache.js';
import { createMetrics, type ServerMetrics } from './metrics.js';
import { accessLog } from './middleware/access-log.js';
import { authenticate } from './middleware/authenticate.js';
import { drainGuard, type DrainState } from './middleware/drain-guard.js';
import { errorBoundary } from './middleware/error-boundary.js';
import { jsonBody } from './middleware/json-body.js';
import { modelAccess } from './middleware/model-access.js';
import { admitRequest, rateLimitHeadersOnResponse } from './middleware/rate-limit.js';
import { requestId } from './middleware/request-id.js';
import { runningLock } from './middleware/running-lock.js';
import { unrouted } from './middleware/unrouted.js';
import { validateForecast } from './middleware/validate-forecast.js';
import { forecastRoute } from './routes/forecast.js';
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
  /** Refuse new forecasts and report not-ready from now on. */
  startDraining(): void;
  isDraining(): boolean;
  /** Every route the router answers, as OpenAPI-style paths ({param}) with their methods; for the document's completeness test. */
  routes(): Array<{ path: string; methods: string[] }>;
}

/** Builds the app: request id → error boundary → access log → routes, each route with the API's check order (docs/api.md). */
export function createApp(deps: AppDeps): TempoApp {
  const { config, store, limits, pool, logger } = deps;
  const metrics = deps.metrics ?? createMetrics();
  const keys = createKeyCache(store, {
    ttlMs: config.keyCacheTtlMs,
    max: config.keyCacheMax,
    negativeTtlMs: config.negativeCacheTtlMs,
  });
  const drain: DrainState = { draining: false, inFlight: 0 };

  const auth = authenticate(keys, config.keyPepper);
  const model = modelAccess(store, config.appUrl);
  const router = new Router();

  router.post('/:model/v1/forecast',
    drainGuard(drain),
    auth,
    rateLimitHeadersOnResponse(limits),
    model,
    jsonBody(config.bounds.bodyLimitBytes),
    validateForecast(config.bounds),
    admitRequest(limits, config.limitsFailOpen),
    runningLock(limits, config.lockLeaseMs, config.limitsFailOpen),
    forecastRoute(pool, metrics));
  router.get('/:model/v1/validate', auth, model, validateRoute());
  router.get('/v1/models', auth, modelsRoute(store));
  router.get('/healthz', healthzRoute());
  router.get('/readyz', readyzRoute({ store, pool, limits, limitsFailOpen: config.limitsFailOpen, isDraining: () => drain.draining }));
  router.get('/metrics', metricsRoute(metrics));
  mountSettingsPage(router);
  mountSelfDescription(router, config.bounds);

  const app = new Koa({ proxy: false });
  app.use(requestId());
  app.use(errorBoundary(logger));
  app.use(accessLog(logger, metrics));
  app.use(unrouted());
  app.use(router.routes());
  app.use(router.allowedMethods());
  app.on('error', (err) => logger.error({ err }, 'response error'));

  return {
    app,
    metrics,
    inFlight: () => drain.inFlight,
    startDraining: () => { drain.draining = true; },
    isDraining: () => drain.draining,
    routes: () => router.stack.map((layer) => ({
      path: String(layer.path).replace(/:([A-Za-z_]+)/g, '{$1}'),
      methods: layer.methods.filter((m) => m !== 'HEAD'),
    })),
  };
}
