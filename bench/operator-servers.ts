// The servers of the HTTP hop's target, each in a process of its own as in production: `tempo serve`
// started as an operator starts it (the installed command, its default logging, its log lines read
// off stdout as a log collector would) and a bare node:http echo (bench/echo-server.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface ServerChild { url: string; pid: number; stop(): Promise<void> }

// resolves with the first match of `pattern` in what the child writes to `stream`
function started(child: ChildProcess, stream: 'stdout' | 'stderr', pattern: RegExp, what: string): Promise<ServerChild> {
  let text = '';
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited (${code}) before listening: ${text.slice(-500)}`));
    child.once('exit', onExit);
    child[stream]!.on('data', (d: Buffer) => {
      text += d.toString();
      const m = pattern.exec(text);
      if (m === null) return;
      child.off('exit', onExit);
      resolve({
        url: m[1],
        pid: child.pid!,
        stop: () => new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        }),
      });
    });
  });
}

/** `tempo serve` on a free port of 127.0.0.1 over `dataDir`, with `env` added to a bare environment. */
export function startTempoServe(dataDir: string, env: Record<string, string> = {}): Promise<ServerChild> {
  const child = spawn(process.execPath, ['bin/tempo.js', 'serve', '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir], {
    cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  // the JSON log lines, taken and dropped
  child.stdout!.on('data', () => {});
  return started(child, 'stderr', /tempo listening on (http:\/\/\S+)/, 'tempo serve');
}

/** The echo (bench/echo-server.ts) in a process of its own. */
export function startEchoProcess(): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/echo-server.ts'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return started(child, 'stdout', /echo listening on (http:\/\/\S+)/, 'the echo');
}
