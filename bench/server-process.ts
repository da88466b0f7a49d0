// A bench's server in a process of its own (bench/batch-server.ts unless TEMPO_BENCH_SERVER names
// another tree's), so its CPU, memory and event loop are its own, and the bench's client is not on them.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  key: string;
  workers: number;
  /** The server's event-loop delay since the last call. */
  loop(): Promise<{ maxMs: number; p99Ms: number }>;
  /** CPU time (µs) the server process has used so far, every thread (its workers') included. */
  cpuUs(): Promise<number>;
  /** Ends the process (closing its stdin stops the server cleanly). */
  stop(): Promise<void>;
}

/** Starts the server process with `env` (default: this process's) and resolves once it listens. */
export async function startServerProcess(env: NodeJS.ProcessEnv = process.env): Promise<ServerProcess> {
  const script = process.env.TEMPO_BENCH_SERVER ?? fileURLToPath(new URL('./batch-server.ts', import.meta.url));
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const { url, key, workers } = JSON.parse(first) as { url: string; key: string; workers: number };
  // one question at a time: each answer is the next line
  const ask = <T>(command: string) => new Promise<T>((resolve) => {
    lines.once('line', (l) => resolve(JSON.parse(l) as T));
    child.stdin!.write(`${command}\n`);
  });
  return {
    child, url, key, workers,
    loop: () => ask<{ maxMs: number; p99Ms: number }>('loop'),
    cpuUs: async () => (await ask<{ cpuUs: number }>('cpu')).cpuUs,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin!.end();
      await exited;
    },
  };
}
