// Waiting that the caller's AbortSignal can cut short at any moment.

/** Longest delay setTimeout honours; larger ones fire at once in every runtime. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Resolves after `ms` (at most MAX_TIMER_MS), or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return raceAbort(new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.min(ms, MAX_TIMER_MS));
    signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }), signal);
}

/** `work`'s outcome, unless the signal aborts first: then a rejection with its reason, at once. */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) {
    // the work is dropped, not awaited: its own later rejection (a sleep that honours the signal) must not go unhandled
    work.catch(() => {});
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => { signal.removeEventListener('abort', onAbort); resolve(v); },
      (e) => { signal.removeEventListener('abort', onAbort); reject(e); },
    );
  });
}
