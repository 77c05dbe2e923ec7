import { availableParallelism } from 'node:os';
import { ConfigError } from '../engine/errors.ts';

/** Exit codes shared by every command (DESIGN.md "CLI"). */
export const EXIT = {
  ok: 0,
  /** A check found a regression. */
  checkFailed: 1,
  /** Bad input or usage: unknown command/flag, bad flag value, bad config. */
  usage: 2,
  /** A bug in squadsim itself (not in the contract's 0/1/2, so CI can tell it apart). */
  internal: 3,
} as const;

/** Bad command-line usage found by yargs itself (unknown flag, missing argument). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Prints an error the way users should see it and returns the exit code for it. */
export function reportError(e: unknown, command = ''): number {
  if (e instanceof ConfigError) {
    process.stderr.write(`squadsim: ${e.message}\n`);
    return EXIT.usage;
  }
  if (e instanceof UsageError) {
    const help = command ? `squadsim ${command} --help` : 'squadsim --help';
    process.stderr.write(`squadsim: ${e.message}\nRun "${help}" for usage.\n`);
    return EXIT.usage;
  }
  const err = e as Error;
  process.stderr.write(`squadsim: internal error: ${err?.stack ?? String(e)}\n`);
  return EXIT.internal;
}

/**
 * Parses an integer flag value as yargs left it (a number, or the raw string when it did
 * not look numeric) and throws a ConfigError naming the flag, the value and what is allowed.
 */
/** --workers as the commands that play games take it: absent = the CPU cores, else 0..1024 (0 plays on the main thread). */
export function workersFlag(raw: unknown): number {
  return raw === undefined ? availableParallelism() : intFlag('workers', raw, 0, 1024, 'an integer from 0 to 1024');
}

export function intFlag(flag: string, raw: unknown, min: number, max: number, allowed: string): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*[+-]?\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) throw new ConfigError(`--${flag}`, raw, `expected ${allowed}`);
  return n;
}
