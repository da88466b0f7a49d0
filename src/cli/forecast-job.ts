// `tempo forecast --file F --server URL --job`: the file uploaded as it is read (one job on the
// server), its progress followed, its results downloaded to --out; the job's id printed first, so
// an interrupted command can be re-attached with `tempo jobs get ID --wait`.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { quoted } from '../common/caller-text.js';
import type { Job } from '@tempo-forecast/client';
import { optional, positiveInt, quantilesFlag, required, type Parsed } from './args.js';
import { CommandFailure, UsageError, type CliIO } from './io.js';
import { cliFailure, jobClient, jobErrorLines } from './job-client.js';
import { onInvalidFlag, parseLevels } from './forecast.js';
import { downloadResults, followJob, reattachHint, resultsFormat } from './job-follow.js';

/** Runs the --job form of `tempo forecast --server`; resolves to the exit code. */
export async function forecastJob(p: Parsed, io: CliIO, help: string): Promise<number> {
  const file = required(p, 'file', 'forecast', help);
  const server = required(p, 'server', 'forecast', help);
  const horizon = positiveInt(p, 'horizon', 'forecast', help);
  if (horizon === undefined) throw new UsageError('forecast: --horizon is required', help);
  // the server splits a job into chunks of its own choosing, with workers of its own, and reads the file itself
  for (const flag of ['batch-size', 'workers', 'fill-missing', 'fitted']) {
    if (p.values[flag] !== undefined) throw new UsageError(`forecast: --${flag} does not apply with --job`, help);
  }
  const onInvalid = optional(p, 'on-invalid') === undefined ? undefined : onInvalidFlag(optional(p, 'on-invalid'), help);
  const out = optional(p, 'out');
  const format = resultsFormat(undefined, out, 'forecast', help);
  const json = p.values.json === true;
  if (json && out === undefined) throw new UsageError('forecast: --json prints a summary, so it needs --out for the forecasts', help);
  const levelList = parseLevels(optional(p, 'level'));
  const level = levelList.length > 0 ? levelList : undefined;
  const quantiles = quantilesFlag(p, 'forecast', help);
  const seasonLength = positiveInt(p, 'season-length', 'forecast', help);
  const freq = optional(p, 'freq');
  const holidays = optional(p, 'holidays');
  const client = jobClient(p, io, 'forecast', help);
  try {
    if (!(await stat(file)).isFile()) throw new UsageError(`forecast: ${file} is not a file`, help);
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`forecast: ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : `cannot be read (${(err as NodeJS.ErrnoException).code})`}`);
  }

  const controller = new AbortController();
  const stop = io.onInterrupt?.(() => controller.abort(new Error('interrupted'))) ?? (() => {});
  const started = performance.now();
  let job: Job | undefined;
  try {
    job = await client.createJob({
      horizon, csv: createReadStream(file), gzip: p.values.gzip === true,
      ...(level ? { level } : {}), ...(quantiles ? { quantiles } : {}), ...(freq !== undefined ? { freq } : {}),
      ...(seasonLength !== undefined ? { seasonLength } : {}), ...(onInvalid !== undefined ? { onInvalid } : {}),
      ...(holidays !== undefined ? { holidays } : {}),
    }, { signal: controller.signal });
    const id = job.id;
    io.err(`tempo forecast: job ${id} ${job.status}, ${job.progress.series} series; if this command stops, follow it again with: ${reattachHint(id, server)}`);
    const done = await followJob(client, id, io, 'tempo forecast', controller.signal);
    const bytes = await downloadResults(client, id, format, out, io, 'forecast', controller.signal);
    const seconds = (performance.now() - started) / 1000;
    if (done.progress.failed > 0 || done.errors.length > 0) {
      io.err([`tempo forecast: ${done.progress.failed} series could not be forecast and are not in the results:`, ...jobErrorLines(done)].join('\n'));
    }
    if (json) io.out(JSON.stringify({ job: id, series: done.progress.series, failed: done.progress.failed, seconds: Number(seconds.toFixed(3)), out, bytes }));
    else io.err(`tempo forecast: job ${id}: ${done.progress.done} series in ${seconds.toFixed(1)} s${out ? `; wrote ${out}` : ''}`);
    return 0;
  } catch (err) {
    if (controller.signal.aborted) {
      throw new CommandFailure(job === undefined
        ? 'forecast: interrupted during the upload; no job was created'
        : `forecast: interrupted; job ${job.id} keeps running on the server: ${reattachHint(job.id, server)}, then tempo jobs results ${job.id} --server ${server}${out ? ` --out ${out}` : ''}`);
    }
    throw cliFailure(err, 'forecast');
  } finally {
    stop();
  }
}
