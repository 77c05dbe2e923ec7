/**
 * fire_first (issue 14): at every die, the unordered soldier with the best shot. Asking
 * bestTarget afresh for every soldier at every die cost O(n²) per die; most of what it reads
 * has not changed since the side's last die. Each soldier's row (his shot value at each
 * enemy and the best of them, rules/shot-memo.ts) is kept from the side's previous call and
 * only the enemies that changed since are worked out again, exactly as bestTarget would:
 * - a shot's value at enemy k reads k's alive, down, health, psyche, maxHealth, maxPsyche
 *   and touches (position: rd, LOS, cover, height), compared against what the last call saw;
 * - and the shooter's key and touches: when they differ, the whole row is worked out again;
 * - the shot itself is shotAt's (rules/shot-memo.ts, with its own list of what it reads);
 * - the throw (grenadeOption) is asked every time, as before.
 * - an area weapon's shot (friendsInBlast) also reads the shooter's friends' alive, down and
 *   touches: when any of them changed, his whole row is worked out again.
 * With scenario objectives (objectiveTargetValue reads their state) bestTarget is asked.
 * An unchanged enemy's shot is a memo hit with no side effect, so skipping it changes
 * nothing; the changed ones are asked in index order, as the full loop asks them.
 */
import type { NcoGame } from '../rules/state.ts';
import { O_NONE } from '../rules/state.ts';
import { W_AS_COVER_FIRE } from '../data/weapons.ts';
import { shooterKey } from '../rules/shot-memo.ts';
import { grenadeOption } from './grenades.ts';
import { bestTarget, CHANCE_ONE, noncombatant, shotReach, shotValue } from './targets.ts';

/** Enemies from which the rows pay: 1.04× at 20 a side, 1.13× at 30, 0.95× at 12 (in-process A/B). */
export const ROWS_MIN = 16;

/**
 * fire_first: the unordered soldier of side s (not waiting in Ambush, not forced Down, on
 * the table) whose best shot is worth a Fire — the best of them — so shots land before the
 * enemy's next die; `fallback` (the first in activation order) when nobody has one.
 */
export function bestShooter(g: NcoGame, s: number, fallback: number): number {
  const p = g.scn.policies[s];
  const min = (0.55 - 0.35 * p.aggression) * CHANCE_ONE;
  const c = ++g.shots.calls[s];
  // objectiveTargetValue is the value itself unless the scenario has objectives this side plays for.
  // The per-call change scans cost about what they save below ROWS_MIN enemies (issue 14, measured).
  const rows = (g.obj.kind === 0 || g.obj.weight[s] <= 0) && (s === 0 ? g.n - g.split : g.split) >= ROWS_MIN;
  // Target priorities 1 and 3 weigh shots by the target's health (and psyche). Without rows the
  // snapshots stay older: a row is then never from the call before (rowCall), so none is misread.
  const tp = p.targetPriority;
  const changed = rows ? enemiesChanged(g, s, tp === 1 || tp === 3) : 0, friends = rows ? friendsChanged(g, s) : 0;
  let best = fallback, bestV = 0;
  const alive = g.alive, order = g.order, ambush = g.ambush, mustDown = g.mustDown, offTable = g.obj.offTable;
  // The side's soldiers in index order, 32 at a time: those free to take a Fire as bits
  // first (no branch per soldier: who already has his order is hard to predict), then theirs.
  for (let lo = s === 0 ? 0 : g.split, base = lo, hi = s === 0 ? g.split : g.n; base < hi; base += 32) {
    let m = 0;
    for (let j = base, end = hi - base > 32 ? base + 32 : hi; j < end; j++) {
      m |= (alive[j] & +(order[j] === O_NONE) & +(ambush[j] <= 0) & +(mustDown[j] === 0) & +(offTable[j] === 0)) << (j - base);
    }
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const j = base + 31 - Math.clz32(bit);
      if (noncombatant(g, j)) continue;
      const v = rows ? rowTarget(g, j, c, changed, friends) : bestTarget(g, j, 0);
      if (v >= min && v > bestV) { bestV = v; best = j; }
    }
  }
  return best;
}

/**
 * The enemies of side s whose state a shot's value reads changed since side s's last call,
 * listed in index order in g.shots.changed (their count returned); what they are now is
 * recorded for the next call.
 */
function enemiesChanged(g: NcoGame, s: number, wounds: boolean): number {
  const m = g.shots, list = m.changed, touches = m.touches, alive = g.alive, down = g.down;
  const health = g.health, psyche = g.psyche, maxH = g.maxHealth, maxP = g.maxPsyche;
  const foe = m.seenFoe, sh = m.seenHealth, sp = m.seenPsyche, smh = m.seenMaxH, smp = m.seenMaxP;
  let c = 0;
  for (let k = s === 0 ? g.split : 0, hi = s === 0 ? g.n : g.split; k < hi; k++) {
    const f = touches[k] * 4 + alive[k] * 2 + down[k];
    if (foe[k] === f && (!wounds || sh[k] === health[k] && sp[k] === psyche[k] && smh[k] === maxH[k] && smp[k] === maxP[k])) continue;
    foe[k] = f;
    sh[k] = health[k];
    sp[k] = psyche[k];
    smh[k] = maxH[k];
    smp[k] = maxP[k];
    list[c++] = k;
  }
  return c;
}

/** 1 when a soldier of side s moved, died or went Down or up since side s's last call (recorded for the next), else 0. */
function friendsChanged(g: NcoGame, s: number): number {
  const m = g.shots, touches = m.touches, alive = g.alive, down = g.down, seen = m.seenFriend;
  let c = 0;
  for (let k = s === 0 ? 0 : g.split, hi = s === 0 ? g.split : g.n; k < hi; k++) {
    const f = touches[k] * 4 + alive[k] * 2 + down[k];
    if (seen[k] !== f) { seen[k] = f; c = 1; }
  }
  return c;
}

/**
 * bestTarget(g, j, 0) for the bestShooter call `c` of j's side, from j's row as of the call
 * before when it still holds (the `changed` enemies worked out again), else afresh. Sets
 * g.pickTarget and g.pickWeapon as bestTarget does.
 */
function rowTarget(g: NcoGame, j: number, c: number, changed: number, friends: number): number {
  const m = g.shots, key = shooterKey(g, j);
  const valid = m.rowCall[j] === c - 1 && m.rowKey[j] === key && m.rowTouch[j] === m.touches[j] && (W_AS_COVER_FIRE[g.primary[j]] & friends) === 0;
  if (valid && changed === 0) { // the row as it was: only its call moves on
    m.rowCall[j] = c;
    g.pickTarget = m.rowT[j];
    g.pickWeapon = m.rowW[j];
    return g.grenades[j] > 0 ? grenadeOption(g, j, 0, m.rowV[j]) : m.rowV[j]; // item 47: a throw, when it beats the best shot
  }
  const reach = shotReach(g, j), alive = g.alive, rd = g.rd;
  const row = j * g.n, lo = g.side[j] === 0 ? g.split : 0, hi = g.side[j] === 0 ? g.n : g.split;
  let bestV = 0, best = -1, bestW = 0;
  if (valid) {
    bestV = m.rowV[j]; best = m.rowT[j]; bestW = m.rowW[j];
    let rescan = false;
    for (let x = 0; x < changed; x++) {
      const k = m.changed[x];
      const v = alive[k] && rd[row + k] <= reach ? shotValue(g, j, k, 0, key, reach) : 0;
      const w = v > 0 ? m.lastW : 0;
      const old = m.pairV[row + k];
      m.pairV[row + k] = v;
      m.pairW[row + k] = w;
      if (k === best) {
        if (v >= old) { bestV = v; bestW = w; } // still the first of the best
        else rescan = true;
      } else if (v > 0 && (v > bestV || (v === bestV && k < best))) { bestV = v; best = k; bestW = w; }
    }
    if (rescan) {
      bestV = 0; best = -1; bestW = 0;
      for (let k = lo; k < hi; k++) {
        const v = m.pairV[row + k];
        if (v > bestV) { bestV = v; best = k; bestW = m.pairW[row + k]; }
      }
    }
  } else {
    for (let k = lo; k < hi; k++) { // bestTarget's loop, keeping every value
      const v = alive[k] && rd[row + k] <= reach ? shotValue(g, j, k, 0, key, reach) : 0;
      const w = v > 0 ? m.lastW : 0;
      m.pairV[row + k] = v;
      m.pairW[row + k] = w;
      if (v > bestV) { bestV = v; best = k; bestW = w; }
    }
  }
  m.rowCall[j] = c;
  m.rowKey[j] = key;
  m.rowTouch[j] = m.touches[j];
  m.rowV[j] = bestV;
  m.rowT[j] = best;
  m.rowW[j] = bestW;
  g.pickTarget = best;
  g.pickWeapon = bestW;
  return g.grenades[j] > 0 ? grenadeOption(g, j, 0, bestV) : bestV; // item 47 (grenadeOption's first test: a grenade)
}
