/**
 * To-hit numbers and their exact odds (items 33–36, R13). The simulation and the exact
 * tests share `hitTargetFromMods` and `rollHit`, so a test of one is a test of the other.
 */
import type { Rng } from '../../rng.ts';

/** The number needed on a D6 after summing modifiers onto the base 3+ (item 33, 36). */
export function hitTargetFromMods(mods: number): number {
  const t = 3 - mods;
  return t < 2 ? 2 : t; // item 36: never better than 2+
}

/**
 * One to-hit die against target number t (item 36, R13): a natural 1 always misses; for
 * 7+ roll a 6 and then (t − 2)+ on a second die (7+ → 6 then 5–6, 8+ → 6 then 6); a target
 * above `maxTarget` cannot hit.
 */
export function rollHit(rng: Rng, t: number, maxTarget: number): boolean {
  if (t > maxTarget) return false;
  const r = rng.d6();
  if (r === 1) return false;
  if (t <= 6) return r >= t;
  if (r !== 6) return false;
  const need = t - 2;
  return need <= 6 && rng.d6() >= need;
}

/** Exact probability that one die hits target t: the closed form of rollHit. */
export function hitProbability(t: number, maxTarget: number): number {
  return hitChance36(t, maxTarget) / 36;
}

/**
 * The same probability in 36ths, as an integer, for the hot loop: integers never box,
 * and sums of them stay exact (a 2-dice chance is then in 1296ths).
 */
export function hitChance36(t: number, maxTarget: number): number {
  if (t > maxTarget) return 0;
  if (t <= 6) return 6 * (7 - (t < 2 ? 2 : t));
  const need = t - 2;
  if (need > 6) return 0;
  return 7 - need;
}
