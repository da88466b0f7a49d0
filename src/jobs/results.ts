// A finished job's results, streamed in input order a chunk at a time: NDJSON as stored (one batch
// answer item per series) or the CLI's long CSV (unique_id,ds,forecast,lo-95,hi-95,…,q-0.1,…; a
// series the job could not forecast has no rows there, and is in the job's errors).
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import type { BatchItemBody } from '../common/types.js';
import { csvHeader, csvLines } from '../table/forecast-rows.js';
import { unpackLines } from './chunk-lines.js';
import type { JobStore } from './store.js';
import type { JobRecord } from './types.js';

export type ResultsFormat = 'csv' | 'ndjson';

/** Writes the job's results to `out` and ends it; stops early when `out` is destroyed (the caller went away). */
export async function writeResults(jobs: JobStore, job: JobRecord, format: ResultsFormat, out: Writable): Promise<void> {
  const levels = job.params.level ?? [];
  const quantiles = job.params.quantiles ?? [];
  const write = async (text: string) => {
    if (text === '' || out.destroyed) return;
    if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
  };
  if (format === 'csv') await write(csvHeader(levels, quantiles));
  for (let chunk = 0; chunk < job.chunks && !out.destroyed; chunk++) {
    const packed = await jobs.chunkResult({ jobId: job.id, chunk });
    // deleted under us (cancelled or expired while streaming): the answer is cut, which a reader can tell
    if (packed === undefined) {
      out.destroy();
      return;
    }
    const lines = unpackLines(packed);
    if (format === 'ndjson') {
      await write(lines.join('\n') + '\n');
      continue;
    }
    let text = '';
    for (const line of lines) {
      const item = JSON.parse(line) as BatchItemBody;
      if ('error' in item) continue;
      text += csvLines({ id: item.id, result: item, ...(item.timestamps ? { timestamps: item.timestamps } : {}) }, levels, quantiles);
    }
    await write(text);
  }
  if (!out.destroyed) out.end();
}
