// The documentation holds together: the README stays one short page, and every relative link in
// it, CONTRIBUTING.md and docs/ names a file that exists and, with #anchor, a heading in that file.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const DOCS = [
  join(ROOT, 'README.md'),
  join(ROOT, 'CONTRIBUTING.md'),
  join(ROOT, 'CHANGELOG.md'),
  ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => join(ROOT, 'docs', f)),
];

// Text outside fenced code blocks, where markdown links and headings live.
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

// GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens.
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of prose(text).matchAll(/^#{1,6} (.+)$/gm)) {
    out.add(m[1].trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-'));
  }
  return out;
}

describe('documentation', () => {
  it('keeps the README to at most 250 lines, with the test command visible', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    expect(readme).toMatch(/^npm test$/m);
  });

  it('finds an anchor by GitHub\'s rule', () => {
    expect(anchors('## Docker and compose\n### `tempo keys create`\n')).toEqual(new Set(['docker-and-compose', 'tempo-keys-create']));
  });

  for (const file of DOCS) {
    it(`${relative(ROOT, file)}: every relative link resolves`, () => {
      const text = readFileSync(file, 'utf8');
      const broken: string[] = [];
      for (const m of prose(text).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/.test(target)) continue;
        const [path, anchor] = target.split('#');
        const resolved = path === '' ? file : join(dirname(file), path);
        if (!existsSync(resolved)) { broken.push(`${target}: no such file`); continue; }
        if (anchor !== undefined && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(anchor)) {
          broken.push(`${target}: no such heading`);
        }
      }
      expect(broken).toEqual([]);
    });
  }
});
