import { closeSync, createWriteStream, fsyncSync, mkdirSync, openSync, readdirSync, renameSync, rmdirSync, rmSync, statSync, writeSync, type WriteStream } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/**
 * Files squadsim writes go through a temp file in the same folder that is renamed over the
 * target when complete, so readers never see a partial file and a failed command leaves
 * nothing behind: not the temp file, and not a folder it created for it.
 */
const TEMP_NAME = /^\.(.+)\.(\d+)\.(\d+)\.tmp$/;

/**
 * A temp file name beside `path` (`.<name>.<pid>.<time>.tmp`). First removes such temp
 * files of `path` left by processes that no longer exist (killed with SIGKILL, or a power
 * cut): nothing else can clean them up.
 */
export function tempBeside(path: string): string {
  const dir = dirname(path), name = basename(path);
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    // The folder is about to be created, or unreadable: then there is nothing to sweep.
  }
  for (const n of names) {
    const m = TEMP_NAME.exec(n);
    if (m && m[1] === name && !processAlive(Number(m[2]))) rmSync(join(dir, n), { force: true });
  }
  return join(dir, `.${name}.${process.pid}.${Date.now()}.tmp`);
}

/** Whether a process of this machine with that pid is running (EPERM: it is, under another user). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Writes `text` to `path` atomically (creating its folder, and removing it again on failure). */
export function writeFileAtomic(path: string, text: string | Uint8Array): void {
  const abs = resolve(path);
  const created = ensureDir(dirname(abs));
  const tmp = tempBeside(abs);
  let fd: number | undefined;
  try {
    fd = openSync(tmp, 'w');
    if (typeof text === 'string') writeSync(fd, text); else writeSync(fd, text);
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(tmp, abs);
  } catch (e) {
    if (fd !== undefined) closeSync(fd);
    rmSync(tmp, { force: true });
    removeEmptyDirs(created);
    throw e;
  }
  syncDir(dirname(abs));
}

export interface AtomicStream {
  stream: WriteStream;
  /** After the stream has finished: renames the temp file over the target. */
  commit(): void;
  /** Removes the temp file (and the folders created for it). */
  abort(): void;
}

/** A write stream to a temp file beside `path`; commit() puts it in place. */
export function openAtomicStream(path: string): AtomicStream {
  const abs = resolve(path);
  const created = ensureDir(dirname(abs));
  const tmp = tempBeside(abs);
  const stream = createWriteStream(tmp, { flush: true });
  return {
    stream,
    commit: () => renameSync(tmp, abs),
    abort: () => {
      stream.destroy();
      rmSync(tmp, { force: true });
      removeEmptyDirs(created);
    },
  };
}

/**
 * mkdir -p, one level at a time: Node's recursive mkdir can spin forever on some paths
 * (e.g. under /proc), and this also names the level that failed. Returns the folders it
 * created, outermost first, so a failed write can remove them again.
 */
export function ensureDir(dir: string): string[] {
  const st = statSync(dir, { throwIfNoEntry: false });
  if (st?.isDirectory()) return [];
  if (st) throw Object.assign(new Error(`${dir} exists and is not a folder`), { code: 'ENOTDIR' });
  const parent = dirname(dir);
  const created = parent !== dir ? ensureDir(parent) : [];
  mkdirSync(dir);
  return [...created, dir];
}

/** Removes folders from ensureDir, innermost first, as long as they are empty. */
export function removeEmptyDirs(created: readonly string[]): void {
  for (const dir of [...created].reverse()) {
    try {
      rmdirSync(dir);
    } catch {
      return; // not empty (someone else wrote there) or gone: leave the rest
    }
  }
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
