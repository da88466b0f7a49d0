// The SQLite data directory: checked before the store opens, so a mistyped path is refused
// instead of silently becoming a new, empty database.
import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** A data directory that is absent, not a directory, or not writable; the message says which and how to fix it. */
export class DataDirError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataDirError';
  }
}

function kind(path: string): 'dir' | 'other' | 'absent' {
  try {
    return statSync(path).isDirectory() ? 'dir' : 'other';
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw new DataDirError(`cannot use data directory ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

// One level at a time: Node's recursive mkdirSync loops forever under /proc, and a failure here
// must name the level that could not be made.
function makeDirs(path: string): void {
  const missing: string[] = [];
  for (let p = path; kind(p) === 'absent'; p = dirname(p)) {
    missing.unshift(p);
    if (dirname(p) === p) break;
  }
  for (const p of missing) {
    try {
      mkdirSync(p);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new DataDirError(`cannot create data directory ${path}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message} at ${p}`);
      }
    }
  }
}

/** Makes sure `dir` is a writable directory, creating it only when `create`; returns its absolute path. */
export function ensureDataDir(dir: string, create: boolean): string {
  const path = resolve(dir);
  const k = kind(path);
  if (k === 'other') throw new DataDirError(`data directory ${path} exists but is not a directory`);
  if (k === 'absent') {
    if (!create) {
      throw new DataDirError(`data directory ${path} does not exist; check --data-dir / TEMPO_DATA_DIR, or pass --create to make it (tempo serve creates it)`);
    }
    makeDirs(path);
  }
  try {
    accessSync(path, constants.W_OK | constants.X_OK);
  } catch {
    throw new DataDirError(`data directory ${path} is not writable by this user`);
  }
  return path;
}
