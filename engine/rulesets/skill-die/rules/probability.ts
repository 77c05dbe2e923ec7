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
  pHitInto(die, difficulty, net, bonus);
  return PROB[0];
}

/** Items 13, 16: P(destroyed | hit) for a Damage die against a Defense number or a Defense die. */
export function pKill(damage: number, defense: number, defDie: number): number {
  pKillInto(damage, defense, defDie);
  return PROB[1];
}

/**
 * pHitInto's result ([0]) and pKillInto's ([1]) for the policies, which weigh every
 * weapon against every target: a returned double is boxed on every call V8 does not
 * inline (docs/gc-audit.md), so pAtLeast is written out in them too.
 */
export const PROB = new Float64Array(2);

/** pHit into PROB[0]. */
export function pHitInto(die: number, difficulty: number, net: number, bonus: number): void {
  const need = difficulty - bonus;
  const q = need <= 1 ? 1 : need > die ? 0 : (die - need + 1) / die;
  PROB[0] = net > 0 ? 1 - (1 - q) * (1 - q) : net < 0 ? q * q : q;
}

/** pKill into PROB[1]. */
export function pKillInto(damage: number, defense: number, defDie: number): void {
  if (defDie > 0) {
    if (damage < defDie) { PROB[1] = 0; return; }
    let p = 0;
    for (let e = 1; e <= defDie; e++) p += e <= 1 ? 1 : e > damage ? 0 : (damage - e + 1) / damage;
    PROB[1] = p / defDie;
    return;
  }
  PROB[1] = defense <= 1 ? 1 : defense > damage ? 0 : (damage - defense + 1) / damage;
}
