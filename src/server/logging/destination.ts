// Where the server's log lines go by default: standard output, written in batches. A write per line
// was the largest part of a small request's cost at the default (info) level, where every request
// logs one line: each line crossed to libuv's thread pool and into the kernel on its own. Lines now
// wait until a few KiB have gathered, or a fraction of a second has passed, and are written together
// off the event loop; whatever is still waiting is written synchronously when the process exits.
import pino from 'pino';

/** Bytes of log lines gathered before they are written. */
export const LOG_BATCH_BYTES = 4096;
/** The longest a line waits for others before it is written anyway. */
export const LOG_FLUSH_MS = 200;

/** Standard output as a log destination, written in batches (see the file comment). */
export function stdoutInBatches(): pino.DestinationStream {
  return pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS } as Parameters<typeof pino.destination>[0]);
}
