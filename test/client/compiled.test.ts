// The client as it ships: compiled by tsc with the repo's settings (no tsx), loaded by plain Node
// from the path package.json's "./client" export names, and used against a real server.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startHarness, type Harness } from '../server/harness.js';

const root = resolve(import.meta.dirname, '../..');
let h: Harness;
let out: string;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'tempo-client-build-'));
  // only the client's own graph, so this stays quick; same compiler options as tsconfig.json
  execFileSync(join(root, 'node_modules/.bin/tsc'), [
    join(root, 'src/client/index.ts'), '--outDir', join(out, 'dist'), '--rootDir', root,
    '--target', 'ES2022', '--module', 'NodeNext', '--moduleResolution', 'NodeNext', '--strict', '--declaration',
    '--skipLibCheck', '--lib', 'ES2022,DOM',
  ], { cwd: root, stdio: 'pipe' });
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
  rmSync(out, { recursive: true, force: true });
});

describe('compiled client', () => {
  it('loads from the "./client" export path and answers a real server', async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const entry = pkg.exports['./client'];
    expect(entry).toEqual({ types: './dist/src/client/index.d.ts', default: './dist/src/client/index.js' });
    const types = readFileSync(join(out, entry.types), 'utf8');
    expect(types).toContain('TempoClient');
    const mod = await import(pathToFileURL(join(out, entry.default)).href);
    const k = await h.key();
    const c = new mod.TempoClient({ apiKey: k.fullKey, baseUrl: h.url });
    expect((await c.validate()).keyId).toBe(k.keyId);
    const res = await c.forecast({ series: [1, 2, 3, 4, 5, 6], horizon: 2 });
    expect(res.forecast).toHaveLength(2);
    const err = await c.forecast({ series: [1], horizon: 1 }, { model: 'missing-model' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(mod.ModelNotAvailableError);
    expect(err).toBeInstanceOf(mod.TempoError);
  });
});
