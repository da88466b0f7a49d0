// A large POST /v1/models must not hold the event loop while its body is parsed, checked and dated:
// requests that arrive meanwhile (a health check, another organization's forecast) are answered
// before the tuned model's 202. The small requests are sent the moment the server has the whole
// large body, so only the work after reading it stands between them and their answers.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../../src/config/config.js';
import { seasonal, startHarness, type Harness } from './harness.js';

let h: Harness;
const defaults = loadConfig({ port: '0' }, {}).tuning;
beforeAll(async () => { h = await startHarness({ config: { tuning: { ...defaults, maxSeries: 2000, maxValues: 200_000, bodyLimitBytes: 32 << 20 } } }); });
afterAll(async () => { await h.close(); });

const pad = (n: number) => String(n).padStart(2, '0');
// 2000 dated monthly series of 100 values: a few MiB, a quarter of a second's work or more
function largeTraining() {
  return {
    horizon: 6,
    series: Array.from({ length: 2000 }, (_, i) => ({
      id: `s${i}`,
      values: seasonal(100).map((v) => v * (1 + i / 1000)),
      timestamps: Array.from({ length: 100 }, (_, t) => `${2000 + Math.floor(t / 12)}-${pad((t % 12) + 1)}-01T00:00:00Z`),
    })),
  };
}

describe('a large tuned-model body and other callers', () => {
  it('answers a health check and another organization\'s forecast while the large body is processed', async () => {
    const tuner = (await h.key({ organizationId: 'big-tuner' })).fullKey;
    const other = (await h.key({ organizationId: 'other-co' })).fullKey;
    const body = JSON.stringify({ name: 'big-tuner-model', training: largeTraining() });
    const order: string[] = [];
    const small: Array<Promise<void>> = [];
    const sendSmall = () => {
      small.push((async () => {
        const res = await fetch(`${h.url}/healthz`);
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        order.push('healthz');
      })());
      small.push((async () => {
        const res = await h.forecast(other, { series: seasonal(36), horizon: 3 });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        order.push('forecast');
      })());
    };
    // the server's own view of the large request: its body has all arrived
    const onRequest = (req: IncomingMessage) => {
      if (req.method === 'POST' && req.url === '/v1/models') req.once('end', sendSmall);
    };
    h.server.server.prependListener('request', onRequest);
    try {
      const res = await fetch(`${h.url}/v1/models`, { method: 'POST', headers: { Authorization: `Bearer ${tuner}`, 'Content-Type': 'application/json' }, body });
      const answer = await res.json();
      order.push('tuned-model');
      expect(res.status, JSON.stringify(answer).slice(0, 300)).toBe(202);
      await Promise.all(small);
    } finally {
      h.server.server.off('request', onRequest);
    }
    expect(small).toHaveLength(2);
    expect(order.slice(0, 2).sort()).toEqual(['forecast', 'healthz']);
    expect(order[2]).toBe('tuned-model');
    // the tuning itself is not this test's subject
    expect((await fetch(`${h.url}/v1/models/big-tuner-model`, { method: 'DELETE', headers: { Authorization: `Bearer ${tuner}` } })).status).toBe(204);
  });
});
