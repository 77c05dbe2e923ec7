/**
 * The scripted policy's helpers as they stood before this round of issue 14's speed-ups,
 * for test/nco-perf-policy.test.ts: full scans over every soldier, in index order, with
 * no bitmask or side range. Test-only; may allocate.
 */
import { O_NONE, type NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { F_ADVANCE, F_COVER_ORDER, hitChance } from '../engine/rulesets/nco/rules/shooting.ts';
import { canThrowTo, GRENADE_AIM, GRENADE_LAND, landingPoint } from '../engine/rulesets/nco/rules/grenades.ts';
import { S_FIELD_MEDICINE, S_RELIGIOUS_RITES } from '../engine/rulesets/nco/data/roster-types.ts';
import { W_GRENADE, W_RANGE } from '../engine/rulesets/nco/data/weapons.ts';
import { RALLY_TRANSFER_IN } from '../engine/rulesets/nco/rules/rites.ts';

/** coverFireValue: every soldier within the radius of the aim, friend or foe. */
export function coverFireValuePlain(g: NcoGame, i: number, aim: number, w: number): number {
  const reach = g.scn.rules.cover_fire_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0);
  const row = aim * g.n;
  let v = 0;
  for (let k = 0; k < g.n; k++) {
    if (k === i || !g.alive[k] || g.dd[row + k] > reach) continue;
    const c = hitChance(g, i, k, w, F_COVER_ORDER) * 10;
    if (g.side[k] === g.side[i]) v -= 2 * c;
    else v += g.order[k] === O_NONE ? 2 * c : c;
  }
  return v;
}

/** mendChoice (scripted): the friend within 3" missing the most psyche, over every soldier. */
export function mendChoicePlain(g: NcoGame, i: number): number {
  let best = -1, bestNeed = 1;
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || g.side[j] !== g.side[i]) continue;
    if (g.rd[i * g.n + j] > 3) continue;
    const need = g.maxPsyche[j] - g.psyche[j];
    if (need > bestNeed) { bestNeed = need; best = j; }
  }
  const selfNeed = g.maxHealth[i] - g.health[i] + g.maxPsyche[i] - g.psyche[i];
  return best >= 0 && bestNeed >= selfNeed ? best : -1;
}

function inReach(g: NcoGame, i: number, j: number): boolean {
  return j !== i && g.alive[j] === 1 && g.side[j] === g.side[i] && g.rd[i * g.n + j] <= RALLY_TRANSFER_IN;
}

/** neediestFriend over every soldier. */
export function neediestFriendPlain(g: NcoGame, i: number): number {
  let best = -1, bestM = 0;
  for (let j = 0; j < g.n; j++) {
    if (!inReach(g, i, j)) continue;
    const m = g.maxHealth[j] - g.health[j];
    if (m > bestM) { bestM = m; best = j; }
  }
  return best;
}

/** ritesValue over every soldier. */
export function ritesValuePlain(g: NcoGame, i: number): number {
  if (g.mustRally[i] || g.psyche[i] <= 0) return 0;
  const sk = g.scn.skills[i];
  if ((sk & S_FIELD_MEDICINE) !== 0) {
    const f = neediestFriendPlain(g, i);
    if (f < 0) return 0;
    const fm = g.maxHealth[f] - g.health[f], own = g.maxHealth[i] - g.health[i];
    return fm > own ? 6 * (fm < 3 ? fm : 3) : 0;
  }
  if ((sk & S_RELIGIOUS_RITES) !== 0) {
    let v = 0;
    for (let j = 0; j < g.n; j++) {
      if (!(inReach(g, i, j) || (j === i && g.scn.rules.rites_area_includes_self)) || g.brokenNow[j]) continue;
      const m = g.maxPsyche[j] - g.psyche[j];
      v += 6 * (m < 2 ? m : 2);
    }
    const om = g.maxPsyche[i] - g.psyche[i];
    return v > 6 * (om < 2 ? om : 2) ? v : 0;
  }
  return 0;
}

function blastScorePlain(g: NcoGame, i: number, at: number, strict: boolean): number {
  const t = g.table, reach = g.scn.rules.grenade_blast_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0);
  const reach2 = reach * reach, ax = t.px[at], ay = t.py[at];
  let v = 0, friends = 0;
  for (let k = 0; k < g.n; k++) {
    if (!g.alive[k] || (k === i && !g.scn.rules.grenade_hits_thrower)) continue;
    const dx = t.px[k] - ax, dy = t.py[k] - ay;
    if (dx * dx + dy * dy > reach2) continue;
    if (g.side[k] === g.side[i]) friends++;
    else v += g.order[k] === O_NONE ? (11232 * 3) >> 1 : 11232;
  }
  if (friends > 0 && strict) return -1;
  return v - friends * 3 * 11232;
}

function throwScorePlain(g: NcoGame, i: number, aim: number): number {
  const on = blastScorePlain(g, i, aim, true);
  if (on <= 0) return 0;
  const land = g.sp + GRENADE_LAND;
  landingPoint(g, i, aim, land, 1);
  const beyond = blastScorePlain(g, i, land, false);
  landingPoint(g, i, aim, land, -1);
  const short = blastScorePlain(g, i, land, false);
  return ((3 * on + beyond + short) / 6) | 0;
}

/**
 * grenadeOption (scripted): every pair of enemies (j, k ≥ j) over all soldiers. Returns
 * [score, target, aim x, aim y] (target −1 and no aim when no throw beats `bestV`).
 */
export function grenadeOptionPlain(g: NcoGame, i: number, flags: number, bestV: number): [number, number, number, number] {
  if (g.grenades[i] <= 0 || (flags & F_COVER_ORDER) !== 0 || ((flags & F_ADVANCE) !== 0 && !g.scn.rules.grenade_with_advance)) return [bestV, -1, 0, 0];
  const t = g.table, cand = g.sp + 7;
  const reach = g.scn.rules.grenade_blast_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0), reach2 = 4 * reach * reach;
  let floor = ((bestV * 5) / 4) | 0;
  if (floor < 3888) floor = 3888;
  let best = -1, bestS = floor, ax = 0, ay = 0;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] === g.side[i]) continue;
    if (g.dd[i * g.n + j] - (g.scn.rules.measure === 'edge' ? g.r : 0) > W_RANGE[W_GRENADE] + g.rangeMod) continue;
    for (let k = j; k < g.n; k++) {
      if (k !== j && (!g.alive[k] || g.side[k] === g.side[i] || g.dd[j * g.n + k] * g.dd[j * g.n + k] > reach2)) continue;
      t.px[cand] = (t.px[j] + t.px[k]) / 2;
      t.py[cand] = (t.py[j] + t.py[k]) / 2;
      if (!canThrowTo(g, i, cand)) continue;
      const s = throwScorePlain(g, i, cand);
      if (s > bestS) { bestS = s; best = j; ax = t.px[cand]; ay = t.py[cand]; }
    }
  }
  return best < 0 ? [bestV, -1, 0, 0] : [bestS, best, ax, ay];
}

/** The aim slot grenadeOption writes (for the test to read back). */
export const AIM_SLOT = GRENADE_AIM;
