// The server as an operator sees it: health, readiness, metrics, logs without secrets, the key
// cache on disable, an unreachable store, restarts and graceful drain.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { seasonal, startHarness } from './harness.js';
import { waitFor } from '../support/wait.js';

describe('health, readiness and metrics', () => {
  it('reports healthy and ready, then not ready while draining, refusing new forecasts', async () => {
    const h = await startHarness();
    try {
      expect(await (await fetch(`${h.url}/healthz`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${h.url}/readyz`)).status).toBe(200);
      const { fullKey } = await h.key();
      h.server.tempo.startDraining();
      const ready = await fetch(`${h.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await ready.json()).code).toBe('SERVICE_UNAVAILABLE');
      expect((await h.forecast(fullKey, { series: [1, 2], horizon: 1 })).status).toBe(503);
      expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('counts requests by route pattern and status and times forecasts', async () => {
    const h = await startHarness();
    try {
      const { fullKey } = await h.key();
      await h.forecast(fullKey, { series: [1, 2, 3], horizon: 1 });
      await h.forecast(fullKey, { series: 'x', horizon: 1 });
      await fetch(`${h.url}/nowhere`);
      const res = await fetch(`${h.url}/metrics`);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
      const text = await res.text();
      expect(text).toMatch(/tempo_http_requests_total\{method="POST",route="\/:model\/v1\/forecast",status="200"\} 1/);
      expect(text).toMatch(/tempo_http_requests_total\{method="POST",route="\/:model\/v1\/forecast",status="400"\} 1/);
      expect(text).toMatch(/tempo_http_requests_total\{method="GET",route="unmatched",status="404"\} 1/);
      expect(text).toMatch(/tempo_forecast_duration_seconds_count\{model="tempo",outcome="ok"\} 1/);
      expect(text).toMatch(/tempo_http_request_duration_seconds_bucket/);
    } finally {
      await h.close();
    }
  });
});

describe('logs', () => {
  it('writes one JSON line per request with id, method, route, status, duration, and never a key', async () => {
    const h = await startHarness();
    try {
      const { fullKey, keyId } = await h.key();
      const secret = fullKey.slice(fullKey.lastIndexOf('-') + 1);
      await h.forecast(fullKey, { series: [1, 2, 3], horizon: 1 }, { headers: { 'X-Request-Id': 'log-check-1' } });
      await h.forecast(fullKey, '{bad json');
      await h.forecast(`${fullKey}x`, { series: [1], horizon: 1 });
      await fetch(`${h.url}/tempo/v1/validate`, { headers: { Authorization: `Bearer ${fullKey}` } });
      const lines = h.logLines.map((l) => JSON.parse(l));
      const line = lines.find((l) => l.request_id === 'log-check-1');
      expect(line).toMatchObject({ method: 'POST', route: '/:model/v1/forecast', status: 200, key_id: keyId });
      expect(typeof line.duration_ms).toBe('number');
      expect(lines.filter((l) => l.msg === 'request')).toHaveLength(4);
      const all = h.logLines.join('\n');
      expect(all).not.toContain(secret);
      expect(all).not.toContain(fullKey);
      expect(all.toLowerCase()).not.toContain('bearer');
    } finally {
      await h.close();
    }
  });
});

describe('key cache', () => {
  it('stops a disabled key at once and admits it again once re-enabled, despite the cache', async () => {
    const h = await startHarness({ config: { keyCacheTtlMs: 30_000 } });
    try {
      const { fullKey, keyId } = await h.key();
      const validate = () => fetch(`${h.url}/tempo/v1/validate`, { headers: { Authorization: `Bearer ${fullKey}` } });
      expect((await validate()).status).toBe(200);
      await h.store.setKeyStatus(keyId, 'inactive');
      const res = await validate();
      expect(res.status).toBe(401);
      expect((await res.json()).code).toBe('API_KEY_INACTIVE');
      await h.store.setKeyStatus(keyId, 'active');
      expect((await validate()).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('checks expiry on every request, cached record or not', async () => {
    const h = await startHarness({ config: { keyCacheTtlMs: 30_000 } });
    try {
      const { fullKey } = await h.key({ expiresAt: new Date(Date.now() + 800).toISOString() });
      const validate = () => fetch(`${h.url}/tempo/v1/validate`, { headers: { Authorization: `Bearer ${fullKey}` } });
      const first = await validate();
      expect(first.status).toBe(200);
      // the record stays cached for 30 s, so only a check on every request can see the expiry pass
      const second = await waitFor('the cached key to be refused as expired', async () => {
        const res = await validate();
        return res.status === 401 ? res : null;
      }, 10_000, 100);
      expect((await second.json()).code).toBe('API_KEY_EXPIRED');
    } finally {
      await h.close();
    }
  });

  it('answers 503 with Retry-After when the store cannot be reached', async () => {
    const h = await startHarness();
    try {
      const { fullKey } = await h.key();
      await h.store.close();
      const res = await h.forecast(fullKey, { series: [1, 2], horizon: 1 });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await res.json()).code).toBe('SERVICE_UNAVAILABLE');
      expect((await fetch(`${h.url}/readyz`)).status).toBe(503);
    } finally {
      await h.server.close();
      await h.limits.close();
    }
  });
});

describe('restarts and shutdown', () => {
  it('keeps keys and models across a restart on the same data dir', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tempo-restart-'));
    try {
      const first = await startHarness({ dataDir });
      const { fullKey, keyId } = await first.key({ organizationId: 'persist' });
      await first.store.createModel({ name: 'kept', organizationId: 'persist', base: 'tempo', config: {} });
      const before = await (await fetch(`${first.url}/kept/v1/validate`, { headers: { Authorization: `Bearer ${fullKey}` } })).json();
      await first.close();

      const second = await startHarness({ dataDir });
      try {
        const res = await fetch(`${second.url}/kept/v1/validate`, { headers: { Authorization: `Bearer ${fullKey}` } });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual(before);
        expect(before.key_id).toBe(keyId);
        expect((await second.forecast(fullKey, { series: [4, 5, 6], horizon: 2 }, { model: 'kept' })).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('lets an in-flight forecast finish before closing, and stops accepting connections', async () => {
    const h = await startHarness({ config: { shutdownGraceMs: 30_000 } });
    const { fullKey } = await h.key();
    const inFlight = h.forecast(fullKey, { series: seasonal(10_000), horizon: 48 });
    // wait until the server has the request, then start the shutdown
    await waitFor('the forecast in flight', () => h.server.tempo.inFlight() > 0, 10_000, 5);
    const closed = h.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).forecast).toHaveLength(48);
    await closed;
    await expect(fetch(`${h.url}/healthz`)).rejects.toThrow();
  });
});
