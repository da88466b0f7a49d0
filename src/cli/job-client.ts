// What the job commands share: the client for --server and TEMPO_API_KEY, a job as the CLI prints
// it, and the client's errors turned into the CLI's two kinds of failure.
import { APIError, RequestInvalidError, TempoClient, TempoError, type Job } from '@tempo-forecast/client';
import { quoted } from '../common/caller-text.js';
import type { Parsed } from './args.js';
import { optional, required } from './args.js';
import { CommandFailure, UsageError, type CliIO } from './io.js';

/** The client for the command's --server, with the key from TEMPO_API_KEY; throws UsageError when either is missing or malformed. */
export function jobClient(p: Parsed, io: CliIO, command: string, help: string): TempoClient {
  for (const flag of ['data-dir', 'create']) {
    if (p.values[flag] !== undefined) throw new UsageError(`${command}: --${flag} does not apply: the job lives on the server named by --server`, help);
  }
  const server = required(p, 'server', command, help);
  const apiKey = io.env.TEMPO_API_KEY;
  if (apiKey === undefined || apiKey === '') throw new UsageError(`${command}: set TEMPO_API_KEY to the API key to use with --server`);
  const model = optional(p, 'model');
  try {
    return new TempoClient({ apiKey, baseUrl: server, ...(model !== undefined ? { model } : {}) });
  } catch (err) {
    // the client's messages never quote the key
    throw new UsageError(`${command}: ${(err as Error).message}`, help);
  }
}

/** A job as the API writes it (snake_case, ISO dates), for --json. */
export function jobJson(job: Job): Record<string, unknown> {
  return {
    id: job.id, model: job.model, status: job.status, progress: job.progress,
    created_at: job.createdAt.toISOString(),
    ...(job.startedAt ? { started_at: job.startedAt.toISOString() } : {}),
    ...(job.finishedAt ? { finished_at: job.finishedAt.toISOString() } : {}),
    ...(job.expiresAt ? { expires_at: job.expiresAt.toISOString() } : {}),
    errors: job.errors,
    errors_total: job.errorsTotal,
  };
}

/** One line saying where a job stands: `job_1  running  1200/5000 series (3 failed)`. */
export function jobLine(job: Job): string {
  const failed = job.progress.failed > 0 ? ` (${job.progress.failed} failed)` : '';
  return `${job.id}  ${job.status}  ${job.progress.done}/${job.progress.series} series${failed}`;
}

/** The job's series errors as lines, the uncounted rest summed up. */
export function jobErrorLines(job: Job): string[] {
  const lines = job.errors.map((e) => `  series ${quoted(e.id, 'one of the file')}: ${e.code}: ${e.detail}`);
  if (job.errorsTotal > job.errors.length) lines.push(`  … and ${job.errorsTotal - job.errors.length} more`);
  return lines;
}

/**
 * The CLI's failure for a client error: a refused input (the file or a flag) is a usage error to
 * fix (exit 2), listing where the server found each problem; anything else could not be done (exit 1).
 */
export function cliFailure(err: unknown, command: string): unknown {
  // a server that gave up waiting for the rest of the upload: nothing in the file to fix
  if (err instanceof RequestInvalidError && err.status === 408) {
    return new CommandFailure(`${command}: ${err.message}; the upload fell below the server's TEMPO_UPLOAD_MIN_BYTES_PER_S (docs/jobs.md)`);
  }
  if (err instanceof RequestInvalidError) {
    const head = err.detail ?? err.message;
    // each problem once: a detail that already names its place is shown as it is
    const lines = err.errors.slice(0, 20).map((e) => (e.detail.startsWith(e.pointer.replace(/^\//, '')) ? e.detail : `${e.pointer}: ${e.detail}`))
      .filter((line) => line !== head);
    return new UsageError([`${command}: the server refused it: ${head}`, ...lines.map((l) => `  ${l}`)].join('\n'));
  }
  if (err instanceof APIError) return new CommandFailure(`${command}: ${err.message}`);
  if (err instanceof TempoError) return new CommandFailure(`${command}: ${err.message}`);
  return err;
}
