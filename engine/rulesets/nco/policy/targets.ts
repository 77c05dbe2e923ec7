/**
 * What a scripted soldier's shot is worth (bestTarget's integer score units: hit chance in
 * 1296ths × dice × 10), shared by the order choice (orders.ts) and the special actions
 * (specials.ts), with the random policy's target draw and the assault check. Nothing allocates.
 */
import type { NcoGame } from '../rules/state.ts';
import { O_NONE } from '../rules/state.ts';
import { bestWeapon } from '../rules/weapon-choice.ts';
import { shooterKey, SHOT_W, shotAt } from '../rules/shot-memo.ts';
import { effectiveRange, F_COVER_ORDER, hitChance } from '../rules/shooting.ts';
import { ccCourage } from '../rules/assault.ts';
import { S_FIELD_MEDICINE, S_RELIGIOUS_RITES } from '../data/roster-types.ts';
import { W_AS_COVER_FIRE, W_PISTOL } from '../data/weapons.ts';
import { grenadeOption, randomGrenade } from './grenades.ts';
import { objectiveTargetValue } from './objectives.ts';
import { nearestEnemy } from '../rules/nearest.ts';

/** A certain single-die hit in bestTarget's integer score units. */
export const CHANCE_ONE = 12960;

/** Medic and Chaplain never take Fire, Focus Fire, Cover Fire or Assault (items 78, 79). */
export function noncombatant(g: NcoGame, i: number): boolean {
  return (g.scn.skills[i] & (S_FIELD_MEDICINE | S_RELIGIOUS_RITES)) !== 0;
}

/**
 * The best enemy target for soldier i under flags; sets g.pickTarget, g.pickWeapon; returns
 * an integer score: hit chance in 1296ths × dice × 10 (×1.1 for area fire), priority-weighted.
 */
export function bestTarget(g: NcoGame, i: number, flags: number): number {
  let best = -1, bestW = 0, bestV = 0;
  // The shooter key only matters to the flags-0 memo (shotAt).
  const reach = shotReach(g, i), key = flags === 0 ? shooterKey(g, i) : 0, alive = g.alive, rd = g.rd, row = i * g.n;
  // Enemies only, in index order (side 0 is [0, split), side 1 [split, n)), 32 at a time:
  // first the living ones in reach as bits, with no branch per enemy (out of reach: no shot,
  // shotAt's first test; as a branch it was mispredicted often), then their shots in order.
  const lo = g.side[i] === 0 ? g.split : 0, hi = g.side[i] === 0 ? g.n : g.split;
  for (let base = lo; base < hi; base += 32) {
    let m = 0;
    for (let j = base, end = hi - base > 32 ? base + 32 : hi; j < end; j++) m |= (+(rd[row + j] <= reach) & alive[j]) << (j - base);
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const j = base + 31 - Math.clz32(bit);
      const v = shotValue(g, i, j, flags, key, reach);
      if (v > bestV) { bestV = v; best = j; bestW = g.shots.lastW; }
    }
  }
  g.pickTarget = best;
  g.pickWeapon = bestW;
  // Item 47: a throw, when it beats the best shot (none without a grenade: grenadeOption's first test).
  return g.grenades[i] > 0 ? grenadeOption(g, i, flags, bestV) : bestV;
}

/** Longest reach of anything soldier i carries: cheaper than LOS, so out-of-range enemies go first. */
export function shotReach(g: NcoGame, i: number): number {
  const pw = g.primary[i];
  let reach = pw !== 0 ? effectiveRange(g, pw, 0) : 0;
  if (g.scn.pistol[i]) { const pr = effectiveRange(g, W_PISTOL, 0); if (pr > reach) reach = pr; }
  return reach;
}

/**
 * bestTarget's value of soldier i's shot at the living enemy j (0: none, or not worth it),
 * its weapon in g.shots.lastW. `key` and `reach`: shooterKey (read for flags 0 only) and shotReach of i.
 */
export function shotValue(g: NcoGame, i: number, j: number, flags: number, key: number, reach: number): number {
  const m = shotAt(g, i, j, flags, key, reach); // memoised for flags 0 (rules/shot-memo.ts)
  const w = m & (SHOT_W - 1);
  g.shots.lastW = w;
  if (m === 0) return 0;
  let v = (m - w) / SHOT_W; // integer score; weights keep it integer so nothing boxes
  if (W_AS_COVER_FIRE[w] === 1 || (flags & F_COVER_ORDER) !== 0) {
    v -= friendsInBlast(g, i, j, w, flags); // an LMG, flamethrower or HE burst hits friends too
    if (v <= 0) return 0;
  }
  const p = g.scn.policies[g.side[i]];
  if (p.targetPriority === 1) {
    const den = g.maxHealth[j] + g.maxPsyche[j];
    v = ((v * (den + g.maxHealth[j] - g.health[j] + g.maxPsyche[j] - g.psyche[j])) / den) | 0;
  } else if (p.targetPriority === 2) v = ((v * (20 + g.scn.killValue[j])) / 40) | 0;
  else if (p.targetPriority === 3) v = ((v * 4 * g.scn.killValue[j]) / (10 * (g.health[j] + 1))) | 0; // VP for a kill, sooner on the wounded
  v = objectiveTargetValue(g, i, j, v); // scenario targets (carriers, Bomber, S4 mission)
  return v > 0 ? v : 0;
}

/**
 * What an area attack (items 22, 43, 45, 46: every soldier within the radius of the aim is
 * a target) aimed at `aim` risks among soldier i's friends: twice each friend's chance of
 * being hit (1296ths × 10, bestTarget's units), so hitting a friend weighs as two enemies.
 */
function friendsInBlast(g: NcoGame, i: number, aim: number, w: number, flags: number): number {
  const reach = g.scn.rules.cover_fire_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0);
  const row = aim * g.n, alive = g.alive, dd = g.dd;
  let v = 0;
  // Friends only, in index order (i's side's own index range).
  for (let k = g.side[i] === 0 ? 0 : g.split, hi = g.side[i] === 0 ? g.split : g.n; k < hi; k++) {
    if (dd[row + k] > reach || k === i || !alive[k]) continue;
    v += 20 * hitChance(g, i, k, w, flags);
  }
  return v;
}

/** An enemy worth assaulting within reach, or −1 (items 26, 30, R6). */
export function assaultTarget(g: NcoGame, i: number, budget: number): number {
  const p = g.scn.policies[g.side[i]];
  const j = nearestEnemy(g, i, g.scn.rules.assault_requires_los);
  if (j < 0) return -1;
  if (g.rd[i * g.n + j] > budget) return -1;
  if (ccCourage(g, i) - ccCourage(g, j) < p.assaultMargin) return -1;
  g.router.arg[0] = 2 * g.r + 0.01;
  if (!g.router.reachableArg(i, j, budget, true)) return -1;
  return j;
}

/** Picks uniformly among visible enemies that `flags` can shoot (−1: any visible, for Assault). */
export function randomVisibleEnemy(g: NcoGame, i: number, flags: number): void {
  let m = 0;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] === g.side[i] || !g.los(i, j)) continue;
    if (flags >= 0 && bestWeapon(g, i, j, flags) === 0) continue;
    g.list[m++] = j;
  }
  if (flags >= 0 && randomGrenade(g, i, flags, m)) return; // item 47: throws are legal choices too
  g.pickTarget = m > 0 ? g.list[g.prng.below(m)] : -1;
  if (g.pickTarget >= 0 && flags >= 0) g.pickWeapon = bestWeapon(g, i, g.pickTarget, flags);
}

/**
 * Value of a Cover Fire order by soldier i with weapon w aimed at soldier `aim`, in
 * bestTarget's units: each soldier within the radius counts its hit chance, doubled for an
 * enemy still to act (a hit pins him Down) and subtracted twice over for a friend.
 */
export function coverFireValue(g: NcoGame, i: number, aim: number, w: number): number {
  const reach = g.scn.rules.cover_fire_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0);
  const row = aim * g.n, alive = g.alive, dd = g.dd, si = g.side[i];
  let v = 0;
  // In index order, 32 at a time: the living soldiers within the radius as bits first (no
  // branch per soldier: most are outside, unpredictably), then their chances.
  for (let base = 0, n = g.n; base < n; base += 32) {
    let m = 0;
    for (let k = base, end = n - base > 32 ? base + 32 : n; k < end; k++) m |= (+(dd[row + k] <= reach) & alive[k]) << (k - base);
    while (m !== 0) {
      const bit = m & -m;
      m ^= bit;
      const k = base + 31 - Math.clz32(bit);
      if (k === i) continue;
      const c = hitChance(g, i, k, w, F_COVER_ORDER) * 10;
      if (g.side[k] === si) v -= 2 * c;
      else v += g.order[k] === O_NONE ? 2 * c : c;
    }
  }
  return v;
}
