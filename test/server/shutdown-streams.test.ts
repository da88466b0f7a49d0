// A batch still being answered when the server's shutdown grace ends: the x-ndjson answer ends with
// a failure line (which the client library turns into its 503 error), and the JSON answer is cut
// so that no reader takes it for whole. Neither is left hanging until the connections are closed.
import { describe, it, expect } from 'vitest';
import { ServiceUnavailableError, TempoClient } from '@tempo-forecast/client';
import { seasonal, startHarness } from './harness.js';
import { rejectionOf } from '../client/helpers.js';

// long enough to outlast the grace on one worker: a few ms of fitting each
const SERIES = Array.from({ length: 3000 }, (_, i) => ({ id: `s${i}`, values: seasonal(96 + (i % 30)) }));

describe('a streamed batch at the end of the shutdown grace', () => {
  it('x-ndjson ends with a failure line, and the client throws ServiceUnavailableError after the series it got', async () => {
    const h = await startHarness({ config: { workers: 1, shutdownGraceMs: 300 } });
    try {
      const { fullKey } = await h.key();
      const client = new TempoClient({ apiKey: fullKey, baseUrl: h.url, maxRetries: 0 });
      let got = 0;
      let closing: Promise<void> | null = null;
      const err = await rejectionOf((async () => {
        for await (const item of client.forecastMany(SERIES, { horizon: 6, batchSize: SERIES.length })) {
          expect(item.id).toBe(`s${got}`);
          got += 1;
          closing ??= h.server.close();
        }
      })());
      await closing;
      expect(err).toBeInstanceOf(ServiceUnavailableError);
      expect((err as ServiceUnavailableError).message).toMatch(/shut down before this batch was finished/);
      expect(got).toBeGreaterThan(0);
      expect(got).toBeLessThan(SERIES.length);
    } finally {
      await h.close();
    }
  }, 60_000);

  it('x-ndjson over plain HTTP: the last line is the failure, a line of its own', async () => {
    const h = await startHarness({ config: { workers: 1, shutdownGraceMs: 300 } });
    try {
      const { fullKey } = await h.key();
      const res = await fetch(`${h.url}/tempo/v1/forecast/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json', Accept: 'application/x-ndjson' },
        body: JSON.stringify({ horizon: 6, series: SERIES }),
      });
      expect(res.status).toBe(200);
      const closing = h.server.close();
      const lines = (await res.text()).trimEnd().split('\n').map((l) => JSON.parse(l) as { id?: string; error?: { code: string; request_id: string } });
      await closing;
      const last = lines.at(-1)!;
      expect(last.error?.code).toBe('SERVICE_UNAVAILABLE');
      expect(last.error?.request_id).toBe(res.headers.get('x-request-id'));
      expect(lines.slice(0, -1).every((l) => typeof l.id === 'string')).toBe(true);
      expect(lines.length - 1).toBeLessThan(SERIES.length);
    } finally {
      await h.close();
    }
  }, 60_000);

  it('JSON is cut: reading it fails, or what was read does not parse', async () => {
    const h = await startHarness({ config: { workers: 1, shutdownGraceMs: 300 } });
    try {
      const { fullKey } = await h.key();
      const res = await fetch(`${h.url}/tempo/v1/forecast/batch`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${fullKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ horizon: 6, series: SERIES }),
      });
      expect(res.status).toBe(200);
      const closing = h.server.close();
      const read = await res.text().then((text) => ({ text }), (error: unknown) => ({ error }));
      await closing;
      if ('text' in read) expect(() => JSON.parse(read.text)).toThrow();
      else expect(String(read.error)).toMatch(/terminated|aborted|closed|reset/i);
    } finally {
      await h.close();
    }
  }, 60_000);
});
