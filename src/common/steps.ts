// Long pure work written once and run two ways: a generator that yields wherever it may pause (after
// a series, say), run at once where nothing else waits (the CLI), or in slices of a few milliseconds
// with turns of the event loop between them where other requests wait (the server).

/** Work that may pause at each yield and returns T. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end without pausing. */
export function atOnce<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Milliseconds of work between two turns of the event loop: what another request may wait, plus one step. */
export const SLICE_MS = 10;

/**
 * Runs `steps` to the end, giving the event loop a turn at the first yield after each `sliceMs` of
 * work. Timed rather than counted, because a step's cost varies a hundredfold between kinds of work
 * (a schema check against a calendar's date plan) and with the machine's load.
 */
export async function inSlices<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - sliceStart >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  }
}
