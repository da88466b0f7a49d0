// runServe as a real process: prints its URL (and a first-run key on an empty data dir), serves,
// and on SIGTERM/SIGINT lets the running forecast finish before exiting 0.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it, expect, afterEach } from 'vitest';
import { loadConfig } from '../../src/config/config.js';
import { createApiKey } from '../../src/keys/create.js';
import { openStore } from '../../src/store/open.js';
import { seasonal } from './harness.js';

const root = resolve(import.meta.dirname, '../..');

function post(url: string, key: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((done, fail) => {
    const data = JSON.stringify(body);
    const req = request(`${url}/tempo/v1/forecast`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) },
    }, (res) => {
      let text = '';
      res.on('data', (c) => { text += c; });
      res.on('end', () => done({ status: res.statusCode!, body: text }));
    });
    req.on('error', fail);
    req.end(data);
  });
}


// a failed assertion must not leave a server running
const children: Array<ReturnType<typeof spawn>> = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

interface Served {
  child: ReturnType<typeof spawn>;
  url: string;
  output(): string;
  exited: Promise<number | null>;
}

/**
 * Runs the server in a child process on a free port, through runServe from dist/ or through the
 * `tempo serve` command; resolves once it prints its URL.
 */
async function serve(dataDir: string, via: 'runServe' | 'cli' = 'runServe'): Promise<Served> {
  const args = via === 'cli'
    ? [join(root, 'bin/tempo.js'), 'serve', '--port', '0', '--data-dir', dataDir]
    : ['--input-type=module', '-e',
      `const m = await import(${JSON.stringify(join(root, 'dist/src/server/main.js'))});
       await m.runServe(['--port', '0', '--data-dir', ${JSON.stringify(dataDir)}]);`];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, TEMPO_WORKERS: '1', TEMPO_LOG_LEVEL: 'debug', DATABASE_URL: '', REDIS_URL: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  child.stdout!.on('data', (c) => { stdout += c; });
  // `tempo serve` prints its human lines (key, URL) on stderr, keeping stdout to the JSON logs
  let stderr = '';
  child.stderr!.on('data', (c) => { stderr += c; });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  const url = await new Promise<string>((r, fail) => {
    const check = () => {
      const m = /tempo listening on (http:\/\/\S+)/.exec(stdout + stderr);
      if (m) r(m[1]);
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.on('exit', (code) => fail(new Error(`serve exited ${code} before listening`)));
  });
  return { child, url, output: () => stdout + stderr, exited };
}

describe('runServe', () => {
  it('listens, answers, and drains on SIGTERM before exiting 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tempo-serve-'));
    try {
      // a key made beforehand in the same data dir, as `tempo keys create` would
      const store = await openStore(loadConfig({ 'data-dir': dataDir }, {}));
      const { fullKey } = await createApiKey(store, { organizationId: 'o', projectId: 'p', userId: 'u', name: 'k' }, null);
      await store.close();

      const { child, url, output, exited } = await serve(dataDir);
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
      // SIGTERM as soon as the server logs that the forecast request has arrived
      const started = new Promise<void>((r) => child.stdout!.on('data', () => {
        if (/"method":"POST","path":"\/tempo\/v1\/forecast","msg":"request started"/.test(output())) r();
      }));
      const answer = post(url, fullKey, { series: seasonal(10_000), horizon: 12 });
      await started;
      child.kill('SIGTERM');
      const res = await answer;
      expect(await exited).toBe(0);
      const stdout = output();
      const drainAt = stdout.indexOf('shutting down');
      expect(drainAt).toBeGreaterThan(-1);
      // "request started" is logged before the body is read: if the signal came before the forecast
      // reached a worker, draining refuses it with 503 + Retry-After (never a reset); once running,
      // it is answered in full before the exit. Both are the drain's contract; which one depends on
      // how far the request got on a loaded machine.
      if (res.status === 503) {
        expect(JSON.parse(res.body).code).toBe('SERVICE_UNAVAILABLE');
      } else {
        expect(res.status).toBe(200);
        expect(JSON.parse(res.body).forecast).toHaveLength(12);
        // answered in full whichever came first: a test runner busy with other files can pass the
        // signal on after the forecast (about 0.15 s of compute) is done, with nothing left to drain;
        // test/server/lifecycle.test.ts holds a forecast in flight across the drain on purpose
        expect(stdout.search(/"route":"\/:model\/v1\/forecast","status":200/)).toBeGreaterThan(-1);
      }
      expect(stdout).not.toContain(fullKey);
      expect(stdout).not.toContain('First run');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('`tempo serve` prints a working first-run key once, on an empty data dir only', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tempo-first-'));
    try {
      const first = await serve(dataDir, 'cli');
      const key = /API key: (tempo-\S+)/.exec(first.output())?.[1];
      expect(key).toBeDefined();
      expect(first.output()).toContain(`curl -s ${first.url}/tempo/v1/forecast`);
      const res = await fetch(`${first.url}/tempo/v1/validate`, { headers: { Authorization: `Bearer ${key}` } });
      expect(res.status).toBe(200);
      first.child.kill('SIGINT');
      expect(await first.exited).toBe(0);

      const second = await serve(dataDir, 'cli');
      expect(second.output()).not.toContain('API key:');
      expect((await fetch(`${second.url}/tempo/v1/validate`, { headers: { Authorization: `Bearer ${key}` } })).status).toBe(200);
      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
