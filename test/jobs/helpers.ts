// Helpers of the job suites: series to send, the job API over fetch, waiting for a job's end.
import { gzipSync } from 'node:zlib';
import { seasonal } from '../server/harness.js';
import { waitFor } from '../support/wait.js';
import type { JobBody } from '../../src/common/job-types.js';

/** `n` monthly series with dates, ids s0…, lengths varying a little. */
export function monthlySeries(n: number, from = 0): Array<{ id: string; values: number[]; timestamps: string[] }> {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k;
    const len = 24 + (i % 13);
    const values = seasonal(len + (i % 5)).slice(i % 5).map((v) => Math.round((v + i) * 100) / 100);
    const timestamps = values.map((_, t) => `${2015 + Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}-01`);
    return { id: `s${i}`, values, timestamps };
  });
}

/** The series as a long CSV (unique_id,ds,y). */
export function longCsv(series: ReadonlyArray<{ id: string; values: number[]; timestamps: string[] }>): string {
  let out = 'unique_id,ds,y\n';
  for (const s of series) s.values.forEach((v, t) => { out += `${s.id},${s.timestamps[t]},${v}\n`; });
  return out;
}

/** The series as NDJSON, one a line. */
export function ndjson(series: readonly object[]): string {
  return series.map((s) => JSON.stringify(s)).join('\n') + '\n';
}

/** The job API of one server for one key. */
export function jobApi(url: string, key: string) {
  const auth = { Authorization: `Bearer ${key}` };
  return {
    create(body: string | Buffer, contentType: string, query: string, headers: Record<string, string> = {}, model = 'tempo') {
      return fetch(`${url}/${model}/v1/jobs?${query}`, { method: 'POST', headers: { ...auth, 'Content-Type': contentType, ...headers }, body: body as BodyInit });
    },
    createGzip(body: string, contentType: string, query: string) {
      return this.create(gzipSync(body), contentType, query, { 'Content-Encoding': 'gzip' });
    },
    get: (id: string) => fetch(`${url}/v1/jobs/${id}`, { headers: auth }),
    results: (id: string, accept = 'text/csv') => fetch(`${url}/v1/jobs/${id}/results`, { headers: { ...auth, Accept: accept } }),
    cancel: (id: string) => fetch(`${url}/v1/jobs/${id}`, { method: 'DELETE', headers: auth }),
    list: (query = '') => fetch(`${url}/v1/jobs${query}`, { headers: auth }),
    batch: (body: object) => fetch(`${url}/tempo/v1/forecast/batch`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json', Accept: 'application/x-ndjson' }, body: JSON.stringify(body) }),
    /** Waits until the job is finished; returns its last view. */
    async finished(id: string, timeoutMs = 60_000): Promise<JobBody> {
      return waitFor(`job ${id} to finish`, async () => {
        const job = await (await this.get(id)).json() as JobBody;
        return job.status === 'queued' || job.status === 'running' ? undefined : job;
      }, timeoutMs, 50);
    },
  };
}
