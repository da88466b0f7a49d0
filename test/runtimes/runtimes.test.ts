// The same tempo.wasm, driven by the same portable host (the built core package, packages/core/dist),
// must give the same bytes in Bun and Deno as in Node; and the client (packages/client/dist) must
// work unchanged there against a real server. Both runtimes come from the npm registry, fetched
// into .runtimes/ by scripts/fetch-runtimes.js on first use, so a plain `npm install` stays small.
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadForecaster } from '../../src/core/node.js';
import type { ForecastResult } from '@tempo-forecast/core';
import { startHarness, type Harness } from '../server/harness.js';
// @ts-expect-error: plain ESM script without types
import { fetchRuntimes, runtimeBin } from '../../scripts/fetch-runtimes.js';
// @ts-expect-error: plain ESM data module shared with the runtimes' script
import { RUNTIME_CASES } from './cases.mjs';
import { HOST_ABI_VERSION } from '../../packages/core/src/abi.js';

const root = resolve(__dirname, '../..');
const smoke = join(root, 'test/runtimes/smoke.mjs');

const clientSmoke = join(root, 'test/runtimes/client-smoke.mjs');

const RUNTIMES: Array<{ name: string; bin: string; run: (script: string) => string[] }> = [
  { name: 'bun', bin: runtimeBin('bun'), run: (script) => [script] },
  // Deno asks for each capability: reading the files, the server's address, the variables
  { name: 'deno', bin: runtimeBin('deno'), run: (script) => ['run', '--allow-read', '--allow-net=127.0.0.1', '--allow-env', '--no-prompt', script] },
];

/** Runs `script` under the runtime with a private home and `extraEnv`; returns its last JSON line. */
async function runIn(name: string, bin: string, args: string[], extraEnv: Record<string, string> = {}): Promise<Record<string, unknown>> {
  if (!existsSync(join(root, 'packages/core/dist/index.js'))) throw new Error('packages/core/dist is missing: run `npm run build` (npm test does)');
  if (!existsSync(bin)) throw new Error(`${name} is missing at ${bin}: run \`node scripts/fetch-runtimes.js\``);
  const home = mkdtempSync(join(tmpdir(), `tempo-${name}-`));
  try {
    // asynchronous: the server some scripts call runs in this very process
    const { stdout } = await promisify(execFile)(bin, args, {
      cwd: root, encoding: 'utf8', timeout: 60_000,
      // a private cache and no update checks: nothing leaves the machine
      env: { PATH: process.env.PATH, HOME: home, DENO_DIR: home, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1', ...extraEnv },
    });
    return JSON.parse(stdout.trim().split('\n').pop()!);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

let expected: ForecastResult[];
beforeAll(async () => {
  fetchRuntimes();
  const core = await loadForecaster();
  expected = (RUNTIME_CASES as Array<{ series: Array<number | null>; horizon: number; options: object }>)
    .map(({ series, horizon, options }) => core.forecast(series, horizon, options));
}, 200_000);

describe.each(RUNTIMES)('the core in $name', ({ name, bin, run }) => {
  it('forecasts exactly what it forecasts in Node', async () => {
    const out = await runIn(name, bin, run(smoke));
    expect(out.runtime).toBe(name);
    expect(out.abi).toBe(HOST_ABI_VERSION);
    // JSON carries every f64 exactly (shortest round-trip form), so equality here is bitwise
    expect(out.results).toEqual(expected);
  });
});

describe('the client in Bun and Deno', () => {
  let h: Harness;
  let key: string, keyId: string, disabled: string;
  beforeAll(async () => {
    h = await startHarness();
    ({ fullKey: key, keyId } = await h.key({ organizationId: 'runtimes' }));
    const off = await h.key({ organizationId: 'runtimes' });
    await h.store.setKeyStatus(off.keyId, 'inactive');
    disabled = off.fullKey;
  });
  afterAll(async () => { await h?.close(); });

  it.each(RUNTIMES)('$name: calls, results and typed errors as in Node, the key never shown', async ({ name, bin, run }) => {
    const out = await runIn(name, bin, run(clientSmoke), { TEMPO_URL: h.url, TEMPO_KEY: key, TEMPO_DISABLED_KEY: disabled });
    expect(out.runtime).toBe(name);
    expect(out.validate).toEqual({ valid: true, keyId, organizationId: 'runtimes' });
    // the server ran the real core: the same answer an in-process forecaster gives
    const core = await loadForecaster();
    const local = core.forecast([112, 118, 132, 129, null, 135, 148, 148, 136, 119, 104, 118], 3, { level: [80] });
    expect(out.forecast).toEqual(local.forecast);
    expect(out.intervals).toEqual(local.intervals);
    expect(typeof out.remaining).toBe('number');
    expect(out.models).toEqual(['tempo']);
    expect(out.invalid).toMatchObject({ name: 'ApiKeyInvalidError', code: 'API_KEY_INVALID' });
    expect(out.inactive).toMatchObject({ name: 'ApiKeyInactiveError', code: 'API_KEY_INACTIVE' });
    expect(out.badBody).toMatchObject({ name: 'RequestInvalidError', code: 'REQUEST_INVALID' });
    expect(out.classes).toEqual({ invalid: true, inactive: true, badBody: true });
    expect(JSON.stringify(out)).not.toContain(key.split('-')[2].slice(0, 20));
  });
});
