// Builds the test-only trapping core (fixtures/trapping-core.ts) once per fixture source: the
// compiled file is named by a hash of the source and the compiler's version, so the test files
// that need it share one compile instead of running asc (seconds) each.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const source = join(root, 'test/compute/fixtures/trapping-core.ts');

/** Returns the path of the compiled fixture, compiling it with asc when no current build exists. */
export function buildTrappingCore(): string {
  const asc = JSON.parse(readFileSync(join(root, 'node_modules/assemblyscript/package.json'), 'utf8')) as { version: string };
  const hash = createHash('sha256').update(readFileSync(source)).update(asc.version).digest('hex').slice(0, 16);
  const dir = join(tmpdir(), 'tempo-trapping-core');
  const out = join(dir, `${hash}.wasm`);
  if (existsSync(out)) return out;
  mkdirSync(dir, { recursive: true });
  // compiled under a name of its own and renamed into place: test files compiling at once never see half a file
  const partial = join(dir, `${hash}.${process.pid}.${Date.now()}.partial.wasm`);
  // run from the temp folder: from the repository, asc applies asconfig.json's release target by
  // default, whose textFile would overwrite build/tempo.wat (the real core's, which a docs test reads)
  execFileSync(join(root, 'node_modules/.bin/asc'), [source, '-o', partial, '--runtime', 'stub', '-O3'], { cwd: dir, stdio: 'pipe' });
  renameSync(partial, out);
  return out;
}
