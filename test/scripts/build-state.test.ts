// One staleness rule for `npm run build` and for `npm start` (scripts/ensure-build.js): a compiler's
// output is current while its inputs' bytes are those it was made from, whatever their times say.
// Both work on a small tree of their own in a temp directory, so no test compiles the real core.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { inputsOf, isCurrent, markBuilt, staleParts } from '../../scripts/build-state.js';

const repo = resolve(import.meta.dirname, '../..');
const BUILD_RUNS = 'build-runs';

let root: string;
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};
// a minute later than anything written here, as an editor's save or a checkout leaves a file
const touch = (path: string) => {
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, path), later, later);
};

// a tree with each compiler's inputs and outputs, both built from what is there now; its `npm run
// build` only counts its runs, since what ensure-build decides is whether to start it
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tempo-build-state-'));
  write('package.json', JSON.stringify({ type: 'module', scripts: { build: `node -e "require('fs').appendFileSync('${BUILD_RUNS}', 'run\\\\n')"` } }));
  write('package-lock.json', '{"lockfileVersion": 3}');
  write('asconfig.json', '{"targets": {}}');
  write('tsconfig.json', '{"include": ["src/**/*.ts"]}');
  write('assembly/index.ts', 'export function one(): i32 { return 1; }\n');
  write('assembly/README.md', 'written by gen-registry\n');
  write('src/a.ts', 'export const a = 1;\n');
  write('build/tempo.wasm', 'wasm');
  write('build/tempo-inspect.wasm', 'wasm');
  write('dist/src/a.js', 'export const a = 1;\n');
  for (const file of ['build-state.js', 'ensure-build.js']) write(`scripts/${file}`, readFileSync(join(repo, 'scripts', file), 'utf8'));
  for (const part of ['asc', 'inspect', 'tsc'] as const) markBuilt(root, part, inputsOf(root, part));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the build\'s staleness rule (scripts/build-state.js)', () => {
  it('finds a tree built from its inputs current, even with every input touched since', () => {
    expect(staleParts(root)).toEqual([]);
    for (const f of ['package.json', 'package-lock.json', 'asconfig.json', 'tsconfig.json', 'assembly/index.ts', 'src/a.ts']) touch(f);
    expect(staleParts(root)).toEqual([]);
  });

  it('finds a compiler stale when one of its inputs changes bytes, and current again when they are put back', () => {
    write('src/a.ts', 'export const a = 2;\n');
    expect(staleParts(root)).toEqual(['tsc']);
    write('src/a.ts', 'export const a = 1;\n');
    expect(staleParts(root)).toEqual([]);
    // the shipped core and the inspection build compile the same sources
    write('assembly/index.ts', 'export function one(): i32 { return 2; }\n');
    expect(staleParts(root)).toEqual(['asc', 'inspect']);
  });

  it('reads each compiler\'s own inputs: the lockfile is every one\'s, package.json tsc\'s, assembly/README.md none\'s', () => {
    write('assembly/README.md', 'rewritten\n');
    expect(staleParts(root)).toEqual([]);
    write('package.json', JSON.stringify({ type: 'commonjs' }));
    expect(staleParts(root)).toEqual(['tsc']);
    write('package-lock.json', '{"lockfileVersion": 3, "packages": {}}');
    expect(staleParts(root)).toEqual(['asc', 'inspect', 'tsc']);
  });

  it('finds a compiler stale when its output is gone, or was never stamped', () => {
    rmSync(join(root, 'dist/src'), { recursive: true });
    expect(staleParts(root)).toEqual(['tsc']);
    rmSync(join(root, 'build/.inputs-sha256'));
    expect(staleParts(root)).toEqual(['asc', 'tsc']);
    rmSync(join(root, 'build/tempo-inspect.wasm'));
    expect(staleParts(root)).toEqual(['asc', 'inspect', 'tsc']);
  });
});

describe('the workspace packages\' staleness (packages/core, packages/client)', () => {
  beforeEach(() => {
    for (const name of ['core', 'client']) {
      write(`packages/${name}/package.json`, `{"name": "@tempo-forecast/${name}"}`);
      write(`packages/${name}/tsconfig.json`, '{}');
      write(`packages/${name}/src/index.ts`, `export const ${name} = 1;\n`);
      write(`packages/${name}/dist/index.d.ts`, 'export {};\n');
    }
    write('src/common/types.ts', 'export type T = 1;\n');
    write('scripts/build-packages.js', '// builds\n');
    for (const part of ['tsc', 'package:core', 'package:client'] as const) markBuilt(root, part, inputsOf(root, part));
  });

  it('rebuilds a package when its sources, its own files or (the core) the .wasm it ships change', () => {
    expect([isCurrent(root, 'package:core'), isCurrent(root, 'package:client')]).toEqual([true, true]);
    // the client reads src/common's wire types; the core its own sources only
    write('src/common/types.ts', 'export type T = 2;\n');
    expect([isCurrent(root, 'package:core'), isCurrent(root, 'package:client')]).toEqual([true, false]);
    write('src/common/types.ts', 'export type T = 1;\n');
    write('packages/core/src/index.ts', 'export const core = 2;\n');
    expect([isCurrent(root, 'package:core'), isCurrent(root, 'package:client')]).toEqual([false, true]);
    write('packages/core/src/index.ts', 'export const core = 1;\n');
    write('build/tempo.wasm', 'another wasm');
    expect([isCurrent(root, 'package:core'), isCurrent(root, 'package:client')]).toEqual([false, true]);
    write('build/tempo.wasm', 'wasm');
    write('packages/client/package.json', '{"name": "@tempo-forecast/client", "version": "0.2.0"}');
    expect([isCurrent(root, 'package:core'), isCurrent(root, 'package:client')]).toEqual([true, false]);
    rmSync(join(root, 'packages/core/dist/index.d.ts'));
    expect(isCurrent(root, 'package:core')).toBe(false);
  });

  it('recompiles the server when a package\'s sources change: it imports them by name and reads their declarations', () => {
    expect(isCurrent(root, 'tsc')).toBe(true);
    write('packages/client/src/index.ts', 'export const client = 2;\n');
    expect(isCurrent(root, 'tsc')).toBe(false);
  });

  it('counts them in what `npm start` builds first, in the build\'s order: the server loads its core and the CLI its client from them', () => {
    expect(staleParts(root)).toEqual([]);
    write('packages/core/src/index.ts', 'export const core = 2;\n');
    expect(staleParts(root)).toEqual(['package:core', 'tsc']);
    rmSync(join(root, 'packages/client/dist/index.d.ts'));
    expect(staleParts(root)).toEqual(['package:core', 'package:client', 'tsc']);
  });
});

describe('scripts/ensure-build.js (npm start)', () => {
  // what ensure-build writes on stderr; the tree's build writes nothing
  const ensure = (): string => {
    const r = spawnSync(process.execPath, [join(root, 'scripts/ensure-build.js')], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    return r.stderr;
  };
  const runs = () => (existsSync(join(root, BUILD_RUNS)) ? readFileSync(join(root, BUILD_RUNS), 'utf8').split('\n').filter(Boolean).length : 0);

  it('does not build when sources were touched but not changed', () => {
    touch('src/a.ts');
    touch('assembly/index.ts');
    expect(ensure()).toBe('');
    expect(runs()).toBe(0);
  });

  it('builds, saying so on stderr, when a source changed', () => {
    write('src/a.ts', 'export const a = 2;\n');
    expect(ensure()).toBe('tempo: build missing or stale, building first\n');
    expect(runs()).toBe(1);
  });

  it('builds when the core is missing', () => {
    rmSync(join(root, 'build/tempo.wasm'));
    expect(ensure()).toBe('tempo: build missing or stale, building first\n');
    expect(runs()).toBe(1);
  });
});
