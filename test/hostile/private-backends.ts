// Private Redis and PostgreSQL instances on random free ports in temp dirs, for drills that stop
// and freeze them; the shared services are never touched.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what} did not come up within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface PrivateRedis {
  url: string;
  proc: ChildProcess;
  start(): Promise<void>;
  kill(): Promise<void>;
}

/** A redis-server on a random port with no persistence. */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const r: PrivateRedis = {
    url: `redis://127.0.0.1:${port}`,
    proc: undefined as unknown as ChildProcess,
    async start() {
      r.proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await waitFor(() => {
        try { return execFileSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'PONG'; } catch { return false; }
      }, 10_000, 'private redis');
    },
    async kill() {
      if (r.proc.exitCode !== null || r.proc.signalCode !== null) return;
      const gone = new Promise((res) => r.proc.once('exit', res));
      r.proc.kill('SIGCONT');
      r.proc.kill('SIGKILL');
      await gone;
    },
  };
  await r.start();
  return r;
}

export interface PrivatePostgres {
  url: string;
  dir: string;
  /** The postmaster and its children (to freeze them all). */
  pids(): number[];
  stop(): void;
  start(): void;
  destroy(): void;
}

const PG_BIN = existsSync('/usr/lib/postgresql') ? join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1)!, 'bin') : '';

/** Whether initdb/pg_ctl are installed here. */
export function havePostgresBinaries(): boolean {
  return PG_BIN !== '' && existsSync(join(PG_BIN, 'initdb'));
}

function asPostgres(cmd: string, args: string[]): string {
  // initdb refuses to run as root; the drills run as whatever CI runs as
  const root = process.getuid?.() === 0;
  return root
    ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    : execFileSync(join(PG_BIN, cmd), args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** initdb into a temp dir and pg_ctl start on a random port (trust auth, 127.0.0.1 only). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'tempo-pg-'));
  chmodSync(dir, 0o700);
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    pids() {
      const main = Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      let children: number[] = [];
      try {
        children = execFileSync('pgrep', ['-P', String(main)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
      } catch { /* no children */ }
      return [main, ...children];
    },
    start() {
      asPostgres('pg_ctl', ['-D', data, '-o', `-p ${port} -h 127.0.0.1 -k ${dir} -c fsync=off`, '-l', join(dir, 'log'), '-w', 'start']);
    },
    stop() {
      for (const pid of pg.pids()) { try { process.kill(pid, 'SIGCONT'); } catch { /* gone */ } }
      asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    },
    destroy() {
      try { pg.stop(); } catch { /* already stopped */ }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}
