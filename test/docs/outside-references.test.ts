// The repository explains itself: no source, test or script cites a document that is not in it
// (planning notes, a sibling folder, an issue tracker), since a reader of a clone cannot follow such
// a reference. Published papers and standards are named by title, which any reader can find.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DIRS = ['src', 'assembly', 'test', 'bench', 'eval', 'scripts', 'bin'];
const EXTENSIONS = /\.(ts|js|mjs|cjs|sh|R)$/;

const OUTSIDE: Array<[string, RegExp]> = [
  ['the API specification', /\bSPEC(\.md)?\b/],
  ['the design notes', /\bDESIGN(\.md| rule)\b/],
  // src/shared is inside the repository; the sibling ../shared folder holds data and planning notes
  ['a sibling folder', /\.\.\/shared\/(data|SPEC|DESIGN|hooks|services-up)|\/work\//],
  ['an issue', /\bissue #?\d+|\bbrief\b/i],
];

// Lines that name an outside path as behaviour, not as a citation.
const ALLOWED = new Set<string>([
]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures') return [];
    return statSync(path).isDirectory() ? files(path) : EXTENSIONS.test(name) ? [path] : [];
  });
}

describe('references outside the repository', () => {
  it('recognises one when it sees it', () => {
    const hits = (line: string) => OUTSIDE.filter(([, re]) => re.test(line)).map(([what]) => what);
    expect(hits('// checks in the order of SPEC Part B')).toEqual(['the API specification']);
    expect(hits('// see ../shared/data/dev/README.md')).toEqual(['a sibling folder']);
    expect(hits("import { x } from '../shared/codes.js';")).toEqual([]);
    expect(hits("import type { T } from '../../shared/backtest-types.js';")).toEqual([]);
  });

  it('finds none in src, assembly, test, bench, eval, scripts and bin', () => {
    const found: string[] = [];
    for (const file of DIRS.flatMap((d) => files(join(ROOT, d)))) {
      if (file === import.meta.filename) continue;
      readFileSync(file, 'utf8').split('\n').forEach((line, i) => {
        if (ALLOWED.has(`${relative(ROOT, file)}:${line}`)) return;
        for (const [what, re] of OUTSIDE) if (re.test(line)) found.push(`${relative(ROOT, file)}:${i + 1} cites ${what}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
