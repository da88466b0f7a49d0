// Tunings on the job queue: a tuning outlives the instance that accepted it. Embedded: the server
// stops mid-tuning and runs it again when it starts. Multi-instance: the accepting instance stops,
// and a `tempo worker` process takes the tuning from BullMQ and finishes it.
import { describe, expect, it } from 'vitest';
import { seasonal } from '../server/harness.js';
import { probePostgres, probeRedis, uniqueName } from '../multi/backends.js';
import { dropPlace, embeddedServer, jobBounds, sharedServer, type JobServer, type SharedPlace } from './servers.js';
import { startWorker } from './worker-processes.js';
import { waitFor } from '../support/wait.js';

const services = (await probePostgres()).ok && (await probeRedis()).ok;
const TUNING = { maxSeries: 50, maxValues: 50_000, bodyLimitBytes: 1 << 22, staleMs: 1000 };
const training = { horizon: 6, series: Array.from({ length: 24 }, (_, i) => ({ id: `s${i}`, values: seasonal(60 + 2 * i).map((v) => v * (1 + i / 8)) })) };

function call(server: JobServer, key: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method, headers: { Authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function ready(server: JobServer, key: string, name: string): Promise<{ status: string }> {
  return waitFor(`${name} to finish tuning`, async () => {
    const b = await (await call(server, key, 'GET', `/v1/models/${name}`)).json() as { status: string };
    return b.status !== 'tuning' ? b : null;
  }, 120_000, 100);
}

describe('tunings outlive the instance that accepted them', () => {
  it('embedded: a server stopped mid-tuning runs it again when it starts, to ready', async () => {
    let server = await embeddedServer({ tuning: TUNING });
    try {
      const { fullKey } = await server.key({ organizationId: 'tune-co' });
      expect((await call(server, fullKey, 'POST', '/v1/models', { name: 'kept-model', training })).status).toBe(202);
      server = await server.restart();
      // the stopped run left the tuning tuning (not failed); the new server finishes it
      expect((await ready(server, fullKey, 'kept-model')).status).toBe('ready');
      expect((await call(server, fullKey, 'POST', '/kept-model/v1/forecast', { series: training.series[0].values, horizon: 3 })).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 180_000);

  it.skipIf(!services)('multi-instance: the accepting instance stops; a tempo worker takes the tuning from BullMQ and finishes it', async () => {
    const place: SharedPlace = { schema: uniqueName('tuneq'), prefix: `${uniqueName('tuneq')}:` };
    let server = await sharedServer({ tuning: TUNING, jobs: jobBounds({ workers: 0 }) }, place);
    const worker = await startWorker(place, { TEMPO_TUNING_STALE_MS: '1000' }).catch(async (err) => { await server.stop(); throw err; });
    try {
      const { fullKey } = await server.key({ organizationId: 'tune-co' });
      expect((await call(server, fullKey, 'POST', '/v1/models', { name: 'queued-model', training })).status).toBe(202);
      server = await server.restart({ tuning: TUNING, jobs: jobBounds({ workers: 0 }) });
      expect((await ready(server, fullKey, 'queued-model')).status).toBe('ready');
    } finally {
      await worker.stop();
      await server.stop();
      await dropPlace(place);
    }
  }, 180_000);
});
