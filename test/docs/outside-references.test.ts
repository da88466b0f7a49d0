// The repository explains itself: no tracked file (source, test, script, doc, data README) names a
// path outside it or cites a document that is not in it (planning notes, a sibling folder, an issue
// tracker), since a reader of a clone cannot follow such a reference. Published papers and standards
// are named by title, which any reader can find. Only `.ci/`, which starts the CI machine's services,
// may reach outside.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..', '..');

const CITATIONS: Array<[string, RegExp]> = [
  ['the API specification', /\bSPEC(\.md)?\b/],
  ['the design notes', /\bDESIGN(\.md| rule)\b/],
  ['an issue', /\bissue #?\d+|\b(core|the) issue\b|\bbrief\b/i],
  ['a folder of the development machine', /\/work\//],
];

/** What in `line` of the file at `file` (relative to the root) points outside the repository. */
function outsideReferences(file: string, line: string): string[] {
  const found = CITATIONS.filter(([, re]) => re.test(line)).map(([what]) => what);
  // a relative path (a link, an import, a path in a comment) read from the file's own folder
  for (const m of line.matchAll(/(?<![\w.\/-])((?:\.\.\/)+)([\w@-][\w@.-]*)/g)) {
    const target = resolve(ROOT, dirname(file), m[1]);
    if (target !== ROOT && !target.startsWith(ROOT + sep)) found.push(`a path outside the repository (${m[1]}${m[2]})`);
  }
  // join(ROOT, '..', …): a path built from the repository root that leaves it
  if (/\b(ROOT|root|repoRoot)\s*,\s*['"]\.\.['"]/.test(line)) found.push('a path outside the repository (the root\'s parent)');
  return found;
}

function trackedFiles(): string[] {
  // a checkout without git history cannot be checked, and must not pass unchecked
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 2 ** 20 })
    .split('\0')
    .filter((f) => f !== '' && !f.startsWith('.ci/'));
}

describe('references outside the repository', () => {
  it('recognises one when it sees it', () => {
    const hits = (file: string, line: string) => outsideReferences(file, line);
    // spelled in parts, so that this file does not itself name the folder it tests for
    const sibling = ['..', 'shared'].join('/');
    expect(hits('src/server/app.ts', '// checks in the order of SPEC Part B')).toEqual(['the API specification']);
    expect(hits('test/eval/x.test.ts', `const anchors = '../../${sibling}/data/intermittent/ANCHORS.md';`)).toEqual([`a path outside the repository (../../${sibling})`]);
    expect(hits('CONTRIBUTING.md', `the data is in \`${sibling}/data/dev\``)).toEqual([`a path outside the repository (${sibling})`]);
    expect(hits('docs/accuracy.md', 'measured on `/work/shared/data/dev`')).toEqual(['a folder of the development machine']);
    expect(hits('docs/accuracy.md', "the table is main after issue 12's fourth round")).toEqual(['an issue']);
    expect(hits('datasets/dev/ANCHORS.md', 'The targets are in the core issue')).toEqual(['an issue']);
    expect(hits('eval/x.ts', "const data = join(ROOT, '..', 'shared', 'data');")).toEqual(['a path outside the repository (the root\'s parent)']);
    // inside the repository: src/common, a link up from docs/, the root found from a test's folder
    expect(hits('src/cli/keys.ts', "import type { KeyEnv } from '../common/types.js';")).toEqual([]);
    expect(hits('src/server/errors.ts', "import { ERROR_CATALOGUE } from '../../common/codes.js';")).toEqual([]);
    expect(hits('docs/api.md', 'the README\'s [first forecast](../README.md#a-first-forecast)')).toEqual([]);
    expect(hits('test/docs/x.test.ts', "const ROOT = join(import.meta.dirname, '..', '..');")).toEqual([]);
  });

  it('finds none in any tracked file outside .ci/', () => {
    const files = trackedFiles();
    expect(files).toContain('README.md');
    const found: string[] = [];
    for (const file of files) {
      if (join(ROOT, file) === import.meta.filename) continue;
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue; // images and other binaries name no path
      bytes.toString('utf8').split('\n').forEach((line, i) => {
        for (const what of outsideReferences(file, line)) found.push(`${file}:${i + 1} cites ${what}: ${line.trim().slice(0, 160)}`);
      });
    }
    expect(found, 'name the rule itself, or a file in this repository, instead').toEqual([]);
  });
});
