import { expect } from 'vitest';
import { ConfigError } from '../engine/errors.ts';

/** Runs `fn`, expects it to throw a ConfigError (bad input, exit 2) and returns it. */
export function configErrorOf(fn: () => unknown): ConfigError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
}
