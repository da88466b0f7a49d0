// `npm run docs:measure -- hostile`: runs the hostile suite (`npm run test:hostile`'s tests) and,
// only when every test passed, publishes the targets it measured to docs/results/hostile.json,
// which docs/operations.md's table is rendered from.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { targetRows } from '../../test/hostile/global-setup.js';
import { ROOT, startMeasurement, writeResult } from './results.js';

const finish = startMeasurement('npm run test:hostile');
const run = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'vitest.hostile.config.ts'], { cwd: ROOT, stdio: 'inherit' });
if (run.status !== 0) {
  console.error('hostile: the suite failed, so nothing is published');
  process.exit(1);
}
console.log(`published: ${writeResult('hostile', finish(), { targets: targetRows() })}`);
