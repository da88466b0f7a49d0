// Runs the real `tempo` command (bin/tempo.js → dist) in a child process with a clean environment;
// process.test.ts uses it, the logic tests run in-process through in-process.ts.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const BIN = join(ROOT, 'bin', 'tempo.js');

export interface Run { code: number; stdout: string; stderr: string }

/** Fails loudly when the CLI has not been compiled (npm test builds first; or run npx tsc -p tsconfig.json). */
export function requireBuiltCli(): void {
  if (!existsSync(join(ROOT, 'dist', 'src', 'cli', 'main.js'))) {
    throw new Error('dist/src/cli/main.js is missing: run `npx tsc -p tsconfig.json` (npm test does) before these tests');
  }
}

/** Runs `node bin/tempo.js ...args`; the environment holds only PATH plus `env`, so a developer's or CI's variables don't leak in. */
export function tempo(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, timeout: 20_000 },
      (err, stdout, stderr) => {
        const code = err === null ? 0 : typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1;
        resolve({ code, stdout, stderr });
      });
  });
}
