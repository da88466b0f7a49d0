// Socket hygiene for the HTTP server: timeouts on slow senders and idle keep-alives, a bound on
// pipelined requests and on unread response bytes per socket, parse errors answered (never logged
// with their bytes), and an in-flight count that settles exactly once per request whatever happens.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { ConnectionLimits } from '../../config/config.js';
import { ERROR_CATALOGUE, errorType } from '../../shared/codes.js';
import { newRequestId } from '../middleware/request-id.js';

export interface ConnectionGuard {
  /** Requests received and not yet answered (or abandoned), across all sockets. */
  inFlight(): number;
  /** Answers every request still open with 503 + Retry-After (those not yet answered), then closes sockets. */
  refuseOpen(): Promise<void>;
  /** Stops the periodic sweep. */
  stop(): void;
}

interface SocketState { open: number; stalledSince: number | null; lastWritable: number }

const SWEEP_MS = 250;
/** A socket whose unread answers have not moved for this long is a client that stopped reading. */
const STALL_MS = 5000;

/** The raw HTTP/1.1 problem+json response for a request the parser refused. */
export function rawProblem(status: 400 | 408 | 431 | 503, detail: string): string {
  const code = status === 503 ? 'SERVICE_UNAVAILABLE' : 'REQUEST_INVALID';
  const body = JSON.stringify({
    type: errorType(code),
    title: ERROR_CATALOGUE[code].title,
    status,
    code,
    detail,
    instance: '/',
    request_id: newRequestId(),
  });
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large', 503: 'Service Unavailable' }[status];
  const retry = status === 503 ? 'Retry-After: 1\r\n' : '';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${retry}Connection: close\r\n\r\n${body}`;
}

function clientErrorAnswer(code: string | undefined): [400 | 408 | 431, string] | null {
  switch (code) {
    case 'ECONNRESET': case 'EPIPE': return null;
    case 'HPE_HEADER_OVERFLOW': return [431, 'the request headers are too large; send fewer or shorter headers'];
    case 'ERR_HTTP_REQUEST_TIMEOUT': case 'HPE_HEADERS_TIMEOUT': return [408, 'the request was not sent in time; send it again, faster'];
    default: return [400, 'the request is not valid HTTP/1.1; check its request line, headers and body framing'];
  }
}

/** Applies `limits` to `server` and keeps count of open requests; call once, before listening. */
export function guardConnections(server: Server, limits: ConnectionLimits, logger: Logger): ConnectionGuard {
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxHeadersCount = 100;
  const sockets = new Map<Socket, SocketState>();
  const open = new Set<ServerResponse>();

  server.on('connection', (socket: Socket) => {
    sockets.set(socket, { open: 0, stalledSince: null, lastWritable: 0 });
    socket.once('close', () => { sockets.delete(socket); });
  });

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    const state = sockets.get(socket);
    open.add(res);
    if (state) state.open += 1;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      open.delete(res);
      if (state) state.open -= 1;
      socket.off('close', settle);
    };
    res.once('finish', settle);
    res.once('close', settle);
    // a pipelined request queued behind others never gets res 'close' when the socket dies
    socket.once('close', settle);
    if (state && state.open > limits.maxPipelined) {
      logger.warn({ peer: socket.remoteAddress, pipelined: state.open }, 'too many pipelined requests on one socket; closing it');
      socket.destroy();
    }
  });

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
        const [head, body] = rawProblem(answer[0], answer[1]).split('\r\n\r\n');
        current.shouldKeepAlive = false;
        current.writeHead(answer[0], { 'Content-Type': 'application/problem+json', Connection: 'close' });
        current.end(body, () => socket.destroy());
        void head;
        return;
      }
      // an answer still being written for an earlier request on this socket goes out first
      current.once('finish', write);
      current.once('close', () => socket.destroy());
    } else {
      write();
    }
  });

  // a client that stops reading holds our answers in memory: bound them, in bytes and in time
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [socket, state] of sockets) {
      const unread = socket.writableLength;
      if (unread > limits.maxUnreadBytes) {
        logger.warn({ peer: socket.remoteAddress, unread }, 'client is not reading its answers; closing the socket');
        socket.destroy();
        continue;
      }
      if (unread === 0 || unread < state.lastWritable) {
        state.stalledSince = null;
      } else if (state.stalledSince === null) {
        state.stalledSince = now;
      } else if (now - state.stalledSince > STALL_MS) {
        logger.warn({ peer: socket.remoteAddress, unread }, 'client stopped reading; closing the socket');
        socket.destroy();
        continue;
      }
      state.lastWritable = unread;
    }
  }, SWEEP_MS);
  sweep.unref();

  return {
    inFlight: () => open.size,
    async refuseOpen() {
      for (const res of [...open]) {
        if (res.headersSent || res.writableEnded) continue;
        res.shouldKeepAlive = false;
        res.writeHead(503, { 'Content-Type': 'application/problem+json', 'Retry-After': '1', Connection: 'close' });
        res.end(rawProblem(503, 'the server shut down before this request could be answered; retry on another instance').split('\r\n\r\n')[1]);
      }
    },
    stop: () => clearInterval(sweep),
  };
}
