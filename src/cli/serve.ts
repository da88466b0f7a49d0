// `tempo serve`: checks its flags, then hands over to the server's runServe.
import { CommandFailure, type CliIO } from './io.js';
import { parseCommand } from './args.js';
import { SERVE_HELP } from './usage.js';
import { listenProblem } from './listen-problem.js';

type RunServe = (argv: string[], io: { env: CliIO['env']; out: (text: string) => void }) => Promise<unknown>;

/**
 * Runs the server with `argv` (minus --json: the server logs JSON anyway) and `io.env`; resolves once
 * it listens. Its human lines (first-run key, listening URL) go to stderr, leaving stdout to the JSON logs.
 */
export async function serveCommand(argv: string[], io: CliIO): Promise<number> {
  const p = parseCommand('serve', argv, { port: { type: 'string' }, host: { type: 'string' }, 'job-workers': { type: 'string' } }, 0, SERVE_HELP);
  if (p.values.help === true) {
    io.out(SERVE_HELP);
    return 0;
  }
  // A computed specifier: the server module is another developer's and may not exist in every build.
  const specifier = '../server/main.js';
  let runServe: RunServe | undefined;
  try {
    runServe = ((await import(specifier)) as { runServe?: RunServe }).runServe;
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code !== 'ERR_MODULE_NOT_FOUND') throw err;
  }
  if (typeof runServe !== 'function') throw new CommandFailure('serve: this build has no server (dist/src/server/main.js with runServe); run npm run build');
  try {
    await runServe(argv.filter((a) => a !== '--json'), { env: io.env, out: io.err });
  } catch (err) {
    const problem = listenProblem(err);
    if (problem !== null) throw new CommandFailure(`serve: ${problem}`);
    throw err;
  }
  return 0;
}
