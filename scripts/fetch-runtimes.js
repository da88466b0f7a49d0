#!/usr/bin/env node
// Fetches the Bun and Deno used by test/runtimes into .runtimes/ (not node_modules) so a plain
// `npm install` stays small: only the runtime tests and CI need them. Idempotent: when both
// binaries are already there at the pinned versions, it does nothing and touches no network.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The versions the runtime tests are pinned to; bump here and nowhere else. */
export const RUNTIME_VERSIONS = { bun: '1.4.5', deno: '2.9.5' };

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dir = join(root, '.runtimes');

/** Absolute path of a fetched runtime's binary (it may not exist yet). */
export function runtimeBin(name) {
  return join(dir, 'node_modules', '.bin', name);
}

function installed(name) {
  if (!existsSync(runtimeBin(name))) return false;
  try {
    return execFileSync(runtimeBin(name), ['--version'], { encoding: 'utf8', timeout: 20_000 }).includes(RUNTIME_VERSIONS[name]);
  } catch {
    return false;
  }
}

/** Makes sure both runtimes are in .runtimes/ at the pinned versions; throws with npm's message if not. */
export function fetchRuntimes() {
  if (installed('bun') && installed('deno')) return;
  mkdirSync(dir, { recursive: true });
  // a private manifest: the packages' install scripts only unpack the binary shipped inside them
  writeFileSync(join(dir, 'package.json'), JSON.stringify({
    name: 'tempo-test-runtimes', private: true,
    allowScripts: { bun: true, deno: true },
  }, null, 2) + '\n');
  const specs = Object.entries(RUNTIME_VERSIONS).map(([n, v]) => `${n}@${v}`);
  execFileSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error', ...specs], {
    cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], timeout: 180_000,
  });
  for (const name of Object.keys(RUNTIME_VERSIONS)) {
    if (!installed(name)) throw new Error(`${name} ${RUNTIME_VERSIONS[name]} did not install into ${dir}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) fetchRuntimes();
