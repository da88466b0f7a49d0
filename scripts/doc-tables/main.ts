// `npm run docs:tables`: rewrites every generated block of the README, CONTRIBUTING.md and docs/
// from the published results in docs/results/, and says which documents changed. Measures nothing:
// `npm run docs:measure` measures again first.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { documents, renderBlock } from './blocks.js';
import { replaceBlocks } from './markers.js';
import { ROOT } from './results.js';

/** Renders every document; returns the paths (relative to the root) that changed. */
export function renderDocuments(): string[] {
  const changed: string[] = [];
  for (const path of documents()) {
    const before = readFileSync(path, 'utf8');
    const after = replaceBlocks(before, relative(ROOT, path), renderBlock);
    if (after !== before) {
      writeFileSync(path, after);
      changed.push(relative(ROOT, path));
    }
  }
  return changed;
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const changed = renderDocuments();
  console.log(changed.length === 0 ? 'docs:tables: every generated table is up to date' : `docs:tables: rewrote ${changed.join(', ')}`);
}
