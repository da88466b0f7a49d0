// A file that appears whole or not at all: written to a temporary name beside it, renamed at the end.
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { randomBytes } from 'node:crypto';

/** Writes with backpressure, then commits (rename into place) or aborts (removes the temporary file). */
export interface AtomicFile {
  write(text: string | Uint8Array): Promise<void>;
  commit(): Promise<void>;
  abort(): Promise<void>;
}

/** Opens a temporary file next to `path` (same directory, so the rename is atomic). */
export async function openAtomicFile(path: string): Promise<AtomicFile> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  const stream: WriteStream = createWriteStream(tmp, { flags: 'wx' });
  await once(stream, 'open');
  let failed: Error | undefined;
  stream.on('error', (err) => { failed = err; });
  return {
    async write(text) {
      if (failed) throw failed;
      if (!stream.write(text)) await once(stream, 'drain');
    },
    async commit() {
      if (failed) throw failed;
      const closed = once(stream, 'close');
      stream.end();
      await closed;
      if (failed) throw failed;
      await rename(tmp, path);
    },
    async abort() {
      stream.destroy();
      await rm(tmp, { force: true });
    },
  };
}
