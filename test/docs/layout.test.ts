// CONTRIBUTING.md's layout names every folder a contributor meets: each top-level folder of the
// repository, each folder of src/ and assembly/, and each model family under assembly/models/.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

/** The layout block: the first fenced block after "## Layout". */
function layout(): string {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  return text.split(/^## Layout$/m)[1]?.split('```')[1] ?? '';
}

const folders = (dir: string) => readdirSync(join(ROOT, dir)).filter((f) => statSync(join(ROOT, dir, f)).isDirectory());

describe("CONTRIBUTING.md's layout", () => {
  it('names every folder of the repository, of src/ and assembly/, and every model family', () => {
    const block = layout();
    expect(block).toContain('assembly/');
    // top-level folders that hold tracked files (not node_modules, build output or dot-folders)
    const top = [...new Set(execFileSync('git', ['ls-files'], { cwd: ROOT, encoding: 'utf8' }).split('\n')
      .filter((f) => f.includes('/') && !f.startsWith('.')).map((f) => f.split('/')[0]))];
    const expected = [...top, ...folders('src'), ...folders('assembly'), ...folders('assembly/models')];
    const missing = [...new Set(expected)].filter((f) => !new RegExp(`(^|[\\s/{,])${f}/`, 'm').test(block));
    expect(missing, 'add each, with what it holds, to the Layout block of CONTRIBUTING.md').toEqual([]);
  });
});
