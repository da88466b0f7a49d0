#!/usr/bin/env node
// `npm run build`: the WebAssembly core (asc), the registry files it reports (gen-registry.js), the
// workspace packages' dist/ (scripts/build-packages.js: the core's bundle carries that registry and
// ships the .wasm), then the server's TypeScript (tsc), which imports the packages by name and so
// reads their declarations. The inspection build of the core for tests and benchmarks (asc again,
// build/tempo-inspect.wasm) reads nothing the others make, so it runs beside that chain. A compiler
// whose output is current (scripts/build-state.js: its inputs hash as at its last success) is not
// run again, so `npm test` after `npm test` skips them all; any change to a source's bytes, a config or package-lock.json runs it.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ASC_ARGS, INSPECT_ARGS, TSC_ARGS, inputsOf, isCurrent, markBuilt } from './build-state.js';
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
  // tsc never deletes: the output of a source moved or removed (the core and client moved into their
  // packages) would stay in dist/ and be packed and shipped, so the server's output starts empty
  rmSync(at('dist'), { recursive: true, force: true });
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
  const wasm = isCurrent(root, 'asc', wasmHash) ? Promise.resolve() : run('asc', ASC_ARGS).then(() => markBuilt(root, 'asc', wasmHash));
  // gen-registry writes the core package's registry from the .wasm, the packages bundle their sources
  // and (the core) ship the .wasm, and the server's tsc reads the packages' declarations: one after another
  const server = wasm.then(genRegistry).then(() => buildPackages(root)).then(buildTs);
  const [s, i] = await Promise.allSettled([server, buildInspect()]);
  if (s.status === 'rejected') throw s.reason;
  if (i.status === 'rejected') throw i.reason;
}

main().catch((err) => {
  process.stderr.write(`build: ${err.message}\n`);
  process.exit(1);
});
