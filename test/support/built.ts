// Tests that load what the build compiled (dist/) check first that it is not older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

// the newest modification time among `dir`'s files ending in `suffix` (0 when there are none)
function newest(dir: string, suffix: string): number {
  if (!existsSync(dir)) return 0;
  return Math.max(0, ...readdirSync(dir).filter((f) => f.endsWith(suffix)).map((f) => statSync(join(dir, f)).mtimeMs));
}

/** Throws `message` unless `root`/dist/src/`part` holds .js files at least as new as `root`/src/`part`'s .ts files. */
export function assertBuilt(root: string, part: string, message: string): void {
  const built = newest(join(root, 'dist/src', part), '.js');
  if (built === 0 || built < newest(join(root, 'src', part), '.ts')) throw new Error(message);
}
