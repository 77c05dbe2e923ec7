/** Small helpers shared by the NCO odds tables (odds.ts, odds-close-combat.ts, odds-rally.ts). */
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import { ncoRulesSchema, type NcoRules } from '../data/params.ts';

/** `--rules` JSON, checked against the NCO rule parameters. */
export function readRules(s: string): NcoRules {
  let raw: unknown;
  try {
    raw = JSON.parse(s);
  } catch {
    throw new ConfigError('--rules', s, 'expected a JSON object of NCO rule parameters, e.g. {"max_hit_target":7}');
  }
  return parseOrThrow(ncoRulesSchema, raw, ['--rules']);
}

/** Rounded to 12 decimals, so a printed or JSON probability does not show float noise. */
export function round(x: number): number {
  return Math.round(x * 1e12) / 1e12;
}

/** The "at least k" sum of a distribution indexed by k. */
export function atLeast(dist: readonly number[], k: number): number {
  let s = 0;
  for (let j = k; j < dist.length; j++) s += dist[j];
  return s;
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** "n/d" reduced ("0", "1" at the ends). */
export function bigFraction(n: bigint, d: bigint): string {
  if (n === 0n) return '0';
  if (n === d) return '1';
  const g = gcd(n, d);
  return `${n / g}/${d / g}`;
}

/** n/d as a rounded number; exact to double precision even when both exceed 2^53. */
export function bigProb(n: bigint, d: bigint): number {
  const scale = 10n ** 15n;
  return round(Number((n * scale) / d) / 1e15);
}
