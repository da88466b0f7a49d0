// A real `tempo serve` in its own process for the hostile drills: keys made beforehand in its data
// dir, its log lines fed to the secret scan, its RSS readable, and signals sent by pid.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadConfig } from '../../src/config/config.js';
import { createApiKey } from '../../src/keys/create.js';
import { openStore } from '../../src/store/open.js';
import { recordKey, recordLogLine, recordServer } from '../support/secret-scan.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface ChildServer {
  url: string;
  proc: ChildProcess;
  dataDir: string;
  logs: string[];
  /** Resident memory of the server process in bytes. */
  rss(): number;
  /** Resolves with the exit code (or signal) once the process is gone. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  stop(): Promise<void>;
}

/** Makes `count` keys in a fresh data dir (SQLite unless `env.DATABASE_URL`), each with the given limits. */
export async function makeKeys(count: number, env: Record<string, string> = {}, perMinute = 1_000_000, dataDir = mkdtempSync(join(tmpdir(), 'tempo-hostile-'))): Promise<{ dataDir: string; keys: string[] }> {
  const config = loadConfig({ 'data-dir': dataDir }, env);
  const store = await openStore(config);
  const keys: string[] = [];
  for (let i = 0; i < count; i++) {
    const { fullKey } = await createApiKey(store, {
      organizationId: 'acme', projectId: 'p', userId: 'u', name: `hostile ${i}`,
      rateLimitPerMinute: perMinute, rateLimitPerHour: perMinute * 60,
    }, config.keyPepper);
    recordKey(fullKey);
    keys.push(fullKey);
  }
  await store.close();
  return { dataDir, keys };
}

/** Starts `tempo serve` on 127.0.0.1, any free port, with `env` added; resolves once it listens. */
export async function startChild(dataDir: string, env: Record<string, string> = {}): Promise<ChildServer> {
  const proc = spawn(process.execPath, [join(ROOT, 'bin/tempo.js'), 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, TEMPO_WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  let buffer = '';
  let resolveUrl!: (url: string) => void;
  let rejectUrl!: (err: Error) => void;
  const urlP = new Promise<string>((res, rej) => { resolveUrl = res; rejectUrl = rej; });
  const onText = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.startsWith('{')) {
        logs.push(line);
        recordLogLine(line);
      }
      const m = /tempo listening on (http:\/\/\S+)/.exec(line);
      if (m) resolveUrl(m[1]);
    }
  };
  proc.stdout!.on('data', onText);
  proc.stderr!.on('data', onText);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((res) => {
    proc.once('exit', (code, signal) => {
      rejectUrl(new Error(`server exited (${code ?? signal}) before listening: ${logs.slice(-3).join(' | ')}`));
      res({ code, signal, at: Date.now() });
    });
  });
  const timer = setTimeout(() => rejectUrl(new Error('server did not listen within 20 s')), 20_000);
  const url = await urlP.finally(() => clearTimeout(timer));
  recordServer(url);
  return {
    url,
    proc,
    dataDir,
    logs,
    exited,
    rss() {
      const status = readFileSync(`/proc/${proc.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
    },
    async stop() {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const t = setTimeout(() => proc.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(t);
      }
    },
  };
}
