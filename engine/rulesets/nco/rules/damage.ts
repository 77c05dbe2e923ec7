/**
 * Wounds, health and psyche (items 39, 49–60): the wound chart, applying losses health
 * first, death, Walking Wounded, mental breakdown, incapacitation and snapping.
 */
import { traceHealth, traceKill, tracePsyche, who } from './trace-log.ts';
import { RC_BREAKDOWN } from '../data/rule-counters.ts';
import { O_DOWN, O_NONE, type NcoGame } from './state.ts';
import { S_RUTHLESS } from '../data/roster-types.ts';
import { snap } from './assault.ts';
import { takeDie } from './dice-bag.ts';
import { LUCKY_TRINKET, luckyTrinket } from './items.ts';

/** Health and psyche lost for one wound-chart result r (items 49–53); r ≥ 7 is death. */
export function woundHealth(r: number): number {
  return r >= 7 ? 99 : r === 6 ? 3 : r >= 4 ? 2 : 0;
}
export function woundPsyche(r: number): number {
  return r >= 6 ? 2 : r >= 4 ? 1 : r >= 2 ? 2 : 1;
}

/** Removes soldier i as a casualty; VP go to the opponent of i's owner (item 101, R10). */
export function kill(g: NcoGame, i: number, killer: number): void {
  if (!g.alive[i]) return;
  if (g.trace !== null) traceKill(g, i);
  const s = g.side[i];
  g.alive[i] = 0;
  g.aliveCount[s]--;
  g.health[i] = 0;
  g.diedTurn[i] = g.turn;
  if (g.ambush[i] > 0) g.ambushers[s]--;
  g.ambush[i] = 0;
  g.bag.destroy(s, g.order[i] === O_NONE); // item 14: one of his owner's dice leaves the bag
  g.order[i] = O_DOWN;
  g.vp[1 - s] += g.scn.killValue[i];
  g.tally.lose(s, g.scn.profile[i], g.scn.cost[i]);
  if (killer >= 0 && g.side[killer] !== s) g.tally.kill(g.side[killer], g.scn.profile[killer]);
}

/** Forces a Down on soldier i now, taking one of his dice if he has no order yet (items 22, 57). */
export function forceDown(g: NcoGame, i: number): void {
  takeDie(g, i, O_DOWN);
  g.down[i] = 1;
}

/** True when a Ruthless ally (himself included) stands within 6" of soldier i (item 60, 72). */
function ruthlessNear(g: NcoGame, i: number): boolean {
  const s = g.side[i];
  const skills = g.scn.skills;
  for (let j = 0; j < g.n; j++) {
    if (g.alive[j] && g.side[j] === s && (skills[j] & S_RUTHLESS) !== 0 && (j === i || g.rd[i * g.n + j] <= 6)) return true;
  }
  return false;
}

/** Loses `h` health (item 55); returns true if the soldier died. */
export function loseHealth(g: NcoGame, i: number, h: number, killer: number): boolean {
  if (h <= 0 || !g.alive[i]) return !g.alive[i];
  g.health[i] -= h;
  if (g.trace !== null) traceHealth(g, i, h);
  if (g.health[i] <= 0) {
    kill(g, i, killer);
    return true;
  }
  return false;
}

/** Loses `p` psyche, with the Ruthless conversion and breakdown on reaching 0 (items 57–60). */
export function losePsyche(g: NcoGame, i: number, p: number, killer: number): void {
  if (p <= 0 || !g.alive[i]) return;
  if (g.brokenNow[i]) return; // item 57: already at 0 and Down this turn: no further effect
  if (g.psyche[i] <= 0) return; // still at 0 from last turn's breakdown, awaiting his Rally (item 58)
  if (g.psycheImmune[i]) return; // item 84: Morphine
  if (g.trace !== null) tracePsyche(g, i, p);
  let checkedRuthless = -1;
  while (p > 0 && g.alive[i]) {
    if (g.psyche[i] === 1) {
      if (checkedRuthless < 0) checkedRuthless = ruthlessNear(g, i) ? 1 : 0;
      if (checkedRuthless === 1) {
        if (loseHealth(g, i, 1, killer)) return;
        p--;
        continue;
      }
    }
    g.psyche[i]--;
    p--;
    if (g.psyche[i] <= 0) {
      g.psyche[i] = 0;
      breakdown(g, i, killer);
      return;
    }
  }
}

/** Psyche reached 0 (items 57, 59, R9). */
export function breakdown(g: NcoGame, i: number, killer: number): void {
  g.breakdowns[i]++;
  g.count.rulesInPlay.add(g.side[i], RC_BREAKDOWN);
  if (g.trace !== null) g.trace.add('breakdown', `${who(g, i)} breaks down (breakdown ${g.breakdowns[i]})`, { soldier: i });
  const first = g.breakdowns[i] === 1;
  if (first || !g.scn.rules.breakdown_table_every_time && g.breakdowns[i] > 2) {
    g.brokenNow[i] = 1;
    forceDown(g, i);
    return;
  }
  if (g.rng.d6() <= 4) {
    kill(g, i, killer); // Incapacitated: removed as if killed
    return;
  }
  snap(g, i);
}

/**
 * Applies the hits of one attack on one target: every wound is rolled, all health loss is
 * applied before any psyche loss (item 39); a modified 7+ is instant death (item 53).
 */
export function applyHits(g: NcoGame, target: number, hits: number, woundMod: number, extraPsyche: number, shooter: number): void {
  let h = 0, p = 0, dead = false, mortal = 0;
  for (let k = 0; k < hits; k++) {
    if (k === 0 && (g.itemsLeft[target] & LUCKY_TRINKET) !== 0 && luckyTrinket(g, target)) { p += 1; continue; } // item 87: a Graze
    const r = g.rng.d6() + woundMod;
    if (r >= 7) dead = true;
    h += woundHealth(r);
    p += woundPsyche(r) + extraPsyche; // R17: extra psyche on every wound-chart hit
    if (r === 6) mortal++;
  }
  if (dead) {
    kill(g, target, shooter);
    return;
  }
  if (loseHealth(g, target, h, shooter)) return;
  const pen = g.scn.rules.mortal_wound_max_health_penalty; // R19: 0 by default
  if (pen > 0 && mortal > 0) {
    g.maxHealth[target] = Math.max(1, g.maxHealth[target] - pen * mortal);
    if (g.health[target] > g.maxHealth[target]) g.health[target] = g.maxHealth[target];
  }
  losePsyche(g, target, p, shooter);
}
