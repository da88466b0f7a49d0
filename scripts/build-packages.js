// The workspace packages' dist/ folders, made from their own sources (packages/NAME/src): esbuild
// bundles each package's entry into one ESM file with no imports left, tsc writes its declarations
// (packages/NAME/tsconfig.json) under dist/types, and dist/index.d.ts points at them; the core also
// gets the tempo.wasm `npm run build` made. Called by scripts/build.js after the core's .wasm and
// before the server's TypeScript, which imports the packages by name, for each package whose inputs changed.
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { PACKAGES, inputsOf, isCurrent, markBuilt } from './build-state.js';

// runs tsc on the package's tsconfig, holding its output until it ends
function declarations(root, dir) {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsc'), ['-p', join(dir, 'tsconfig.json')], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('error', reject);
    child.on('close', (code) => {
      process.stderr.write(Buffer.concat(out));
      if (code === 0) resolve();
      else reject(new Error(`tsc -p ${dir}/tsconfig.json failed (exit ${code})`));
    });
  });
}

async function buildPackage(root, name) {
  const part = `package:${name}`;
  const hash = inputsOf(root, part);
  if (isCurrent(root, part, hash)) return;
  const { dir, wasm } = PACKAGES[name];
  const dist = join(root, dir, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist, { recursive: true });
  if (wasm) copyFileSync(join(root, 'build/tempo.wasm'), join(dist, 'tempo.wasm'));
  // platform neutral: an import of a Node built-in (or of anything not bundled) fails the build
  const bundle = build({
    entryPoints: [join(root, dir, 'src/index.ts')],
    outfile: join(dist, 'index.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    legalComments: 'none',
    logLevel: 'error',
  });
  await Promise.all([bundle, declarations(root, dir)]);
  writeFileSync(join(dist, 'index.d.ts'), `export * from './types/${dir}/src/index.js';\n`);
  markBuilt(root, part, hash);
}

/** Builds every package whose inputs changed since its last build (all of them after a fresh clone). */
export async function buildPackages(root) {
  for (const name of Object.keys(PACKAGES)) await buildPackage(root, name);
}
