#!/usr/bin/env node
// Builds the WASM core and the TypeScript first when `npm run build` would compile anything: the
// same rule as the build's own (scripts/build-state.js), so a file touched without a change in
// its bytes starts no build here either.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execSync } from 'node:child_process';
import { staleParts } from './build-state.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (staleParts(root).length > 0) {
  process.stderr.write('tempo: build missing or stale, building first\n');
  execSync('npm run build --silent', { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
}
