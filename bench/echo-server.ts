// The floor for the HTTP rows: a bare node:http server that reads the request body and sends it
// back as JSON, so a forecast's p50 can be read as a multiple of what any Node server costs.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isMain } from './harness.js';

export interface EchoServer { url: string; close(): Promise<void> }

/** Starts the echo on 127.0.0.1 at a free port; resolves once it listens. */
export async function startEchoServer(): Promise<EchoServer> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((ok) => { server.closeAllConnections(); server.close(() => ok()); }),
  };
}

// alone (bench/operator-servers.ts starts it so): says where it listens, stops on SIGTERM
if (isMain(import.meta.url)) {
  const echo = await startEchoServer();
  process.stdout.write(`echo listening on ${echo.url}\n`);
  process.once('SIGTERM', () => { echo.close().then(() => process.exit(0), () => process.exit(1)); });
}
