// Following a job on the server from the command line: its progress bar until it ends, and its
// results written to a file that appears whole or not at all (or to stdout).
import { JobFailedError, type Job, type TempoClient } from '@tempo-forecast/client';
import { openAtomicFile, type AtomicFile } from '../table/atomic-file.js';
import { quoted } from '../common/caller-text.js';
import { startProgress, type Progress, type ProgressSink } from './forecast-progress.js';
import { CommandFailure, UsageError, type CliIO } from './io.js';
import { jobErrorLines } from './job-client.js';

/** Longest pause between two looks at a job while its bar is on screen. */
const CLI_MAX_POLL_MS = 5000;

/** How to re-attach to a job from another shell, for the messages that leave it running. */
export function reattachHint(id: string, server: string): string {
  return `tempo jobs get ${id} --server ${server} --wait`;
}

/**
 * Polls the job with a progress bar on stderr until it ends; resolves with it once it succeeded,
 * throws CommandFailure (with its errors) when it failed or was cancelled. `signal` stops the
 * waiting only: the job keeps running.
 */
export async function followJob(client: TempoClient, id: string, io: CliIO, label: string, signal?: AbortSignal, intervalMs?: number): Promise<Job> {
  const sink: ProgressSink = io.stderr ?? { isTTY: false, write: (t) => io.err(t) };
  let progress: Progress | undefined;
  let total = -1;
  let last: Job | undefined;
  try {
    last = await client.waitForJob(id, {
      signal,
      // a bar someone watches moves at least every few seconds
      maxIntervalMs: Math.max(CLI_MAX_POLL_MS, intervalMs ?? 0),
      ...(intervalMs !== undefined ? { intervalMs } : {}),
      onProgress: (job) => {
        last = job;
        if (job.progress.series !== total) {
          // the bar starts once the series are counted, its rate from what was done before we looked
          total = job.progress.series;
          progress = startProgress(sink, total, Date.now, label, job.progress.done);
        }
        progress?.update(job.progress.done);
      },
    });
    progress?.finish(last.progress.done);
    return last;
  } catch (err) {
    if (last) progress?.finish(last.progress.done);
    if (err instanceof JobFailedError && last) {
      throw new CommandFailure([`${label}: job ${id} ${err.status === 'failed' ? 'failed' : 'was cancelled'} after ${last.progress.done} of ${last.progress.series} series`, ...jobErrorLines(last)].join('\n'));
    }
    throw err;
  }
}

/** `csv` or `ndjson` from --format and the --out name; a disagreement between them is a usage error. */
export function resultsFormat(format: string | undefined, out: string | undefined, command: string, help: string): 'csv' | 'ndjson' {
  if (format !== undefined && format !== 'csv' && format !== 'ndjson') throw new UsageError(`${command}: --format must be csv or ndjson (got ${quoted(format, 'something else')})`, help);
  const ext = out === undefined ? undefined : /\.(csv|ndjson|jsonl)$/i.exec(out)?.[1]?.toLowerCase();
  const fromName = ext === undefined ? undefined : ext === 'csv' ? 'csv' : 'ndjson';
  if (format !== undefined && fromName !== undefined && format !== fromName) throw new UsageError(`${command}: --format ${format} does not match --out ${quoted(out!, 'its name')}`, help);
  return (format ?? fromName ?? 'csv') as 'csv' | 'ndjson';
}

/** Downloads the job's results to `out` (renamed into place when whole; removed on failure) or to stdout in whole lines; resolves with the bytes written. */
export async function downloadResults(client: TempoClient, id: string, format: 'csv' | 'ndjson', out: string | undefined, io: CliIO, command: string, signal?: AbortSignal): Promise<number> {
  let target: AtomicFile | undefined;
  if (out !== undefined) {
    try {
      target = await openAtomicFile(out);
    } catch (err) {
      throw new CommandFailure(`${command}: cannot write ${out} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
  }
  const decoder = new TextDecoder();
  let pending = '';
  let bytes = 0;
  try {
    for await (const chunk of client.jobResultsBytes(id, format, signal ? { signal } : {})) {
      bytes += chunk.length;
      if (target) {
        await target.write(chunk);
        continue;
      }
      // stdout gets whole lines: its writer ends every write with a newline
      pending += decoder.decode(chunk, { stream: true });
      const cut = pending.lastIndexOf('\n');
      if (cut >= 0) {
        io.out(pending.slice(0, cut + 1));
        pending = pending.slice(cut + 1);
      }
    }
    pending += decoder.decode();
    if (pending !== '') io.out(pending);
    await target?.commit();
    return bytes;
  } catch (err) {
    await target?.abort();
    throw err;
  }
}
