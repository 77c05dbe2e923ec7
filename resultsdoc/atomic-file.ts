import { closeSync, createWriteStream, fsyncSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeSync, type WriteStream } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Files other commands write (CSV exports, baselines) go through a temp file in the same
 * folder that is renamed over the target when complete, so readers never see a partial
 * file and a failed command leaves nothing behind.
 */
function tempBeside(path: string): string {
  return join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
}

/** Writes `text` to `path` atomically (creating its folder). */
export function writeFileAtomic(path: string, text: string): void {
  const abs = resolve(path);
  ensureDir(dirname(abs));
  const tmp = tempBeside(abs);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
    writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, abs);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  }
  syncDir(dirname(abs));
}

export interface AtomicStream {
  stream: WriteStream;
  /** After the stream has finished: renames the temp file over the target. */
  commit(): void;
  /** Removes the temp file. */
  abort(): void;
}

/** A write stream to a temp file beside `path`; commit() puts it in place. */
export function openAtomicStream(path: string): AtomicStream {
  const abs = resolve(path);
  ensureDir(dirname(abs));
  const tmp = tempBeside(abs);
  const stream = createWriteStream(tmp, { flush: true });
  return {
    stream,
    commit: () => renameSync(tmp, abs),
    abort: () => {
      stream.destroy();
      rmSync(tmp, { force: true });
    },
  };
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir can spin forever on some paths
 * (e.g. under /proc), and this also names the level that failed.
 */
export function ensureDir(dir: string): void {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (st?.isDirectory()) return;
  if (st) throw Object.assign(new Error(`${dir} exists and is not a folder`), { code: 'ENOTDIR' });
  const parent = dirname(dir);
  if (parent !== dir) ensureDir(parent);
  mkdirSync(dir);
}

/** Makes a rename durable; not every platform can fsync a folder, so best effort. */
function syncDir(dir: string): void {
  try {
    const fd = openSync(dir, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // e.g. Windows: folders cannot be opened for fsync.
  }
}
