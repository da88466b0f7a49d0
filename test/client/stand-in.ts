// A small stand-in HTTP server for the few conditions the real Tempo server cannot produce on
// demand (a gateway 502, a 503 with Retry-After, unknown future codes, a dropped connection, a
// stalled body). Test-only, so node:http is fine here.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Handler = (req: IncomingMessage, res: ServerResponse, hit: number) => void;

export interface StandIn {
  url: string;
  /** Requests received so far. */
  hits: number;
  /** Authorization headers received, to check the key was sent. */
  authorizations: string[];
  close(): Promise<void>;
}

/** Listens on 127.0.0.1:0 and answers every request with `handler` (hit counts from 1). */
export async function startStandIn(handler: Handler): Promise<StandIn> {
  const state = { hits: 0, authorizations: [] as string[] };
  const server = createServer((req, res) => {
    state.hits += 1;
    state.authorizations.push(req.headers.authorization ?? '');
    // drain the body first so a reply or a reset is not racing the upload
    req.resume();
    req.on('end', () => handler(req, res, state.hits));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get hits() { return state.hits; },
    get authorizations() { return state.authorizations; },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** Writes a problem+json answer. */
export function problem(res: ServerResponse, status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/problem+json', ...headers });
  res.end(JSON.stringify({ status, ...body }));
}
