// The same tempo.wasm, driven by the same portable host (src/core compiled to dist/), must give
// the same bytes in Bun and Deno as in Node. Both runtimes come from the npm registry as dev
// dependencies (their binaries ship inside the packages), so `npm ci` provides them.
import { describe, it, expect, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadForecaster } from '../../src/core/node.js';
import type { ForecastResult } from '../../src/core/index.js';
// @ts-expect-error: plain ESM data module shared with the runtimes' script
import { RUNTIME_CASES } from './cases.mjs';

const root = resolve(__dirname, '../..');
const smoke = join(root, 'test/runtimes/smoke.mjs');

const RUNTIMES: Array<{ name: string; bin: string; args: string[] }> = [
  { name: 'bun', bin: join(root, 'node_modules/.bin/bun'), args: [smoke] },
  { name: 'deno', bin: join(root, 'node_modules/.bin/deno'), args: ['run', '--allow-read', '--no-prompt', smoke] },
];

let expected: ForecastResult[];
beforeAll(async () => {
  const core = await loadForecaster();
  expected = (RUNTIME_CASES as Array<{ series: Array<number | null>; horizon: number; options: object }>)
    .map(({ series, horizon, options }) => core.forecast(series, horizon, options));
});

describe.each(RUNTIMES)('the core in $name', ({ name, bin, args }) => {
  it('forecasts exactly what it forecasts in Node', () => {
    if (!existsSync(join(root, 'dist/src/core/index.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does)');
    if (!existsSync(bin)) throw new Error(`${name} is missing at ${bin}: run \`npm install\` (it is a dev dependency)`);
    const home = mkdtempSync(join(tmpdir(), `tempo-${name}-`));
    try {
      const run = spawnSync(bin, args, {
        cwd: root, encoding: 'utf8', timeout: 60_000,
        // a private cache and no update checks: nothing leaves the machine
        env: { PATH: process.env.PATH, HOME: home, DENO_DIR: home, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      });
      expect(run.error, String(run.error)).toBeUndefined();
      expect(run.status, run.stderr).toBe(0);
      const out = JSON.parse(run.stdout.trim().split('\n').pop()!);
      expect(out.runtime).toBe(name);
      expect(out.abi).toBe(1);
      // JSON carries every f64 exactly (shortest round-trip form), so equality here is bitwise
      expect(out.results).toEqual(expected);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
