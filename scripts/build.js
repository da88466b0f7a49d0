#!/usr/bin/env node
// `npm run build`: the WebAssembly core (asc), the registry files it reports (gen-registry.js), the
// TypeScript (tsc), the inspection build of the core for tests and benchmarks (asc again,
// build/tempo-inspect.wasm), then the workspace packages' dist/ (scripts/build-packages.js). The
// compilers take about 6 s, 5 s and 6 s of one core each and do not read each other's output, so on
// a fresh clone they run side by side; tsc runs again only when gen-registry rewrote
// src/core/registry.generated.ts under it. A compiler whose output is current
// (scripts/build-state.js: its inputs hash as at its last success) is not run again, so `npm test`
// after `npm test` skips both; any change to a source's bytes, a config or package-lock.json runs it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASC_ARGS, INSPECT_ARGS, TSC_ARGS, inputsOf, isCurrent, markBuilt } from './build-state.js';
import { HOST_FILE } from './gen-registry.js';
import { buildPackages } from './build-packages.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => join(root, p);
const bin = (name) => at(`node_modules/.bin/${name}`);

// runs a compiler, holding its output until it ends so two compilers' messages never interleave
function run(name, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(bin(name), args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      process.stderr.write(Buffer.concat(out));
      if (code === 0) resolve();
      else reject(new Error(`${name} ${args.join(' ')} failed (exit ${code})`));
    });
  });
}

function genRegistry() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [at('scripts/gen-registry.js')], { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`gen-registry failed (exit ${code})`))));
  });
}

async function buildTs() {
  const hash = inputsOf(root, 'tsc');
  if (isCurrent(root, 'tsc', hash)) return;
  await run('tsc', TSC_ARGS);
  markBuilt(root, 'tsc', hash);
}

// the inspection build (tests and benchmarks only) needs nothing the others make, nor they it
async function buildInspect() {
  const hash = inputsOf(root, 'inspect');
  if (isCurrent(root, 'inspect', hash)) return;
  await run('asc', INSPECT_ARGS);
  markBuilt(root, 'inspect', hash);
}

async function main() {
  const wasmHash = inputsOf(root, 'asc');
  if (isCurrent(root, 'asc', wasmHash)) {
    await genRegistry();
    await Promise.all([buildTs(), buildInspect()]);
    await buildPackages(root);
    return;
  }
  const hostBefore = existsSync(HOST_FILE) ? readFileSync(HOST_FILE, 'utf8') : '';
  // tsc may read registry.generated.ts before gen-registry rewrites it: a rewrite means a second tsc
  const wasm = run('asc', ASC_ARGS).then(() => markBuilt(root, 'asc', wasmHash)).then(genRegistry);
  const ts = buildTs();
  const inspect = buildInspect();
  const [w, t, i] = await Promise.allSettled([wasm, ts, inspect]);
  if (w.status === 'rejected') throw w.reason;
  if (i.status === 'rejected') throw i.reason;
  const hostAfter = readFileSync(HOST_FILE, 'utf8');
  if (t.status === 'rejected' || hostAfter !== hostBefore) {
    if (t.status === 'rejected' && hostAfter === hostBefore) throw t.reason;
    const tsHash = inputsOf(root, 'tsc');
    await run('tsc', TSC_ARGS);
    markBuilt(root, 'tsc', tsHash);
  }
  // the packages bundle src/ and ship tempo.wasm, so they come after both compilers
  await buildPackages(root);
}

main().catch((err) => {
  process.stderr.write(`build: ${err.message}\n`);
  process.exit(1);
});
