// Prometheus metrics of one app instance, in its own registry so several servers can share a process.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface ServerMetrics {
  registry: Registry;
  requests: Counter<'method' | 'route' | 'status'>;
  requestDuration: Histogram<'method' | 'route' | 'status'>;
  forecastDuration: Histogram<'model' | 'outcome'>;
}

/** A fresh registry holding the request and forecast metrics plus Node's default process metrics. */
export function createMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new Counter({
      name: 'tempo_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    requestDuration: new Histogram({
      name: 'tempo_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    forecastDuration: new Histogram({
      name: 'tempo_forecast_duration_seconds',
      help: 'Time a forecast spent in the worker pool, by model and outcome',
      labelNames: ['model', 'outcome'],
      buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}
