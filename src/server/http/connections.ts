// Socket hygiene for the HTTP server: timeouts on slow senders and idle keep-alives, a bound on
// pipelined requests and on unread response bytes per socket, parse errors answered (never logged
// with their bytes), and an in-flight count that settles exactly once per request whatever happens.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { ConnectionLimits } from '../../config/config.js';
import { ERROR_CATALOGUE, errorType } from '../../common/codes.js';
import { newRequestId } from '../middleware/request-id.js';
import { newStallWatch, readerStalled, type StallWatch } from './reader-stall.js';
import { bodyDeadline, isUploadRoute, type BodyWatch } from './request-deadline.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

export interface ConnectionGuard {
  /** Wraps the app's request handler: requests on a socket past its pipelining bound never reach the app. */
  handler(app: Handler): Handler;
  /** Requests received and not yet answered (or abandoned), across all sockets. */
  inFlight(): number;
  /** Answers every request still open with 503 + Retry-After (those not yet answered), then closes sockets. */
  refuseOpen(): Promise<void>;
  /** From now on every answer closes its connection (the server is going away). */
  startDraining(): void;
  /** Stops the periodic sweep. */
  stop(): void;
}

interface SocketState {
  open: number;
  /** Requests that arrived in the current event-loop turn (one read can carry thousands). */
  burst: number;
  /** Requests over the socket's life that arrived while an earlier one on it was unanswered or in the same read. */
  pipelined: number;
  stall: StallWatch;
  pending: Set<() => void>;
}

const SWEEP_MS = 250;

type GuardStatus = 400 | 408 | 431 | 503;

const TIMEOUT_DETAIL = 'the request was not sent in time; send it again, faster';

/** The problem+json body the guard answers with (it runs outside Koa, so it writes its own). */
export function problemBody(status: GuardStatus, detail: string): string {
  const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'REQUEST_INVALID';
  return JSON.stringify({
    type: errorType(code),
    title: ERROR_CATALOGUE[code].title,
    status,
    code,
    detail,
    instance: '/',
    request_id: newRequestId(),
  });
}

/** The raw HTTP/1.1 problem+json response for a request the parser refused. */
export function rawProblem(status: GuardStatus, detail: string): string {
  const body = problemBody(status, detail);
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large', 503: 'Service Unavailable' }[status];
  const retry = status === 503 ? 'Retry-After: 1\r\n' : '';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${retry}Connection: close\r\n\r\n${body}`;
}

function clientErrorAnswer(code: string | undefined): [400 | 408 | 431, string] | null {
  switch (code) {
    case 'ECONNRESET': case 'EPIPE': return null;
    case 'HPE_HEADER_OVERFLOW': return [431, 'the request headers are too large; send fewer or shorter headers'];
    case 'ERR_HTTP_REQUEST_TIMEOUT': case 'HPE_HEADERS_TIMEOUT': return [408, TIMEOUT_DETAIL];
    default: return [400, 'the request is not valid HTTP/1.1; check its request line, headers and body framing'];
  }
}

/** Refuses the request `res` answers while its body is still arriving: the problem, then the socket closed. */
function refuseMidBody(res: ServerResponse, socket: Socket, status: GuardStatus, detail: string): void {
  res.shouldKeepAlive = false;
  res.writeHead(status, { 'Content-Type': 'application/problem+json', Connection: 'close' });
  res.end(problemBody(status, detail), () => socket.destroy());
}

/**
 * Destroys `socket` and stops its parser at once: destroying alone lets Node parse (and emit) every
 * request left in the chunk it is reading, thousands of them for a pipelining flood.
 */
function stopParsing(socket: Socket): void {
  (socket as Socket & { parser?: { pause?: () => void } | null }).parser?.pause?.();
  socket.destroy();
}

/** Applies `limits` to `server` and keeps count of open requests; mount the app through `handler`. */
export function guardConnections(server: Server, limits: ConnectionLimits, logger: Logger): ConnectionGuard {
  server.headersTimeout = limits.headersTimeoutMs;
  // Node's whole-request timeout is one number for every route: the sweep below keeps the body
  // deadlines instead, so a job upload may take as long as it keeps sending (request-deadline.ts)
  server.requestTimeout = 0;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxHeadersCount = 100;
  const sockets = new Map<Socket, SocketState>();
  let draining = false;
  const open = new Set<ServerResponse>();
  // requests whose body has not all arrived, answered or not: a body still dripping in after its
  // answer (Node reads and discards it to keep the connection) holds the socket all the same
  // (the socket kept here: Node sets req.socket to null once the request is done with it)
  const bodies = new Map<IncomingMessage, BodyWatch & { socket: Socket }>();

  // addresses recently cut off for pipelining or not reading: their new connections are closed on
  // arrival, before Node parses (and builds objects for) the hundreds of requests one read can hold
  const benched = new Map<string, number>();
  const bench = (socket: Socket) => {
    if (limits.abuseBenchMs === 0 || socket.remoteAddress === undefined) return;
    if (benched.size >= 100_000) benched.delete(benched.keys().next().value as string);
    benched.set(socket.remoteAddress, Date.now() + limits.abuseBenchMs);
  };

  server.on('connection', (socket: Socket) => {
    const until = socket.remoteAddress === undefined ? undefined : benched.get(socket.remoteAddress);
    if (until !== undefined) {
      if (until > Date.now()) {
        socket.destroy();
        return;
      }
      benched.delete(socket.remoteAddress!);
    }
    const state: SocketState = { open: 0, burst: 0, pipelined: 0, stall: newStallWatch(), pending: new Set() };
    sockets.set(socket, state);
    // one listener per socket (not per request: thousands of pipelined requests would make
    // adding and removing them quadratic): a dying socket settles everything still open on it
    socket.once('close', () => {
      sockets.delete(socket);
      for (const settle of [...state.pending]) settle();
    });
  });

  function admit(req: IncomingMessage, res: ServerResponse): boolean {
    const socket = req.socket;
    const state = sockets.get(socket);
    if (state === undefined || socket.destroyed) {
      stopParsing(socket);
      return false;
    }
    // requests answered within microtasks never pile up in `open`: what tells a pipelining client
    // from a polite one is that its requests arrive together, before it has read any answer
    if (state.burst === 0) setImmediate(() => { state.burst = 0; });
    state.burst += 1;
    if (state.burst > 1 || state.open > 0) state.pipelined += 1;
    if (state.open >= limits.maxPipelined || state.pipelined > limits.maxPipelined) {
      logger.warn({ peer: socket.remoteAddress, pipelined: state.pipelined }, 'too many pipelined requests on one socket; closing it');
      bench(socket);
      stopParsing(socket);
      return false;
    }
    if (draining) res.shouldKeepAlive = false;
    if (!req.complete) {
      bodies.set(req, { startedAt: Date.now(), bytesAtStart: socket.bytesRead, upload: isUploadRoute(req.method, req.url), socket });
    }
    open.add(res);
    state.open += 1;
    const settle = () => {
      if (!state.pending.delete(settle)) return;
      open.delete(res);
      state.open -= 1;
    };
    state.pending.add(settle);
    res.once('finish', settle);
    res.once('close', settle);
    return true;
  }

  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    const answer = clientErrorAnswer(err.code);
    // never the error object itself: it carries the raw packet (headers, key and all)
    logger.info({ peer: socket.remoteAddress, reason: err.code ?? 'unknown' }, 'refused a malformed request');
    if (answer === null || !socket.writable) {
      socket.destroy();
      return;
    }
    const write = () => {
      if (socket.writable) socket.end(rawProblem(answer[0], answer[1]));
      else socket.destroy();
    };
    const current = (socket as Socket & { _httpMessage?: (ServerResponse & { req?: IncomingMessage }) | null })._httpMessage;
    if (current && !current.writableFinished) {
      if (current.req !== undefined && !current.req.complete && !current.headersSent) {
        // the bad bytes are inside this request's own body: it is the one refused, and its handler
        // (still waiting for the body) finds the answer already sent when the socket closes
        refuseMidBody(current, socket, answer[0], answer[1]);
        return;
      }
      // an answer still being written for an earlier request on this socket goes out first
      current.once('finish', write);
      current.once('close', () => socket.destroy());
    } else {
      write();
    }
  });

  // a body past its deadline is refused as Node refuses one past its request timeout: 408 if the
  // answer has not started, and the connection closed either way
  const refuseLateBody = (req: IncomingMessage, { socket, upload }: { socket: Socket; upload: boolean }) => {
    const res = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    logger.info({ peer: socket.remoteAddress, upload }, 'request body not sent in time; refused');
    if (res && res.req === req && !res.headersSent && socket.writable) {
      refuseMidBody(res, socket, 408, TIMEOUT_DETAIL);
      return;
    }
    socket.destroy();
  };

  // a client that stops reading holds our answers in memory: bound them, in bytes and in time
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [req, watch] of bodies) {
      if (req.complete || watch.socket.destroyed) bodies.delete(req);
      else if (now > bodyDeadline(watch, watch.socket.bytesRead, limits)) {
        bodies.delete(req);
        // a throw here would be uncaught (a timer) and end the process: one socket's trouble stays its own
        try {
          refuseLateBody(req, watch);
        } catch (err) {
          logger.warn({ err: (err as Error).message }, 'could not refuse a late request body; closing its socket');
          watch.socket.destroy();
        }
      }
    }
    for (const [socket, state] of sockets) {
      const unread = socket.writableLength;
      if (unread > limits.maxUnreadBytes) {
        logger.warn({ peer: socket.remoteAddress, unread }, 'client is not reading its answers; closing the socket');
        bench(socket);
        socket.destroy();
        continue;
      }
      if (readerStalled(state.stall, unread, socket.bytesWritten, now, limits.stalledReaderMs)) {
        logger.warn({ peer: socket.remoteAddress, unread }, 'client stopped reading; closing the socket');
        bench(socket);
        socket.destroy();
      }
    }
  }, SWEEP_MS);
  sweep.unref();

  return {
    // one parsed chunk can hold thousands of pipelined requests: those past the bound cost nothing
    handler: (app) => (req, res) => { if (admit(req, res)) app(req, res); },
    inFlight: () => open.size,
    async refuseOpen() {
      for (const res of [...open]) {
        if (res.headersSent || res.writableEnded) continue;
        res.shouldKeepAlive = false;
        res.writeHead(503, { 'Content-Type': 'application/problem+json', 'Retry-After': '1', Connection: 'close' });
        res.end(problemBody(503, 'the server shut down before this request could be answered; retry on another instance'));
      }
    },
    startDraining: () => { draining = true; },
    stop: () => clearInterval(sweep),
  };
}
