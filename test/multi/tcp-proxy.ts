// A TCP pass-through to a real service that a test can cut and restore, so "Redis/Postgres lost
// while running" is exercised for one client without stopping the shared service for everyone.
import { createServer, connect, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones until restore(). */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on a free local port forwarding to host:port. */
export async function startTcpProxy(host: string, port: number): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server;
  let listenPort = 0;
  const listen = () => new Promise<void>((resolve, reject) => {
    server = createServer((inbound) => {
      const outbound = connect(port, host);
      for (const s of [inbound, outbound]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => { inbound.destroy(); outbound.destroy(); });
      }
      inbound.pipe(outbound);
      outbound.pipe(inbound);
    });
    server.once('error', reject);
    server.listen(listenPort, '127.0.0.1', () => {
      listenPort = (server.address() as { port: number }).port;
      resolve();
    });
  });
  const stop = () => new Promise<void>((resolve) => {
    for (const s of sockets) s.destroy();
    server.close(() => resolve());
  });
  await listen();
  return { port: listenPort, cut: stop, restore: listen, close: stop };
}
