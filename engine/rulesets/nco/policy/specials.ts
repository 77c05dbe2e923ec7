/**
 * The scripted special actions (items 29–32, R5, R8): who acts, and Focus Fire, Assault,
 * Mend or Ambush; where an Ambush is worth setting, and whether it triggers.
 */
import { SA_AMBUSH, SA_ASSAULT, SA_FOCUS_FIRE, SA_MEND, type NcoGame } from '../rules/state.ts';
import { F_FOCUS } from '../rules/shooting.ts';
import { nearestEnemy } from '../rules/nearest.ts';
import { qualifiesForSpecial } from '../rules/special.ts';
import { POL_RANDOM } from './params.ts';
import { assaultTarget, bestTarget, CHANCE_ONE, noncombatant, randomVisibleEnemy } from './targets.ts';

function params(g: NcoGame, s: number) {
  return g.scn.policies[s];
}

export function wantsAmbushTrigger(g: NcoGame, a: number, _mover: number): boolean {
  if (params(g, g.side[a]).kind === POL_RANDOM) return g.prng.below(2) === 0;
  return true;
}

/** Chooses the next qualifying soldier of side s and his special action (items 29–32, R8). */
export function chooseSpecial(g: NcoGame, s: number): void {
  const p = params(g, s);
  let i = -1, m = 0;
  // The random policy draws from every qualifying soldier; a scripted side takes the first.
  const all = p.kind === POL_RANDOM;
  for (let k = 0; k < g.n; k++) {
    const j = g.actOrder[k];
    if (g.side[j] === s && g.specialDone[j] === 0 && qualifiesForSpecial(g, j)) {
      if (i < 0) i = j;
      g.list[m++] = j;
      if (!all) break;
    }
  }
  g.pick = i;
  if (i < 0) return;
  if (p.kind === POL_RANDOM) {
    i = g.pick = g.list[g.prng.below(m)];
    const nc = noncombatant(g, i);
    let n = 0;
    g.opts[n++] = SA_MEND;
    if (g.turn < g.scn.rules.turns) g.opts[n++] = SA_AMBUSH;
    if (!nc && bestTarget(g, i, F_FOCUS) > 0) g.opts[n++] = SA_FOCUS_FIRE;
    if (!nc && nearestEnemy(g, i, true) >= 0) g.opts[n++] = SA_ASSAULT;
    g.pickOrder = g.opts[g.prng.below(n)];
    if (g.pickOrder === SA_FOCUS_FIRE) randomVisibleEnemy(g, i, F_FOCUS);
    else if (g.pickOrder === SA_ASSAULT) randomVisibleEnemy(g, i, -1);
    return;
  }
  const nc = noncombatant(g, i);
  const move = g.moveIn[i] + g.moveMod;
  if (!nc && p.aggression >= 0.5 && g.health[i] > 1) {
    const a = assaultTarget(g, i, move);
    if (a >= 0) { g.pickOrder = SA_ASSAULT; g.pickTarget = a; return; }
  }
  const v = nc ? 0 : bestTarget(g, i, F_FOCUS);
  if (v >= 0.3 * CHANCE_ONE) { g.pickOrder = SA_FOCUS_FIRE; return; }
  if (!nc && g.turn < g.scn.rules.turns && p.ambushPreference > 0 && g.prng.below(1 << 20) < p.ambushPreference * (1 << 20)) { g.pickOrder = SA_AMBUSH; return; }
  if (v > 0) { g.pickOrder = SA_FOCUS_FIRE; return; }
  g.pickOrder = SA_MEND;
}

/** Mend (item 31): −1 for option A (self), else the friend within 3" to encourage (option B). */
export function mendChoice(g: NcoGame, i: number): number {
  let best = -1, bestNeed = 1;
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || g.side[j] !== g.side[i]) continue;
    if (g.rd[i * g.n + j] > 3) continue;
    const need = g.maxPsyche[j] - g.psyche[j];
    if (need > bestNeed) { bestNeed = need; best = j; }
  }
  const selfNeed = g.maxHealth[i] - g.health[i] + g.maxPsyche[i] - g.psyche[i];
  if (params(g, g.side[i]).kind === POL_RANDOM) return best >= 0 && g.prng.below(2) === 0 ? best : -1;
  return best >= 0 && bestNeed >= selfNeed ? best : -1;
}
