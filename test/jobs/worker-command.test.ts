// `tempo worker` as an operator meets it: refused, with the reason, where it cannot share a queue;
// with the services, it starts, takes chunks, and stops on SIGTERM.
import { describe, expect, it } from 'vitest';
import { requireBuiltCli, tempo } from '../cli/run.js';
import { probePostgres, probeRedis, uniqueName } from '../multi/backends.js';
import { dropPlace, jobBounds, sharedServer } from './servers.js';
import { startWorker } from './worker-processes.js';
import { jobApi, monthlySeries, ndjson } from './helpers.js';

const services = (await probePostgres()).ok && (await probeRedis()).ok;

describe('tempo worker', () => {
  it('refuses to start without DATABASE_URL and REDIS_URL, saying why (exit 2)', async () => {
    requireBuiltCli();
    const none = await tempo(['worker']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/worker: needs DATABASE_URL and REDIS_URL/);
    const zero = await tempo(['worker', '--job-workers', '0'], { DATABASE_URL: 'postgres://127.0.0.1:1/x', REDIS_URL: 'redis://127.0.0.1:1' });
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/at least 1/);
    expect((await tempo(['worker', '--help'])).stdout).toMatch(/Usage: tempo worker/);
  });

  it.skipIf(!services)('computes a job\'s chunks, and stops on SIGTERM with exit 0', async () => {
    const place = { schema: uniqueName('wcmd'), prefix: `${uniqueName('wcmd')}:` };
    const server = await sharedServer({ jobs: jobBounds({ workers: 0 }) }, place);
    const worker = await startWorker(place).catch(async (err) => { await server.stop(); throw err; });
    try {
      const api = jobApi(server.url, (await server.key()).fullKey);
      const { id } = await (await api.create(ndjson(monthlySeries(20)), 'application/x-ndjson', 'horizon=3')).json() as { id: string };
      expect((await api.finished(id)).status).toBe('succeeded');
      await worker.stop('SIGTERM');
      expect(worker.child.exitCode).toBe(0);
    } finally {
      await worker.stop('SIGKILL');
      await server.stop();
      await dropPlace(place);
    }
  }, 60_000);
});
