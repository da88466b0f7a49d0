// Real `tempo serve` processes (bin/tempo.js → dist) for the multi-instance tests, each with its
// own port and environment, killed at the end even when an assertion failed.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { TEST_KEEP_ALIVE_MS } from '../support/keep-alive.js';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const BIN = join(ROOT, 'bin', 'tempo.js');

export interface Instance {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Fails loudly when the server has not been compiled (npm test builds first). */
export function requireBuilt(): void {
  if (!existsSync(join(ROOT, 'dist', 'src', 'server', 'main.js'))) {
    throw new Error('dist/src/server/main.js is missing: run `npm run build` (npm test does) before the multi-instance tests');
  }
}

// only what the instance is told: a developer's or CI's own variables must not leak in; idle
// connections kept as long as by the in-process test servers (test/support/keep-alive.ts says why)
function baseEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH ?? '', TEMPO_WORKERS: '1', TEMPO_LOG_LEVEL: 'warn', TEMPO_KEEP_ALIVE_TIMEOUT_MS: String(TEST_KEEP_ALIVE_MS), ...env };
}

/** Starts `tempo serve --port 0` with `env`; resolves with its URL once it listens. */
export async function startInstance(env: Record<string, string>): Promise<Instance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-multi-'));
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir],
    { cwd: ROOT, env: baseEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (c) => { out += c; });
  child.stderr!.on('data', (c) => { out += c; });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const url = await new Promise<string>((resolve, reject) => {
    // the URL line is on stderr (stdout is the JSON log)
    const check = () => {
      const m = /tempo listening on (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]);
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', (code) => reject(new Error(`tempo serve exited ${code} before listening:\n${out}`)));
  });
  return {
    url,
    child,
    output: () => out,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `tempo serve` expecting it to fail at startup; resolves with its exit code and output. */
export function failedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tempo-multi-'));
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, 'serve', '--port', '0', '--data-dir', dataDir], { cwd: ROOT, env: baseEnv(env), timeout: 30_000 },
      (err, stdout, stderr) => {
        rmSync(dataDir, { recursive: true, force: true });
        const code = err === null ? 0 : typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : null;
        resolve({ code, output: stdout + stderr });
      });
  });
}

/** Runs the `tempo` CLI with `env`; resolves with its exit code and output. */
export function tempoCli(args: string[], env: Record<string, string>): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, env: baseEnv(env), timeout: 30_000 }, (err, stdout, stderr) => {
      const code = err === null ? 0 : typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : -1;
      resolve({ code, output: stdout + stderr });
    });
  });
}

/** A DATABASE_URL that puts every table in `schema` (which must exist). */
export function urlWithSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

export interface Answer { status: number; headers: Headers; body: Record<string, unknown> }

/** POSTs a forecast to `base` with `key`. */
export async function forecast(base: string, key: string, series: number[], horizon = 3): Promise<Answer> {
  const res = await fetch(`${base}/tempo/v1/forecast`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ series, horizon }),
  });
  return { status: res.status, headers: res.headers, body: await res.json() as Record<string, unknown> };
}

/** GETs validate on `base` with `key`. */
export async function validate(base: string, key: string): Promise<Answer> {
  const res = await fetch(`${base}/tempo/v1/validate`, { headers: { Authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, body: await res.json() as Record<string, unknown> };
}

/** A trending seasonal series of `n` points (long ones keep the core busy for a while). */
export function seasonal(n: number): number[] {
  return Array.from({ length: n }, (_, i) => 100 + 0.05 * i + 10 * Math.sin((2 * Math.PI * i) / 12) + ((i * 7919) % 13) / 4);
}
