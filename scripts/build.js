#!/usr/bin/env node
// `npm run build`: the WebAssembly core (asc), the registry files it reports (gen-registry.js) and
// the TypeScript (tsc). The two compilers take about 6 s and 5 s of one core each and do not read
// each other's output, so on a fresh clone they run side by side; tsc runs again only when
// gen-registry rewrote src/core/registry.generated.ts under it. A step whose inputs hash the same as
// at its last success, with its output still there, is not run again (so `npm test` after `npm test`
// skips both compilers); any change to a source, a config or package-lock.json runs it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HOST_FILE } from './gen-registry.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const at = (p) => join(root, p);
const bin = (name) => at(`node_modules/.bin/${name}`);

const ASC_ARGS = ['assembly/index.ts', '--target', 'release'];
const TSC_ARGS = ['-p', 'tsconfig.json'];
const WASM = at('build/tempo.wasm');
const WASM_STAMP = at('build/.inputs-sha256');
const TS_MARK = at('dist/.built');
const TS_STAMP = at('dist/.inputs-sha256');

// every file below `dir`, sorted, so the hash does not depend on the directory's listing order
function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]))
    .sort();
}

// one hash over the command, the lockfile (compiler versions, @types) and each file's path and bytes
function inputsHash(command, files) {
  const h = createHash('sha256').update(command.join(' ')).update('\0');
  for (const f of [at('package-lock.json'), ...files]) {
    h.update(relative(root, f)).update('\0').update(existsSync(f) ? readFileSync(f) : '(missing)').update('\0');
  }
  return h.digest('hex');
}

// assembly/README.md is gen-registry's output, not asc's input
const wasmInputs = () => inputsHash(['asc', ...ASC_ARGS], [at('asconfig.json'), ...filesUnder(at('assembly')).filter((f) => f.endsWith('.ts'))]);
const tsInputs = () => inputsHash(['tsc', ...TSC_ARGS], [at('tsconfig.json'), ...filesUnder(at('src'))]);
const stamped = (stamp, hash) => existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
// the page tests and scripts/ensure-build.js compare dist/'s times with the sources': a source
// touched since the last build is compiled again even when its bytes are the same
const newerThanMark = () => [at('tsconfig.json'), at('package.json'), ...filesUnder(at('src'))]
  .some((f) => statSync(f).mtimeMs > statSync(TS_MARK).mtimeMs);

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
  const hash = tsInputs();
  if (existsSync(TS_MARK) && stamped(TS_STAMP, hash) && !newerThanMark()) return;
  await run('tsc', TSC_ARGS);
  writeFileSync(TS_MARK, '');
  writeFileSync(TS_STAMP, hash);
}

async function main() {
  const wasmHash = wasmInputs();
  if (existsSync(WASM) && stamped(WASM_STAMP, wasmHash)) {
    await genRegistry();
    await buildTs();
    return;
  }
  const hostBefore = existsSync(HOST_FILE) ? readFileSync(HOST_FILE, 'utf8') : '';
  // tsc may read registry.generated.ts before gen-registry rewrites it: a rewrite means a second tsc
  const wasm = run('asc', ASC_ARGS).then(() => writeFileSync(WASM_STAMP, wasmHash)).then(genRegistry);
  const ts = buildTs();
  const [w, t] = await Promise.allSettled([wasm, ts]);
  if (w.status === 'rejected') throw w.reason;
  const hostAfter = readFileSync(HOST_FILE, 'utf8');
  if (t.status === 'rejected' || hostAfter !== hostBefore) {
    if (t.status === 'rejected' && hostAfter === hostBefore) throw t.reason;
    await run('tsc', TSC_ARGS);
    writeFileSync(TS_MARK, '');
    writeFileSync(TS_STAMP, tsInputs());
  }
}

main().catch((err) => {
  process.stderr.write(`build: ${err.message}\n`);
  process.exit(1);
});
