import { createHash, type Hash } from 'node:crypto';
import { closeSync, fsyncSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';
import { endianness } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { ConfigError } from '../engine/errors.ts';
import { ensureDir, removeEmptyDirs, tempBeside } from './atomic-file.ts';
import { openRegularFile } from './input-file.ts';

/**
 * Per-game rows (`run --record games`) are stored beside results.json as raw little-endian
 * float64s, row-major, one row of `columns.length` values per game in game order: exact,
 * compact (8 bytes a value) and streamable. results.json's `gameRows` names the file.
 */
export const GAME_ROWS_FILE = 'games.f64';
export const GAME_ROWS_FORMAT = 'f64le';

/** The `gameRows` entry of results.json. */
export interface GameRowsInfo {
  /** File name, relative to the folder holding results.json. */
  file: string;
  format: typeof GAME_ROWS_FORMAT;
  columns: string[];
  /** Coded columns: value k means labels[column][k]. */
  labels: Record<string, string[]>;
  /** Rows in the file (= games). */
  count: number;
  /**
   * "sha256:<hex>" of the file: binds it to this results.json, so a games.f64 of another
   * run (e.g. renamed in place just before a crash stopped results.json following) is refused.
   */
  sha256: string;
}

/** What a finished rows file holds. */
export interface WrittenRows {
  rows: number;
  sha256: string;
}

function assertLittleEndian(): void {
  // Typed arrays use the host's byte order; every platform Node supports today is LE.
  if (endianness() !== 'LE') throw new Error('per-game rows need a little-endian host');
}

/**
 * Streams rows into a temp file in `dir` while the run goes on (rows of 10M games do not
 * fit in memory), then renames it into place: readers never see a partial games.f64.
 */
export class GameRowsWriter {
  private fd: number | undefined;
  private readonly tmp: string;
  private readonly created: string[];
  private readonly hash: Hash = createHash('sha256');
  private rows = 0;

  constructor(readonly dir: string, readonly width: number) {
    assertLittleEndian();
    this.created = ensureDir(resolve(dir));
    this.tmp = tempBeside(join(resolve(dir), GAME_ROWS_FILE));
    this.fd = openSync(this.tmp, 'w');
  }

  /** Appends whole rows (row-major); called in chunk order. */
  append(rows: Float64Array): void {
    if (this.fd === undefined) throw new Error('GameRowsWriter is closed');
    if (rows.length % this.width !== 0) throw new Error(`rows of width ${this.width} cannot hold ${rows.length} values`);
    const bytes = new Uint8Array(rows.buffer, rows.byteOffset, rows.byteLength);
    for (let off = 0; off < bytes.length; ) off += writeSync(this.fd, bytes, off, bytes.length - off);
    this.hash.update(bytes);
    this.rows += rows.length / this.width;
  }

  /** fsyncs and renames the file into place; returns what it holds. */
  commit(): WrittenRows {
    if (this.fd === undefined) throw new Error('GameRowsWriter is closed');
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = undefined;
    renameSync(this.tmp, join(this.dir, GAME_ROWS_FILE));
    return { rows: this.rows, sha256: 'sha256:' + this.hash.digest('hex') };
  }

  /** Drops the temp file and any folder made for it (a failed or interrupted run leaves nothing behind). */
  abort(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.tmp, { force: true });
    removeEmptyDirs(this.created);
  }
}

/**
 * The absolute path of a results document's rows file, after checking that it is a regular
 * file of exactly `count` rows whose sha256 is the one results.json recorded (one extra
 * read, so that a stream of CSV rows never stops halfway on a mismatch). A missing,
 * wrong-sized or foreign file is bad input (exit 2) named by `field`.
 */
export function gameRowsPath(resultsPath: string, info: GameRowsInfo, field = `${resultsPath}: gameRows.file`): string {
  const path = join(dirname(resolve(resultsPath)), info.file);
  const want = info.count * info.columns.length * 8;
  const { fd, size } = openRegularFile(path, { field, shown: info.file, allowed: `expected the per-game rows file beside ${resultsPath}` });
  try {
    if (size !== want) throw new ConfigError(field, info.file, `has ${size} bytes; expected ${want} (${info.count} rows of ${info.columns.length} float64s)`);
    if (hashFd(fd) !== info.sha256) throw new ConfigError(field, info.file, `does not belong to ${resultsPath} (its sha256 differs from gameRows.sha256): it was written by another run; rerun with --record games`);
  } finally {
    closeSync(fd);
  }
  return path;
}

/** "sha256:<hex>" of an open file, read from the start. */
export function hashFd(fd: number): string {
  const hash = createHash('sha256');
  const buf = new Uint8Array(1 << 20);
  let pos = 0;
  for (let n = readSync(fd, buf, 0, buf.length, pos); n > 0; n = readSync(fd, buf, 0, buf.length, pos)) {
    hash.update(buf.subarray(0, n));
    pos += n;
  }
  return 'sha256:' + hash.digest('hex');
}

/**
 * Reads the rows of a results document in batches of up to `batchRows` rows, so export can
 * stream files bigger than memory. Missing or truncated files are bad input (exit 2).
 */
export function* readGameRows(resultsPath: string, info: GameRowsInfo, batchRows = 4096): Generator<Float64Array> {
  assertLittleEndian();
  if (info.format !== GAME_ROWS_FORMAT) throw new ConfigError('gameRows.format', info.format, `expected ${JSON.stringify(GAME_ROWS_FORMAT)}`);
  const path = join(dirname(resolve(resultsPath)), info.file);
  const width = info.columns.length;
  const { fd } = openRegularFile(path, { field: 'gameRows.file', shown: info.file, allowed: `expected the per-game rows file beside ${resultsPath}` });
  try {
    const buf = new Float64Array(batchRows * width);
    const bytes = new Uint8Array(buf.buffer);
    let left = info.count;
    while (left > 0) {
      const want = Math.min(left, batchRows) * width * 8;
      let got = 0;
      while (got < want) {
        const n = readSync(fd, bytes, got, want - got, null);
        if (n === 0) throw new ConfigError('gameRows.file', info.file, `is truncated: expected ${info.count} rows of ${width} float64s`);
        got += n;
      }
      left -= want / (width * 8);
      yield buf.subarray(0, want / 8);
    }
  } finally {
    closeSync(fd);
  }
}
