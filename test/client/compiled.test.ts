// The client as the server package ships it: `tempo-forecast/client`, compiled by the build's tsc
// (no tsx) to a re-export of the @tempo-forecast/client package it depends on, loaded from the path
// package.json's "./client" export names, and used against a real server.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startHarness, type Harness } from '../server/harness.js';
import { assertBuilt } from '../support/built.js';

const root = resolve(import.meta.dirname, '../..');
let h: Harness;

beforeAll(async () => {
  // the build (npm test runs it first) already compiled the client with tsconfig.json's settings;
  // compiling it again here cost 5-13 s, but a build older than the sources would test stale code
  assertBuilt(root, 'dist/ is missing or was not compiled from src/ as it is now, so the client would be stale; run `npm run build` (npm test does)');
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('compiled client', () => {
  it('loads from the "./client" export path and answers a real server', async () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const entry = pkg.exports['./client'];
    expect(entry).toEqual({ types: './dist/src/client/index.d.ts', default: './dist/src/client/index.js' });
    const types = readFileSync(join(root, entry.types), 'utf8');
    // one client: the server package's name for it re-exports the package's, it compiles no copy of its own
    expect(types).toContain("export * from '@tempo-forecast/client';");
    const mod = await import(pathToFileURL(join(root, entry.default)).href);
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
