// Makes anything headed for a log line safe to write: raw packets, headers and byte buffers are
// dropped wherever they sit, errors become plain records, and key-shaped text is cut down.
import { redactKeys } from '../redact.js';

/** Property names whose values may hold request bytes or credentials; never logged at any depth. */
const DROPPED = new Set(['rawpacket', 'headers', 'rawheaders', 'authorization', 'cookie', 'secret', 'key', 'body', 'buffer', 'socket', 'req', 'request']);
const MAX_DEPTH = 6;
const MAX_STRING = 2000;

function isBytes(value: unknown): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && value instanceof SharedArrayBuffer);
}

function safeString(s: string): string {
  const cut = s.length > MAX_STRING ? `${s.slice(0, MAX_STRING)}…` : s;
  return redactKeys(cut);
}

/** An Error as a plain log record (type, message, code, stack, cause) with nothing from the wire in it. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error)) return sanitizeForLog(err, depth);
  const out: Record<string, unknown> = { type: err.name, message: safeString(err.message) };
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' || typeof code === 'number') out.code = code;
  if (typeof err.stack === 'string') out.stack = safeString(err.stack);
  if (err.cause !== undefined && depth < MAX_DEPTH) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** A copy of `value` fit for a log line: see the file comment; cycles and deep nesting are cut. */
export function sanitizeForLog(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return safeString(value);
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (value instanceof Error) return serializeError(value, depth);
  if (isBytes(value)) return '[bytes withheld]';
  if (depth >= MAX_DEPTH || seen.has(value)) return '[withheld]';
  seen.add(value);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => sanitizeForLog(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    if (DROPPED.has(k.toLowerCase())) continue;
    out[k] = sanitizeForLog(v, depth + 1, seen);
  }
  return out;
}
