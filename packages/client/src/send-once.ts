// One HTTP attempt with its own timeout joined to the caller's signal; the three ways it can end
// without an answer (abort, timeout, no connection) come out as three distinct errors.
import { MAX_TIMER_MS } from './abortable.js';
import { AbortError, ConnectionError, TimeoutError } from './errors/index.js';
import { displayUrl } from './redact.js';
import type { FetchLike } from './types.js';

/** A complete answer: status, headers and the whole body read within the timeout. */
export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

export interface SendOptions {
  fetch: FetchLike;
  url: string;
  init: Omit<RequestInit, 'signal'>;
  /** Milliseconds for headers and body together; non-finite (or beyond a timer's range) means no limit. */
  timeoutMs: number;
  signal: AbortSignal | undefined;
  scrub: (text: string) => string;
}

// What went wrong, from the error and its causes (undici nests the socket error one level down).
function reasonOf(err: unknown): { text: string; code: string | undefined } {
  const parts: string[] = [];
  let code: string | undefined;
  let e: unknown = err;
  for (let depth = 0; depth < 3 && e != null; depth++) {
    if (e instanceof Error) {
      parts.push(e.message);
      const c = (e as { code?: unknown }).code;
      if (code === undefined && typeof c === 'string') code = c;
      e = e.cause;
    } else {
      parts.push(String(e));
      break;
    }
  }
  return { text: parts.filter(Boolean).join(': ') || 'unknown error', code };
}

/** Sends one request and reads the whole body; throws AbortError, TimeoutError or ConnectionError. */
export async function sendOnce(o: SendOptions): Promise<Answer> {
  const { signal } = o;
  if (signal?.aborted) throw new AbortError(signal.reason);
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = o.timeoutMs <= MAX_TIMER_MS
    ? setTimeout(() => { timedOut = true; controller.abort(); }, o.timeoutMs)
    : undefined;
  try {
    const res = await o.fetch(o.url, { ...o.init, signal: controller.signal });
    // the body is part of the attempt: a server that stalls mid-body must time out too
    const text = await res.text();
    return { status: res.status, headers: res.headers, text };
  } catch (err) {
    if (signal?.aborted) throw new AbortError(signal.reason);
    if (timedOut) throw new TimeoutError(o.timeoutMs, displayUrl(o.url));
    const { text, code } = reasonOf(err);
    // the raw error is not kept as `cause`: an injected fetch could put request headers in it
    throw new ConnectionError(`could not reach ${displayUrl(o.url)}: ${o.scrub(text)}`, code);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
