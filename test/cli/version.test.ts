// `tempo --version` answers in-process from package.json, as text or JSON.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { main } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

function capture(): { io: CliIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t) => { out.push(t); }, err: (t) => { err.push(t); }, env: {} }, out, err };
}

describe('tempo --version', () => {
  it.each(['--version', '-V', 'version'])('%s prints the package version and exits 0', async (flag) => {
    const c = capture();
    expect(await main([flag], c.io)).toBe(0);
    expect(c.out).toEqual([`tempo ${pkg.version}`]);
    expect(c.err).toEqual([]);
  });

  it('prints JSON with --json', async () => {
    const c = capture();
    expect(await main(['--version', '--json'], c.io)).toBe(0);
    expect(JSON.parse(c.out[0])).toEqual({ version: pkg.version });
  });
});
