// One JSON log line and one metrics sample per request; headers are never logged, so no key can leak.
import type { Middleware } from 'koa';
import type { Logger } from 'pino';
import type { ServerMetrics } from '../metrics.js';
import { toApiError } from '../errors.js';
import { pathShown } from '../echo.js';

/** The route pattern a request matched ("unmatched" for unknown paths), to keep label sets small. */
export function routeOf(ctx: { _matchedRoute?: string | RegExp }): string {
  const r = ctx._matchedRoute;
  return typeof r === 'string' ? r : 'unmatched';
}

/** Logs request id, method, route, status and duration after the response is settled (and, at debug level, the path as `showPath` writes it). */
export function accessLog(logger: Logger, metrics: ServerMetrics, showPath: (path: string) => string = pathShown([])): Middleware {
  // the metric series of each method, route and status, found once: looking a label set up on
  // every request (hashing its labels) showed in the small-forecast profile; the set of routes is fixed
  const series = new Map<string, { count: { inc(): void }; time: { observe(v: number): void } }>();
  const seriesOf = (method: string, route: string, status: string) => {
    const id = `${method} ${status} ${route}`;
    let s = series.get(id);
    if (s === undefined) {
      const labels = { method, route, status };
      s = { count: metrics.requests.labels(labels), time: metrics.requestDuration.labels(labels) };
      // methods and statuses a caller can vary are few, but bound the map all the same
      if (series.size < 10_000) series.set(id, s);
    }
    return s;
  };
  return async (ctx, next) => {
    const start = process.hrtime.bigint();
    // the line's fields (a regex over the path among them) cost more than the call: build them only when written
    if (logger.isLevelEnabled('debug')) logger.debug({ request_id: ctx.state.requestId, method: ctx.method, path: showPath(ctx.path) }, 'request started');
    let code = 500;
    try {
      await next();
      code = ctx.status;
    } catch (err) {
      // this runs inside the error boundary, which has not rendered the error yet
      code = toApiError(err).status;
      throw err;
    } finally {
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      const route = routeOf(ctx as never);
      const s = seriesOf(ctx.method, route, String(code));
      s.count.inc();
      s.time.observe(seconds);
      logger.info({
        request_id: ctx.state.requestId,
        method: ctx.method,
        route,
        status: code,
        duration_ms: Math.round(seconds * 1e5) / 100,
        key_id: ctx.state.key?.keyId,
      }, 'request');
    }
  };
}
