/**
 * The scripted special actions (items 29–32, R5, R8): who acts, and Focus Fire, Assault,
 * Mend or Ambush; where an Ambush is worth setting, and whether it triggers.
 */
import { SA_AMBUSH, SA_ASSAULT, SA_FOCUS_FIRE, SA_MEND, type NcoGame } from '../rules/state.ts';
import { effectiveRange, F_FOCUS } from '../rules/shooting.ts';
import { lineOfSight } from '../rules/terrain/sight.ts';
import { ambushWeapon } from '../rules/weapon-choice.ts';
import { nearestEnemy } from '../rules/nearest.ts';
import { qualifiesForSpecial } from '../rules/special.ts';
import { assaultTarget, bestTarget, CHANCE_ONE, noncombatant, randomVisibleEnemy } from './targets.ts';

function params(g: NcoGame, s: number) {
  return g.scn.policies[s];
}

export function wantsAmbushTrigger(g: NcoGame, a: number, _mover: number): boolean {
  if (params(g, g.side[a]).random) return g.prng.below(2) === 0;
  return true;
}

/** Chooses the next qualifying soldier of side s and his special action (items 29–32, R8). */
export function chooseSpecial(g: NcoGame, s: number): void {
  const p = params(g, s);
  let i = -1, m = 0;
  // The random policy draws from every qualifying soldier; a scripted side takes the first.
  const all = p.random;
  // actOrder keeps each side's soldiers in the side's own index range (policy/decisions.ts);
  // the walk starts past the dead and done at its front (g.actFrom).
  const act = g.actOrder, done = g.specialDone, alive = g.alive, cur = g.actFrom.specialFrom;
  let from = cur[s];
  for (let k = from, hi = s === 0 ? g.split : g.n; k < hi; k++) {
    const j = act[k];
    if (done[j] !== 0 || !alive[j]) { if (k === from) from++; continue; }
    if (qualifiesForSpecial(g, j)) {
      if (i < 0) i = j;
      g.list[m++] = j;
      if (!all) break;
    }
  }
  cur[s] = from;
  g.pick = i;
  if (i < 0) return;
  if (p.random) {
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
  if (!nc && g.turn < g.scn.rules.turns && p.ambushPreference > 0 && g.prng.below(1 << 20) < p.ambushPreference * (1 << 20) && ambushCovers(g, i)) { g.pickOrder = SA_AMBUSH; return; }
  if (v > 0) { g.pickOrder = SA_FOCUS_FIRE; return; }
  g.pickOrder = SA_MEND;
}

/** Path points tested per enemy by ambushCovers: his position, then quarters of his look-ahead. */
const AMBUSH_PROBES = 4;

/**
 * Is an Ambush by soldier i likely to trigger (item 32: on an enemy Advance, Run or Assault
 * in his sight)? Some enemy, moving ambush_lookahead of his Run straight toward i, passes a
 * point i sees within his weapon's range. With no such enemy the Ambush only wastes the
 * action (cautious set 4.5 a game and 9% triggered), so Focus Fire or Mend is taken instead.
 */
function ambushCovers(g: NcoGame, i: number): boolean {
  const look = params(g, g.side[i]).ambushLookahead;
  if (look <= 0) return true;
  const w = ambushWeapon(g, i);
  if (w === 0) return false;
  const t = g.table, probe = g.sp + 5, x = t.px[i], y = t.py[i];
  const range = effectiveRange(g, w, 0) + (g.scn.rules.measure === 'edge' ? 2 * g.r : 0);
  const lo = g.side[i] === 0 ? g.split : 0, hi = g.side[i] === 0 ? g.n : g.split;
  for (let j = lo; j < hi; j++) {
    if (!g.alive[j]) continue;
    const jx = t.px[j], jy = t.py[j];
    const d = Math.sqrt((x - jx) * (x - jx) + (y - jy) * (y - jy)) + 1e-9;
    const step = (2 * (g.moveIn[j] + g.moveMod) * look) / AMBUSH_PROBES;
    for (let k = 0; k <= AMBUSH_PROBES; k++) {
      const f = Math.min(1, (k * step) / d);
      if ((1 - f) * d > range) continue;
      t.px[probe] = jx + (x - jx) * f;
      t.py[probe] = jy + (y - jy) * f;
      if (lineOfSight(t, g.sight, i, probe)) return true;
    }
  }
  return false;
}

/**
 * Next turn, when only ambushers are left to order: cancel soldier i's Ambush for a new
 * order (item 32) when he has a shot worth a Fire now, or no enemy can come into his view
 * any more — waiting would cost his whole turn. Only with ambush_lookahead on.
 */
export function cancelsAmbush(g: NcoGame, i: number): boolean {
  const p = params(g, g.side[i]);
  if (p.random || p.ambushLookahead <= 0 || noncombatant(g, i)) return false;
  if (bestTarget(g, i, 0) >= (0.55 - 0.35 * p.aggression) * CHANCE_ONE) return true;
  return !ambushCovers(g, i);
}

/** Mend (item 31): −1 for option A (self), else the friend within 3" to encourage (option B). */
export function mendChoice(g: NcoGame, i: number): number {
  let best = -1, bestNeed = 1;
  for (let j = g.side[i] === 0 ? 0 : g.split, hi = g.side[i] === 0 ? g.split : g.n; j < hi; j++) { // friends only
    if (j === i || !g.alive[j]) continue;
    if (g.rd[i * g.n + j] > 3) continue;
    const need = g.maxPsyche[j] - g.psyche[j];
    if (need > bestNeed) { bestNeed = need; best = j; }
  }
  const selfNeed = g.maxHealth[i] - g.health[i] + g.maxPsyche[i] - g.psyche[i];
  if (params(g, g.side[i]).random) return best >= 0 && g.prng.below(2) === 0 ? best : -1;
  return best >= 0 && bestNeed >= selfNeed ? best : -1;
}
