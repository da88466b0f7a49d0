// Tunings on the job queue: a tuning's input kept in the job store (gzip'd JSON) until it ends, so
// the process that runs it need not be the one that accepted it, and a stopped run can be run again.
import { gunzipSync, gzipSync } from 'node:zlib';
import type { DurableTunings, TuningJob, TuningService } from '../tuning/service.js';
import type { JobStore } from './store.js';

/** The packed form of a tuning's input. */
export function packTuning(job: TuningJob): Buffer {
  return gzipSync(JSON.stringify(job), { level: 1 });
}

/** A tuning's input from its packed form. */
export function unpackTuning(packed: Buffer): TuningJob {
  return JSON.parse(gunzipSync(packed).toString('utf8')) as TuningJob;
}

/** Tunings kept in `jobs`; handed to `dispatch` (BullMQ) when given, else run by the accepting process. */
export function durableTunings(jobs: JobStore, dispatch?: (name: string) => Promise<void>): DurableTunings {
  return {
    save: (job) => jobs.saveTuningInput(job.name, job.organizationId, packTuning(job)),
    drop: (name) => jobs.dropTuningInput(name),
    ...(dispatch !== undefined ? { dispatch } : {}),
  };
}

/** Runs the tuning `name` here from its kept input; false when it has none (it ended, or was deleted). */
export async function runKeptTuning(jobs: JobStore, tuning: TuningService, name: string): Promise<boolean> {
  const packed = await jobs.tuningInput(name);
  if (packed === undefined) return false;
  await tuning.runHere(unpackTuning(packed));
  return true;
}

/** Runs again, one after another, every tuning whose input is kept (an embedded server's restart). */
export async function resumeTunings(jobs: JobStore, tuning: TuningService): Promise<number> {
  const names = await jobs.tuningInputNames();
  for (const name of names) void runKeptTuning(jobs, tuning, name).catch(() => {});
  return names.length;
}
