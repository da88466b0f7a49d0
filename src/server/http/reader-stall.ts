// Telling a client that stopped reading from one that reads slowly: the only sign of reading is
// answer bytes leaving the socket's buffer for the kernel, which makes room only as the client reads.

/** What the sweep remembers of one socket between looks. */
export interface StallWatch {
  /** When the socket was first seen holding unread answers with nothing flushed since; null while it makes progress. */
  since: number | null;
  /** Bytes the kernel had taken from the socket's buffer at the last look. */
  flushed: number;
}

/** A fresh watch for a new socket. */
export function newStallWatch(): StallWatch {
  return { since: null, flushed: 0 };
}

/**
 * Updates `watch` with one look at a socket (`bytesWritten` counts buffered bytes too, as Node's
 * socket does) and says whether it has held `unread` bytes for over `stallMs` without flushing any.
 * A shrinking buffer is not the test: a slow reader's buffer is refilled with the next answer between looks.
 */
export function readerStalled(watch: StallWatch, unread: number, bytesWritten: number, now: number, stallMs: number): boolean {
  const flushed = bytesWritten - unread;
  const moved = flushed > watch.flushed;
  watch.flushed = flushed;
  if (unread === 0 || moved) {
    watch.since = null;
    return false;
  }
  watch.since ??= now;
  return now - watch.since > stallMs;
}
