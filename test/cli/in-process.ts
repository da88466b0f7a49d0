// Runs the `tempo` command line in this process through main(argv, io), capturing what a shell would see.
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import type { Run } from './run.js';

// each write ends with a newline, as the process's own io adds one, so output compares as it would in a shell
function collect(into: string[]): (text: string) => void {
  return (text) => { into.push(text.endsWith('\n') ? text : text + '\n'); };
}

/** Runs `tempo ...args` in-process; the environment is exactly `env`, so this process's variables don't leak in. */
export async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: collect(out), err: collect(err), env: { ...env } };
  const code = await main(args, io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}
