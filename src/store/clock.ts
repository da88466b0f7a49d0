// Timestamps for stored rows: ISO 8601 UTC, strictly increasing within a process, so "oldest first"
// orders rows made in the same millisecond by creation.

/** Returns a function giving the current time as ISO 8601, never equal to or before its last answer. */
export function monotonicIsoClock(now: () => number = Date.now): () => string {
  let last = 0;
  return () => {
    last = Math.max(now(), last + 1);
    return new Date(last).toISOString();
  };
}
