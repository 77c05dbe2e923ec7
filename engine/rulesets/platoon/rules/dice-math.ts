/** The dice behind to-hit (item 26, R12), damage (items 28–29, R13) and tests (R1, R3), exact and rolled. */
import type { Rng } from '../../../rng.ts';

/** R12: chance ×36 of a hit needing `need` on a D6: a natural 1 always misses; 7, 8, 9 need a 6 and then 4+, 5+, 6. */
export function hitChance36(need: number): number {
  if (need <= 2) return 30;
  if (need <= 6) return (7 - need) * 6;
  if (need === 7) return 3;
  if (need === 8) return 2;
  if (need === 9) return 1;
  return 0;
}

export const MISS = 0;
export const HIT = 1;
/** A natural 1: a miss that also runs a flamethrower dry (R16). */
export const MISS_ONE = 2;

/** R12 rolled: one or two dice from `rng`; HIT, MISS or MISS_ONE. */
export function rollHit(rng: Rng, need: number): number {
  const r = rng.d6();
  if (r === 1) return MISS_ONE;
  if (need <= 6) return r >= need ? HIT : MISS;
  if (need > 9 || r !== 6) return MISS;
  return rng.d6() >= need - 3 ? HIT : MISS;
}

/** R13: the D6 score needed to damage (natural 1 never damages; above 6 impossible → 7). */
export function damageNeed(dv: number, pen: number): number {
  const n = dv - pen;
  return n < 2 ? 2 : n;
}

/** Chance ×6 of a damage roll needing `need`. */
export function damageChance6(need: number): number {
  return need > 6 ? 0 : 7 - need;
}

/** Sum of a dice code [count, sides, plus] stored at code[o..o+2]. */
export function rollCode(rng: Rng, code: Int32Array, o: number): number {
  let t = code[o + 2];
  for (let i = 0; i < code[o]; i++) t += rng.die(code[o + 1]);
  return t;
}

/** R1/R3: 2D6 ≤ target passes; double 1 always passes (if `auto1`), double 6 always fails. Returns 0 fail, 1 pass, 2 double-6 fail. */
export function rollTest(rng: Rng, target: number, auto1: boolean): number {
  const a = rng.d6(), b = rng.d6();
  if (a === 6 && b === 6) return 2;
  if (a === 1 && b === 1 && auto1) return 1;
  return a + b <= target ? 1 : 0;
}

/** Chance ×36 of passing a 2D6 test against `target` (double 1 passes, double 6 fails). */
export function testChance36(target: number, auto1: boolean): number {
  let n = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
    if (a === 6 && b === 6) continue;
    if ((a === 1 && b === 1 && auto1) || a + b <= target) n++;
  }
  return n;
}
