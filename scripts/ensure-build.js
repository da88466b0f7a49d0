#!/usr/bin/env node
// Builds the WASM core and the TypeScript when the build is missing or older than its sources.
import { statSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execSync } from 'node:child_process';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function newest(dir) {
  let t = 0;
  if (!existsSync(dir)) return t;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    t = Math.max(t, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }
  return t;
}
function mtime(p) { return existsSync(p) ? statSync(p).mtimeMs : 0; }

const config = Math.max(mtime(join(root, 'asconfig.json')), mtime(join(root, 'tsconfig.json')), mtime(join(root, 'package.json')));
const wasmStale = mtime(join(root, 'build/tempo.wasm')) < Math.max(newest(join(root, 'assembly')), config);
const tsStale = mtime(join(root, 'dist/.built')) < Math.max(newest(join(root, 'src')), config);
if (wasmStale || tsStale) {
  process.stderr.write('tempo: build missing or stale, building first\n');
  execSync('npm run build --silent', { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}
