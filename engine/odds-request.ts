/**
 * Reading one field of an `odds` request (`squadsim odds <id> --flag …`, or the conformance
 * suite's examples): a missing field takes its default, a bad one is a ConfigError naming
 * the flag, the value and what is allowed. Shared by every ruleset's tools/odds.ts.
 */
import { ConfigError } from './errors.ts';

type Req = Record<string, unknown>;

/** One of `allowed` (strings). */
export function pickOption<T extends string>(req: Req, name: string, allowed: readonly T[], def: T): T {
  const v = req[name] ?? def;
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) throw new ConfigError(name, v, `expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  return v as T;
}

/** A number in [lo, hi]; an integer unless `int` is false. */
export function numberOption(req: Req, name: string, def: number, lo: number, hi: number, int = true): number {
  const v = req[name] ?? def;
  if (typeof v !== 'number' || (int && !Number.isInteger(v)) || v < lo || v > hi) throw new ConfigError(name, v, `expected ${int ? 'an integer' : 'a number'} from ${lo} to ${hi}`);
  return v;
}

/** true or false (default false). */
export function boolOption(req: Req, name: string): boolean {
  const v = req[name] ?? false;
  if (typeof v !== 'boolean') throw new ConfigError(name, v, 'expected true or false');
  return v;
}
