// The operator's message for a listen error, from errors the operating system really raises.
import { describe, it, expect, afterEach } from 'vitest';
import { createServer, type Server } from 'node:net';
import { once } from 'node:events';
import { listenProblem } from '../../src/cli/listen-problem.js';

const servers: Server[] = [];
afterEach(() => { for (const s of servers.splice(0)) s.close(); });

async function listenError(port: number, host: string): Promise<unknown> {
  const s = createServer();
  servers.push(s);
  s.listen(port, host);
  const [err] = await Promise.race([once(s, 'error'), once(s, 'listening').then(() => [null])]);
  return err;
}

describe('listenProblem', () => {
  it('names the port and host and says how to pick another when the port is taken', async () => {
    expect(await listenError(0, '127.0.0.1')).toBeNull();
    const port = (servers[0].address() as { port: number }).port;
    const err = await listenError(port, '127.0.0.1');
    expect((err as { code: string }).code).toBe('EADDRINUSE');
    expect(listenProblem(err)).toBe(`port ${port} on 127.0.0.1 is in use; pick another with --port or PORT`);
  });

  // built by hand: this machine's tests may run as root, where a low port does not refuse
  it('says a privileged port needs privileges, in the shape Node raises for EACCES', () => {
    const err = Object.assign(new Error('listen EACCES: permission denied 0.0.0.0:80'), { code: 'EACCES', syscall: 'listen', address: '0.0.0.0', port: 80 });
    expect(listenProblem(err)).toBe('port 80 on 0.0.0.0 needs privileges this process does not have; pick one above 1023 with --port or PORT');
  });

  it('leaves other errors alone so they are reported as they are', () => {
    expect(listenProblem(new Error('boom'))).toBeNull();
    expect(listenProblem(Object.assign(new Error('x'), { code: 'ECONNRESET', port: 1, address: '127.0.0.1' }))).toBeNull();
    expect(listenProblem(Object.assign(new Error('x'), { code: 'EADDRINUSE' }))).toBeNull();
    expect(listenProblem(null)).toBeNull();
    expect(listenProblem('EADDRINUSE')).toBeNull();
  });
});
