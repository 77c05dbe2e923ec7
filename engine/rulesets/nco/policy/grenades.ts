/**
 * When to throw a hand grenade (item 47, R18; digest §4 decision 6). Scripted sides throw
 * at clustered enemies and at enemies they cannot shoot well (out of sight behind low
 * terrain, in cover, Down), never when a friend (or the thrower) would be in the blast on
 * the point; `random` counts every enemy within a clear throw as one more legal choice.
 * Scores are in orders.ts bestTarget's integer units (a certain single hit = 12960).
 */
import type { NcoGame } from '../rules/state.ts';
import { O_NONE } from '../rules/state.ts';
import { F_ADVANCE, F_COVER_ORDER } from '../rules/shooting.ts';
import { W_GRENADE, W_RANGE } from '../data/weapons.ts';
import { canThrowTo, GRENADE_AIM, GRENADE_LAND, landingPoint } from '../rules/grenades.ts';

/** One enemy in the blast: a flat 3+ (864/1296 × 10), weighted ×1.3 for +1 wound and −1 psyche. */
const ENEMY_HIT = 11232;
/** A friend caught by a scattered grenade costs this many enemies. */
const FRIEND_COST = 3;
/** A throw must score at least this (30% of a certain hit) to be worth a grenade... */
export const GRENADE_MIN_SCORE = 3888;
/** ...and beat the best aimed shot by 5/4: grenades are few and used once. */
const PREMIUM_NUM = 5, PREMIUM_DEN = 4;
/** Scratch slot (offset from g.sp) for candidate aim points. */
const CANDIDATE = 7;

/** Whether soldier i may throw a grenade with an attack of these flags (R18: Fire, Focus Fire, Advance). */
function mayThrow(g: NcoGame, i: number, flags: number): boolean {
  if (g.grenades[i] <= 0 || (flags & F_COVER_ORDER) !== 0) return false;
  return (flags & F_ADVANCE) === 0 || g.scn.rules.grenade_with_advance;
}

/** Whether enemy j's position is a candidate aim point: within range of i's centre + base (cheap). */
function inThrowRange(g: NcoGame, i: number, j: number): boolean {
  return g.dd[i * g.n + j] - (g.scn.rules.measure === 'edge' ? g.r : 0) <= W_RANGE[W_GRENADE] + g.rangeMod;
}

/**
 * bestTarget's hook: returns `bestV` unchanged when no throw beats it, else the throw's
 * score, with g.pickTarget (the enemy it is aimed at or near), g.pickWeapon = W_GRENADE and
 * the aim point in slot g.sp + GRENADE_AIM. For `random` it only reports that a throw is
 * legal (score 1 when nothing else is); randomVisibleEnemy then draws among the choices.
 */
export function grenadeOption(g: NcoGame, i: number, flags: number, bestV: number): number {
  if (!mayThrow(g, i, flags)) return bestV;
  if (g.scn.policies[g.side[i]].random) return bestV > 0 || throwTargets(g, i, -1) === 0 ? bestV : 1;
  const t = g.table, cand = g.sp + CANDIDATE, aim = g.sp + GRENADE_AIM;
  const reach = g.scn.rules.grenade_blast_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0), reach2 = 4 * reach * reach;
  let floor = ((bestV * PREMIUM_NUM) / PREMIUM_DEN) | 0;
  if (floor < GRENADE_MIN_SCORE) floor = GRENADE_MIN_SCORE;
  let best = -1, bestS = floor;
  // Enemies only, in index order (side 0 is [0, split), side 1 [split, n)).
  const lo = g.side[i] === 0 ? g.split : 0, hi = g.side[i] === 0 ? g.n : g.split;
  for (let j = lo; j < hi; j++) {
    if (!g.alive[j] || !inThrowRange(g, i, j)) continue;
    // Aim at j, then at the midpoint between j and each later enemy close enough to share a blast.
    for (let k = j; k < hi; k++) {
      if (k !== j && (!g.alive[k] || g.dd[j * g.n + k] * g.dd[j * g.n + k] > reach2)) continue;
      t.px[cand] = (t.px[j] + t.px[k]) / 2;
      t.py[cand] = (t.py[j] + t.py[k]) / 2;
      if (!canThrowTo(g, i, cand)) continue;
      const s = throwScore(g, i, cand);
      if (s > bestS) {
        bestS = s;
        best = j;
        t.px[aim] = t.px[cand];
        t.py[aim] = t.py[cand];
      }
    }
  }
  if (best < 0) return bestV;
  g.pickTarget = best;
  g.pickWeapon = W_GRENADE;
  return bestS;
}

/** Expected score of a throw at slot `aim` over the scatter die (item 47), 0 if a friend is in the blast on the point. */
function throwScore(g: NcoGame, i: number, aim: number): number {
  const on = blastScore(g, i, aim, true);
  if (on <= 0) return 0;
  const land = g.sp + GRENADE_LAND;
  landingPoint(g, i, aim, land, 1);
  const beyond = blastScore(g, i, land, false);
  landingPoint(g, i, aim, land, -1);
  const short = blastScore(g, i, land, false);
  return ((3 * on + beyond + short) / 6) | 0; // faces 4–6, 3, 2 (1 is a dud)
}

/**
 * Score of a blast at slot `at`: enemies (×1.5 when still to act: a hit pins them Down)
 * minus FRIEND_COST enemies per friend; with `strict`, −1 as soon as a friend is caught.
 */
function blastScore(g: NcoGame, i: number, at: number, strict: boolean): number {
  const t = g.table, reach = g.scn.rules.grenade_blast_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0);
  const reach2 = reach * reach, ax = t.px[at], ay = t.py[at];
  const hitsSelf = g.scn.rules.grenade_hits_thrower;
  let v = 0, friends = 0;
  for (let k = 0; k < g.n; k++) {
    if (!g.alive[k] || (k === i && !hitsSelf)) continue;
    const dx = t.px[k] - ax, dy = t.py[k] - ay;
    if (dx * dx + dy * dy > reach2) continue;
    if (g.side[k] === g.side[i]) friends++;
    else v += g.order[k] === O_NONE ? (ENEMY_HIT * 3) >> 1 : ENEMY_HIT;
  }
  if (friends > 0 && strict) return -1;
  return v - friends * FRIEND_COST * ENEMY_HIT;
}

/**
 * Enemies soldier i can throw at (aim on their position). With `pick` ≥ 0 the pick-th of
 * them is aimed at (slot g.sp + GRENADE_AIM, g.pickTarget); returns the count.
 */
function throwTargets(g: NcoGame, i: number, pick: number): number {
  const t = g.table, aim = g.sp + GRENADE_AIM;
  let c = 0;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] === g.side[i] || !inThrowRange(g, i, j)) continue;
    t.px[aim] = t.px[j];
    t.py[aim] = t.py[j];
    if (!canThrowTo(g, i, aim)) continue;
    if (c === pick) {
      g.pickTarget = j;
      g.pickWeapon = W_GRENADE;
      return c + 1;
    }
    c++;
  }
  return c;
}

/**
 * `random`: with m aimed-shot choices already listed, draws uniformly among them and every
 * legal grenade throw. Returns true (the throw set up) when a throw was drawn; draws
 * nothing when no throw is legal, so rosters without grenades keep their dice stream.
 */
export function randomGrenade(g: NcoGame, i: number, flags: number, m: number): boolean {
  if (!mayThrow(g, i, flags)) return false;
  const c = throwTargets(g, i, -1);
  if (c === 0) return false;
  const r = g.prng.below(m + c);
  if (r < m) return false;
  throwTargets(g, i, r - m);
  return true;
}
