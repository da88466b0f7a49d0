// Real `tempo worker` processes (bin/tempo.js → dist) on a shared place (PostgreSQL schema, Redis
// prefix), for the faults test and the benchmark: started, killed with any signal, always stopped.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, requireBuilt } from '../multi/servers.js';
import { DATABASE_URL, REDIS_URL } from '../multi/backends.js';
import type { SharedPlace } from './servers.js';

export interface WorkerProcess {
  child: ChildProcess;
  output(): string;
  /** Sends `signal` and waits for the exit (SIGKILL after 10 s). */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** The DATABASE_URL that puts a process in `schema`. */
export function schemaUrl(schema: string): string {
  return `${DATABASE_URL}${DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Starts `tempo worker` on `place`; resolves once it says it is ready. */
export async function startWorker(place: SharedPlace, env: Record<string, string> = {}): Promise<WorkerProcess> {
  requireBuilt();
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'tempo.js'), 'worker'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '', DATABASE_URL: schemaUrl(place.schema), REDIS_URL,
      TEMPO_JOB_QUEUE_PREFIX: place.prefix.replace(/:$/, ''), TEMPO_JOB_LOCK_MS: '2000',
      TEMPO_WORKERS: '1', TEMPO_JOB_WORKERS: '1', TEMPO_LOG_LEVEL: 'warn', ...env,
    },
  });
  let out = '';
  child.stdout!.on('data', (c) => { out += c; });
  child.stderr!.on('data', (c) => { out += c; });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  await new Promise<void>((resolve, reject) => {
    const check = () => { if (out.includes('tempo worker ready')) resolve(); };
    child.stderr!.on('data', check);
    child.once('exit', (code) => reject(new Error(`tempo worker exited ${code} before it was ready:\n${out}`)));
  });
  return {
    child,
    output: () => out,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
    },
  };
}
