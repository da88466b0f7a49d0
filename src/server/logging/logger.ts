// The service's pino logger: every object it writes passes through the log sanitizer first.
import pino, { type Logger } from 'pino';
import type { LogLevel } from '../../config/config.js';
import { sanitizeForLog, serializeError } from './sanitize.js';

/** Paths pino blanks as a second line of defence should a logged object slip past the sanitizer. */
export const LOG_REDACT = ['authorization', '*.authorization', 'req.headers.authorization', 'headers.authorization', 'key', 'secret'];

/** A JSON logger at `level` that never writes raw packets, headers, buffers or key-shaped text. */
export function createSafeLogger(level: LogLevel, destination?: pino.DestinationStream): Logger {
  return pino({
    level,
    redact: { paths: LOG_REDACT, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError },
    formatters: { log: (obj) => sanitizeForLog(obj) as Record<string, unknown> },
    hooks: {
      // the message string is free text too (an error's message, say): cut key-shaped runs from it
      logMethod(args, method) {
        const cleaned = args.map((a) => (typeof a === 'string' ? (sanitizeForLog(a) as string) : a));
        method.apply(this, cleaned as Parameters<typeof method>);
      },
    },
  }, destination);
}
