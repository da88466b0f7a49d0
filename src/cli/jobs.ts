// `tempo jobs …`: a server's jobs from the command line: status (and re-attaching with a progress
// bar), results to a file, cancel, list.
import { quoted } from '../common/caller-text.js';
import type { Job } from '@tempo-forecast/client';
import { parseCommand, positiveInt, optional, type Parsed } from './args.js';
import { CommandFailure, UsageError, table, type CliIO } from './io.js';
import { cliFailure, jobClient, jobErrorLines, jobJson, jobLine } from './job-client.js';
import { downloadResults, followJob, reattachHint, resultsFormat } from './job-follow.js';
import { JOBS_CANCEL_HELP, JOBS_GET_HELP, JOBS_HELP, JOBS_LIST_HELP, JOBS_RESULTS_HELP } from './usage.js';

const SERVER = { server: { type: 'string' } } as const;
const DEFAULT_LIMIT = 100;

// the JOB_ID every subcommand but list takes
function jobId(p: Parsed, command: string, help: string): string {
  const id = p.positionals[0];
  if (id === undefined || id === '') throw new UsageError(`${command}: JOB_ID is required`, help);
  if (!/^[A-Za-z0-9._~-]{1,200}$/.test(id)) throw new UsageError(`${command}: ${quoted(id, 'that')} is not a job id (letters, digits, . _ ~ -)`, help);
  return id;
}

// runs `work` with a signal that Ctrl-C aborts, and the client's errors as the CLI's
async function interruptible<T>(io: CliIO, command: string, work: (signal: AbortSignal) => Promise<T>, onInterrupt?: () => string): Promise<T> {
  const controller = new AbortController();
  const stop = io.onInterrupt?.(() => controller.abort(new Error('interrupted'))) ?? (() => {});
  try {
    return await work(controller.signal);
  } catch (err) {
    if (controller.signal.aborted) throw new CommandFailure(`${command}: interrupted${onInterrupt ? `; ${onInterrupt()}` : ''}`);
    throw cliFailure(err, command);
  } finally {
    stop();
  }
}

function describeJob(job: Job): string {
  const when = [`created ${job.createdAt.toISOString()}`];
  if (job.startedAt) when.push(`started ${job.startedAt.toISOString()}`);
  if (job.finishedAt) when.push(`finished ${job.finishedAt.toISOString()}`);
  if (job.expiresAt) when.push(`results kept until ${job.expiresAt.toISOString()}`);
  return [jobLine(job), `  model ${job.model}; ${when.join(', ')}`, ...jobErrorLines(job)].join('\n');
}

async function get(argv: string[], io: CliIO): Promise<number> {
  const h = JOBS_GET_HELP;
  const p = parseCommand('jobs get', argv, { ...SERVER, wait: { type: 'boolean' } }, 1, h);
  if (p.values.help === true) { io.out(h); return 0; }
  const id = jobId(p, 'jobs get', h);
  const client = jobClient(p, io, 'jobs get', h);
  const server = optional(p, 'server')!;
  if (p.values.wait !== true) {
    const job = await interruptible(io, 'jobs get', (signal) => client.getJob(id, { signal }));
    io.out(p.values.json === true ? JSON.stringify(jobJson(job)) : describeJob(job));
    return 0;
  }
  const job = await interruptible(io, 'jobs get', (signal) => followJob(client, id, io, 'tempo jobs', signal),
    () => `job ${id} keeps running on the server; follow it again with: ${reattachHint(id, server)}`);
  io.out(p.values.json === true ? JSON.stringify(jobJson(job)) : describeJob(job));
  return 0;
}

async function results(argv: string[], io: CliIO): Promise<number> {
  const h = JOBS_RESULTS_HELP;
  const p = parseCommand('jobs results', argv, { ...SERVER, out: { type: 'string' }, format: { type: 'string' } }, 1, h);
  if (p.values.help === true) { io.out(h); return 0; }
  const id = jobId(p, 'jobs results', h);
  const out = optional(p, 'out');
  const format = resultsFormat(optional(p, 'format'), out, 'jobs results', h);
  const client = jobClient(p, io, 'jobs results', h);
  const bytes = await interruptible(io, 'jobs results', (signal) => downloadResults(client, id, format, out, io, 'jobs results', signal),
    () => (out ? `${out} was not written` : 'the output is incomplete'));
  if (p.values.json === true && out !== undefined) io.out(JSON.stringify({ id, format, out, bytes }));
  else if (out !== undefined) io.err(`tempo jobs: wrote ${out} (${bytes} bytes, ${format})`);
  return 0;
}

async function cancel(argv: string[], io: CliIO): Promise<number> {
  const h = JOBS_CANCEL_HELP;
  const p = parseCommand('jobs cancel', argv, SERVER, 1, h);
  if (p.values.help === true) { io.out(h); return 0; }
  const id = jobId(p, 'jobs cancel', h);
  const client = jobClient(p, io, 'jobs cancel', h);
  await interruptible(io, 'jobs cancel', (signal) => client.cancelJob(id, { signal }));
  io.out(p.values.json === true ? JSON.stringify({ id, cancelled: true }) : `Cancelled job ${id}; its inputs and results are deleted.`);
  return 0;
}

async function list(argv: string[], io: CliIO): Promise<number> {
  const h = JOBS_LIST_HELP;
  const p = parseCommand('jobs list', argv, { ...SERVER, limit: { type: 'string' } }, 0, h);
  if (p.values.help === true) { io.out(h); return 0; }
  const limit = positiveInt(p, 'limit', 'jobs list', h) ?? DEFAULT_LIMIT;
  const client = jobClient(p, io, 'jobs list', h);
  const jobs = await interruptible(io, 'jobs list', async (signal) => {
    const got: Job[] = [];
    // pages no larger than needed: a short list costs the server one small query
    for await (const job of client.listJobs({ signal, pageSize: Math.min(limit, 100) })) {
      got.push(job);
      if (got.length >= limit) break;
    }
    return got;
  });
  if (p.values.json === true) {
    io.out(JSON.stringify({ jobs: jobs.map(jobJson) }));
  } else if (jobs.length === 0) {
    io.out('No jobs.');
  } else {
    io.out(table(['ID', 'STATUS', 'PROGRESS', 'FAILED', 'MODEL', 'CREATED'], jobs.map((j) => [
      j.id, j.status, `${j.progress.done}/${j.progress.series}`, String(j.progress.failed), j.model, j.createdAt.toISOString(),
    ])));
  }
  return 0;
}

/** Runs `tempo jobs <sub> …`; returns the exit code or throws UsageError / CommandFailure. */
export async function jobsCommand(argv: string[], io: CliIO): Promise<number> {
  const [sub, ...rest] = argv;
  switch (sub) {
    case 'get': return get(rest, io);
    case 'results': return results(rest, io);
    case 'cancel': return cancel(rest, io);
    case 'list': return list(rest, io);
    case undefined: case '--help': case '-h': case 'help':
      io.out(JOBS_HELP);
      return 0;
    default:
      throw new UsageError(`jobs: unknown subcommand ${JSON.stringify(sub)}`, JOBS_HELP);
  }
}
