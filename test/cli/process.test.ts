// The real `tempo` binary (bin/tempo.js → dist) as a shell runs it: it starts, its exit codes reach the
// shell, stdout and stderr stay apart, and several processes can share
// one data directory. The command's logic is tested in-process in cli.test.ts.
import { describe, it, expect, beforeAll, beforeEach, afterEach } from 'vitest';
import { parseKey } from '../../src/keys/format.js';
import { tempDir } from '../store/helpers.js';
import { requireBuiltCli, tempo } from './run.js';

let tmp: ReturnType<typeof tempDir>;
let dd: string[];
beforeAll(requireBuiltCli);
beforeEach(() => {
  tmp = tempDir('tempo-cli-proc-');
  dd = ['--data-dir', tmp.dir];
});
afterEach(() => tmp.remove());

describe('the tempo binary', () => {
  it('prints help on stdout and exits 0; with no command prints usage on stderr only and exits 2', async () => {
    const help = await tempo(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: tempo');
    expect(help.stderr).toBe('');
    const none = await tempo([]);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('Usage: tempo');
    expect(none.stdout).toBe('');
  });

  it('keys: prints one JSON object on stdout, reads TEMPO_DATA_DIR from its environment, and puts a JSON error on stderr with exit 2', async () => {
    const made = await tempo(['keys', 'create', '--org', 'o', '--project', 'p', '--user', 'u', '--name', 'n', '--json', ...dd]);
    expect(made.code, made.stderr).toBe(0);
    expect(made.stderr).toBe('');
    const key = JSON.parse(made.stdout) as { key: string; key_id: string };
    expect(parseKey(key.key)?.keyId).toBe(key.key_id);
    const listed = await tempo(['keys', 'list', '--json'], { TEMPO_DATA_DIR: tmp.dir });
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout).keys.map((k: { key_id: string }) => k.key_id)).toEqual([key.key_id]);
    const bad = await tempo(['keys', 'create', '--org', 'o', '--json', ...dd]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(JSON.parse(bad.stderr)).toMatchObject({ exit_code: 2, error: expect.stringContaining('--project is required') });
  });

  it('models: creates and lists through the binary, and a taken name reaches the shell as exit 1', async () => {
    const made = await tempo(['models', 'create', '--org', 'acme', '--name', 'weekly', '--config', '{"season_length":52}', '--json', ...dd]);
    expect(made.code, made.stderr).toBe(0);
    expect(JSON.parse(made.stdout)).toMatchObject({ name: 'weekly', organization_id: 'acme', config: { season_length: 52 } });
    const listed = await tempo(['models', 'list', '--org', 'acme', '--json', ...dd]);
    expect(JSON.parse(listed.stdout).models.map((m: { name: string }) => m.name)).toEqual(['tempo', 'weekly']);
    const taken = await tempo(['models', 'create', '--org', 'acme', '--name', 'weekly', ...dd]);
    expect(taken.code).toBe(1);
    expect(taken.stdout).toBe('');
    expect(taken.stderr).toContain('already exists');
  });
});

describe('concurrent use of one data directory', () => {
  it('lets several processes create keys in a brand-new directory at once', async () => {
    const runs = await Promise.all([1, 2, 3, 4].map((i) =>
      tempo(['keys', 'create', '--org', 'o', '--project', 'p', '--user', 'u', '--name', `n${i}`, '--json', ...dd])));
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    const listed = JSON.parse((await tempo(['keys', 'list', '--json', ...dd])).stdout);
    expect(listed.keys).toHaveLength(4);
  });
});
