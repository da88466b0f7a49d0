// A mistyped --data-dir is refused rather than becoming a new empty database; --create makes it;
// an impossible directory fails at once with a message instead of spinning.
import { describe, it, expect, afterEach } from 'vitest';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { ensureDataDir, DataDirError } from '../../src/store/data-dir.js';

const dirs: string[] = [];
function scratch(): string {
  const d = mkdtempSync(join(tmpdir(), 'tempo-datadir-'));
  dirs.push(d);
  return d;
}
afterEach(() => { for (const d of dirs.splice(0)) { chmodSync(d, 0o700); rmSync(d, { recursive: true, force: true }); } });

function capture(): { io: CliIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t) => { out.push(t); }, err: (t) => { err.push(t); }, env: {} }, out, err };
}

describe('tempo commands and the data directory', () => {
  it('refuse an absent --data-dir, creating nothing, and say how to fix it', async () => {
    const missing = join(scratch(), 'typo', 'data');
    const c = capture();
    expect(await main(['keys', 'list', '--data-dir', missing], c.io)).toBe(1);
    expect(c.err.join('\n')).toContain(`data directory ${missing} does not exist`);
    expect(c.err.join('\n')).toContain('--create');
    expect(existsSync(missing)).toBe(false);
  });

  it('create it with --create and then use it', async () => {
    const dir = join(scratch(), 'new', 'data');
    const c = capture();
    expect(await main(['keys', 'list', '--data-dir', dir, '--create'], c.io)).toBe(0);
    expect(existsSync(join(dir, 'tempo.db'))).toBe(true);
    const again = capture();
    expect(await main(['keys', 'list', '--data-dir', dir], again.io)).toBe(0);
  });

  it('fail at once, naming the directory, when it cannot be made (no busy loop under /proc)', async () => {
    const c = capture();
    expect(await main(['keys', 'list', '--data-dir', '/proc/tempo-nope', '--create'], c.io)).toBe(1);
    expect(c.err.join('\n')).toMatch(/cannot create data directory \/proc\/tempo-nope/);
  });

  it('refuse a path that is a file', () => {
    const file = join(scratch(), 'f');
    writeFileSync(file, '');
    expect(() => ensureDataDir(file, true)).toThrow(new DataDirError(`data directory ${file} exists but is not a directory`));
  });
});
