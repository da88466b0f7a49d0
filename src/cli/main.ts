// The `tempo` command: picks the subcommand, runs it, and turns every failure into a message on
// stderr and an exit code (2: fix the command line, 1: it could not be done).
import { ConfigError } from '../config/config.js';
import { StoreConflictError, StoreValidationError } from '../store/types.js';
import { DataDirError } from '../store/data-dir.js';
import { CommandFailure, UsageError, type CliIO } from './io.js';
import { MAIN_HELP } from './usage.js';
import { packageVersion } from '../config/package-version.js';

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

function processIO(): CliIO {
  return {
    out: (text) => process.stdout.write(text.endsWith('\n') ? text : text + '\n'),
    err: (text) => process.stderr.write(text.endsWith('\n') ? text : text + '\n'),
    env: process.env,
    stderr: { isTTY: process.stderr.isTTY === true, write: (text) => { process.stderr.write(text); } },
    onInterrupt(handler) {
      process.once('SIGINT', handler);
      process.once('SIGTERM', handler);
      return () => { process.off('SIGINT', handler); process.off('SIGTERM', handler); };
    },
  };
}

// each command is loaded when it runs: `tempo keys list` need not load the server, nor --help anything
async function dispatch(argv: string[], io: CliIO): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'serve': return (await import('./serve.js')).serveCommand(rest, io);
    case 'worker': return (await import('./worker.js')).workerCommand(rest, io);
    case 'keys': return (await import('./keys.js')).keysCommand(rest, io);
    case 'models': return (await import('./models.js')).modelsCommand(rest, io);
    case 'jobs': return (await import('./jobs.js')).jobsCommand(rest, io);
    // with --server the series go to a Tempo server in batches; without it they are forecast here
    case 'forecast': return (await import('./forecast.js')).forecastCommand(rest, io);
    case 'cross-validate': return (await import('./cross-validate.js')).crossValidateCommand(rest, io);
    case undefined:
      io.err(MAIN_HELP);
      return EXIT_USAGE;
    case 'version': case '--version': case '-V':
      io.out(argv.includes('--json') ? JSON.stringify({ version: packageVersion() }) : `tempo ${packageVersion()}`);
      return EXIT_OK;
    case 'help': case '--help': case '-h':
      io.out(MAIN_HELP);
      return EXIT_OK;
    default:
      throw new UsageError(`unknown command ${JSON.stringify(command)}`, MAIN_HELP);
  }
}

function failure(err: unknown): { code: number; message: string; help?: string; errors?: unknown } {
  if (err instanceof UsageError) return { code: EXIT_USAGE, message: err.message, help: err.help };
  if (err instanceof ConfigError) return { code: EXIT_USAGE, message: `configuration: ${err.message}` };
  if (err instanceof StoreValidationError) return { code: EXIT_USAGE, message: err.message, errors: err.errors.length > 0 ? err.errors : undefined };
  if (err instanceof StoreConflictError || err instanceof CommandFailure || err instanceof DataDirError) return { code: EXIT_FAILURE, message: err.message };
  return { code: EXIT_FAILURE, message: err instanceof Error ? err.message : String(err) };
}

/** Runs the tempo command line `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (err) {
    const f = failure(err);
    if (argv.includes('--json')) {
      io.err(JSON.stringify({ error: f.message, exit_code: f.code, ...(f.errors === undefined ? {} : { errors: f.errors }) }));
    } else {
      io.err(`tempo: ${f.message}`);
      if (f.code === EXIT_USAGE && f.help !== undefined) io.err(`\n${f.help}`);
    }
    return f.code;
  }
}
