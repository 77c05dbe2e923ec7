/**
 * The output folder of a command (`--out DIR`): checked before any work, so bad input
 * writes nothing, and written file by file atomically once everything is built in memory.
 */
import { join } from 'node:path';
import { ConfigError } from '../engine/errors.ts';
import { writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import { checkOutputDir } from '../resultsdoc/format.ts';

/** Throws ConfigError on `--out` when it is empty or not a writable folder (undefined: no output asked for). */
export function checkOutFlag(out: string | undefined): void {
  if (out === undefined) return;
  if (out.trim() === '') throw new ConfigError('--out', out, 'expected a folder path');
  try {
    checkOutputDir(out);
  } catch (e) {
    throw new ConfigError('--out', out, `expected a writable folder (${(e as Error).message})`);
  }
}

/** Writes each [name, text] into `out`, atomically; a file-system failure is a ConfigError on `--out`. */
export function writeOutFiles(out: string, files: readonly (readonly [string, string])[]): void {
  try {
    for (const [name, text] of files) writeFileAtomic(join(out, name), text);
  } catch (e) {
    if (!(e as NodeJS.ErrnoException).code) throw e;
    throw new ConfigError('--out', out, `expected a writable folder (${(e as Error).message})`);
  }
}
