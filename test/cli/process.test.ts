// The real `tempo` binary (bin/tempo.js → dist) as a shell runs it: it starts, its exit codes reach the
// shell, stdout and stderr stay apart, `serve` listens and says where, and several processes can share
// one data directory. The command's logic is tested in-process in cli.test.ts.
import { describe, it, expect, beforeAll, beforeEach, afterEach } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import { parseKey } from '../../src/keys/format.js';
import { tempDir } from '../store/helpers.js';
import { BIN, ROOT, requireBuiltCli, tempo } from './run.js';

let tmp: ReturnType<typeof tempDir>;
let dd: string[];
beforeAll(requireBuiltCli);
beforeEach(() => {
  tmp = tempDir('tempo-cli-proc-');
  dd = ['--data-dir', tmp.dir];
});
// a failed assertion must not leave a server running
const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  tmp.remove();
});

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

interface Serving { child: ChildProcess; stdout(): string; stderr(): string; exited: Promise<number | null> }

// Starts `tempo serve` with only the variables given; resolves once it has said where it listens, or
// rejects when it exits first or has not listened within the deadline.
async function serve(args: string[]): Promise<Serving & { url: string }> {
  const child = spawn(process.execPath, [BIN, 'serve', ...args], {
    cwd: ROOT, env: { PATH: process.env.PATH ?? '', TEMPO_WORKERS: '1', TEMPO_LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (c) => { out += c; });
  child.stderr!.on('data', (c) => { err += c; });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => reject(new Error(`tempo serve did not listen within 20 s:\n${out}\n${err}`)), 20_000);
    child.stderr!.on('data', () => {
      const m = /tempo listening on (http:\/\/\S+)/.exec(err);
      if (m) { clearTimeout(deadline); resolve(m[1]); }
    });
    child.once('exit', (code) => { clearTimeout(deadline); reject(new Error(`tempo serve exited ${code} before listening:\n${out}\n${err}`)); });
  });
  return { child, url, stdout: () => out, stderr: () => err, exited };
}

describe('tempo serve as a process', () => {
  it('prints the first-run key and its address on stderr, keeps stdout to JSON logs, answers /healthz and exits 0 on SIGTERM', async () => {
    const s = await serve(['--port', '0', '--host', '127.0.0.1', ...dd]);
    expect(s.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const key = /API key: (tempo-\S+)/.exec(s.stderr())?.[1];
    expect(key).toBeDefined();
    expect(parseKey(key!)).not.toBeNull();
    expect(s.stderr()).toContain(`curl -s ${s.url}/tempo/v1/forecast`);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    const lines = s.stdout().split('\n').filter((l) => l !== '');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(s.stdout()).toContain('shutting down');
    expect(s.stdout()).not.toContain('tempo listening on');
    expect(s.stdout()).not.toContain(key!);
  });

  it('exits 1 with one clear line, not a stack trace, when the port is taken', async () => {
    const blocker: Server = createServer();
    blocker.listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    const port = (blocker.address() as { port: number }).port;
    try {
      const r = await tempo(['serve', '--port', String(port), '--host', '127.0.0.1', ...dd], { TEMPO_WORKERS: '1' });
      expect(r.code).toBe(1);
      expect(r.stderr).toBe(`tempo: serve: port ${port} on 127.0.0.1 is in use; pick another with --port or PORT\n`);
    } finally {
      blocker.close();
    }
  });
});
