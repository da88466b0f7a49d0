// Builds the test-only trapping core (fixtures/trapping-core.ts) into a temp file, once per run.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** Compiles the fixture with asc and returns the .wasm path. */
export function buildTrappingCore(): string {
  const out = join(mkdtempSync(join(tmpdir(), 'tempo-trap-')), 'trap.wasm');
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(join(root, 'node_modules/.bin/asc'),
    [join(root, 'test/compute/fixtures/trapping-core.ts'), '-o', out, '--runtime', 'stub', '-O3'],
    { cwd: root, stdio: 'pipe' });
  return out;
}
