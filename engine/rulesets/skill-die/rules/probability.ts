/**
 * Exact single-roll probabilities (items 12–13, 16, 18, R19), shared by the policies'
 * expectations and the odds command (tools/odds.ts). Pure arithmetic, no state.
 */

/** P(one die with `die` faces ≥ need); need ≤ 1 is certain, need > die impossible (R19). */
export function pAtLeast(die: number, need: number): number {
  if (need <= 1) return 1;
  if (need > die) return 0;
  return (die - need + 1) / die;
}

/** Item 18: P(Skill roll + bonus ≥ difficulty) with net Advantage (+1), none (0) or Disadvantage (−1). */
export function pHit(die: number, difficulty: number, net: number, bonus: number): number {
  const q = pAtLeast(die, difficulty - bonus);
  return net > 0 ? 1 - (1 - q) * (1 - q) : net < 0 ? q * q : q;
}

/** Items 13, 16: P(destroyed | hit) for a Damage die against a Defense number or a Defense die. */
export function pKill(damage: number, defense: number, defDie: number): number {
  if (defDie > 0) {
    if (damage < defDie) return 0;
    let p = 0;
    for (let e = 1; e <= defDie; e++) p += pAtLeast(damage, e);
    return p / defDie;
  }
  return pAtLeast(damage, defense);
}
