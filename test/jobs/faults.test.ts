// Workers die mid-job: real `tempo worker` processes on PostgreSQL and Redis, one SIGKILLed while
// it computes; BullMQ delivers its chunk again, and the job ends with every series exactly once, in
// input order: results byte-identical to a run with no fault.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probePostgres, probeRedis, uniqueName } from '../multi/backends.js';
import { dropPlace, jobBounds, sharedServer, type JobServer, type SharedPlace } from './servers.js';
import { startWorker, type WorkerProcess } from './worker-processes.js';
import { jobApi, monthlySeries, ndjson } from './helpers.js';
import { waitFor } from '../support/wait.js';
import type { JobBody } from '../../src/common/job-types.js';

const services = (await probePostgres()).ok && (await probeRedis()).ok;

describe.skipIf(!services)('jobs when a worker process dies (PostgreSQL, Redis, tempo worker)', () => {
  const place: SharedPlace = { schema: uniqueName('faults'), prefix: `${uniqueName('faults')}:` };
  let server: JobServer;
  const workers: WorkerProcess[] = [];
  beforeAll(async () => {
    // the API instance computes nothing: every chunk is a worker process's
    server = await sharedServer({ jobs: jobBounds({ workers: 0, chunkCost: 1500, lockMs: 2000 }) }, place);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await server?.stop();
    await dropPlace(place);
  });

  it('a SIGKILLed worker\'s chunk is delivered again; every series comes back once, byte-identical to a run without faults', async () => {
    const api = jobApi(server.url, (await server.key()).fullKey);
    const series = monthlySeries(1500);
    const body = ndjson(series);
    workers.push(await startWorker(place), await startWorker(place));

    // no fault
    const calm = (await (await api.create(body, 'application/x-ndjson', 'horizon=12&level=95')).json() as JobBody).id;
    expect((await api.finished(calm, 120_000)).status).toBe('succeeded');
    const reference = await (await api.results(calm, 'application/x-ndjson')).text();
    const referenceCsv = await (await api.results(calm)).text();

    // a worker killed while it computes, then another started in its place
    const faulty = (await (await api.create(body, 'application/x-ndjson', 'horizon=12&level=95')).json() as JobBody).id;
    await waitFor('the job under way', async () => {
      const j = await (await api.get(faulty)).json() as JobBody;
      return j.status === 'running' && j.progress.done > 0;
    }, 60_000, 20);
    await workers[0].stop('SIGKILL');
    workers.push(await startWorker(place));
    const done = await api.finished(faulty, 120_000);
    expect(done).toMatchObject({ status: 'succeeded', progress: { series: 1500, done: 1500, failed: 0 }, errors_total: 0 });
    const again = await (await api.results(faulty, 'application/x-ndjson')).text();
    expect(again.length).toBe(reference.length);
    expect(again === reference).toBe(true);
    expect((await (await api.results(faulty)).text()) === referenceCsv).toBe(true);
    const ids = again.trimEnd().split('\n').map((l) => (JSON.parse(l) as { id: string }).id);
    expect(ids).toEqual(series.map((s) => s.id));
    // the killed worker's chunk was taken for stalled and delivered again
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(Number(/tempo_job_chunks_redelivered_total (\d+)/.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1);
    expect(Number(/tempo_job_workers_alive (\d+)/.exec(metrics)?.[1])).toBe(2);
  }, 240_000);
});
