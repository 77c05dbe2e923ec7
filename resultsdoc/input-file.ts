import { closeSync, constants, fstatSync, openSync, readdirSync, readSync, type Stats } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { closest } from '../engine/suggest.ts';
import { ConfigError } from '../engine/errors.ts';

/**
 * Every file squadsim reads (configs, rosters, maps, boards, sweeps, baselines, checkpoints,
 * results, shard files, per-game rows) is opened here: only regular files (a device such as
 * /dev/zero would read forever, a FIFO with no writer would block forever), and text files
 * only up to a size cap, so no input can exhaust memory.
 */

/** Largest JSON file read (results documents are the big ones: a few MB at most today). */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

/** Where a file came from, for messages: the field that named it and the value as given. */
export interface InputRef {
  /** Config field or flag that named the file, e.g. "sides[0].roster" or "--checkpoint". */
  field: string;
  /** The value as the user wrote it (default: the path). */
  shown?: unknown;
  /** What the field allows, e.g. "expected a readable JSON config file". */
  allowed: string;
}

/** ` (did you mean configs/nco/default.json?)` for a misspelt name beside real files. */
function nearbyFile(abs: string): string {
  let names: string[];
  try {
    names = readdirSync(dirname(abs));
  } catch {
    return '';
  }
  const c = closest(basename(abs), names);
  return c === undefined ? '' : ` (did you mean ${join(dirname(abs), c)}?)`;
}

/** Thrown for a file that does not exist, so callers that treat "no file" as normal can tell. */
export class MissingFileError extends ConfigError {}

function kindOf(st: Stats): string {
  if (st.isDirectory()) return 'a folder';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Opens `path` for reading if it is a regular file; returns the descriptor and its size.
 * O_NONBLOCK: opening a FIFO with no writer would otherwise block before fstat could say
 * what it is (it changes nothing for regular files).
 */
export function openRegularFile(path: string, ref: InputRef): { fd: number; size: number } {
  const abs = resolve(path);
  const shown = ref.shown ?? path;
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new MissingFileError(ref.field, shown, `${ref.allowed}; ${abs} does not exist${nearbyFile(abs)}`);
    throw new ConfigError(ref.field, shown, `${ref.allowed}; ${abs}: ${(e as Error).message}`);
  }
  const st = fstatSync(fd);
  if (!st.isFile()) {
    closeSync(fd);
    throw new ConfigError(ref.field, shown, `${ref.allowed}; ${abs} is ${kindOf(st)}, not a regular file`);
  }
  return { fd, size: st.size };
}

/** Reads a whole regular file of at most `maxBytes` bytes. */
export function readRegularFile(path: string, ref: InputRef, maxBytes = MAX_INPUT_BYTES): Buffer {
  const { fd, size } = openRegularFile(path, ref);
  const tooBig = (): ConfigError =>
    new ConfigError(ref.field, ref.shown ?? path, `${ref.allowed}; ${resolve(path)} is larger than ${maxBytes} bytes, the most squadsim reads`);
  try {
    if (size > maxBytes) throw tooBig();
    // Read until EOF rather than trusting the size: the file may still be growing.
    let buf = Buffer.allocUnsafe(Math.max(size, 1024));
    let got = 0;
    for (;;) {
      if (got === buf.length) {
        if (got > maxBytes) throw tooBig();
        const bigger = Buffer.allocUnsafe(Math.min(2 * buf.length, maxBytes + 1));
        buf.copy(bigger, 0, 0, got);
        buf = bigger;
      }
      const n = readSync(fd, buf, got, buf.length - got, null);
      if (n === 0) break;
      got += n;
    }
    if (got > maxBytes) throw tooBig();
    return buf.subarray(0, got);
  } catch (e) {
    if (e instanceof ConfigError) throw e;
    throw new ConfigError(ref.field, ref.shown ?? path, `${ref.allowed}; ${resolve(path)}: ${(e as Error).message}`);
  } finally {
    closeSync(fd);
  }
}
