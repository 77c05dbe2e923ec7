/**
 * Field Medicine and Religious Rites Rally decisions (items 78, 79; digest §4 decision 9):
 * whether the Medic gives his +3 health Rally to a friend within 3" and to whom, and whether
 * the Chaplain applies his +2 psyche Rally to his friends within 3" instead of himself.
 * Values are in sixths of a point, like items.ts. Nothing here allocates.
 */
import type { NcoGame } from '../rules/state.ts';
import { S_FIELD_MEDICINE, S_RELIGIOUS_RITES } from '../data/roster-types.ts';
import { RALLY_TRANSFER_IN } from '../rules/rites.ts';

/** The Medic's health Rally and the Chaplain's psyche Rally (items 78, 79). */
const MEDIC_RALLY = 3;
const RITES_RALLY = 2;

/** Whether j is a friend of i within the Rally transfer reach (j ≠ i). */
function inReach(g: NcoGame, i: number, j: number): boolean {
  return j !== i && g.alive[j] === 1 && g.side[j] === g.side[i] && g.rd[i * g.n + j] <= RALLY_TRANSFER_IN;
}

/** First and end of soldier i's side's index range (side 0 is [0, split), side 1 [split, n)): only friends are in reach. */
function friendsFrom(g: NcoGame, i: number): number {
  return g.side[i] === 0 ? 0 : g.split;
}
function friendsEnd(g: NcoGame, i: number): number {
  return g.side[i] === 0 ? g.split : g.n;
}

/** The friend within 3" missing the most health (−1 if none misses any), for the Medic. */
export function neediestFriend(g: NcoGame, i: number): number {
  let best = -1, bestM = 0;
  for (let j = friendsFrom(g, i), hi = friendsEnd(g, i); j < hi; j++) {
    if (!inReach(g, i, j)) continue;
    const m = g.maxHealth[j] - g.health[j];
    if (m > bestM) { bestM = m; best = j; }
  }
  return best;
}

/**
 * Scripted: what a transferred Rally is worth (0 if it is not better than keeping it): the
 * Medic's +3 health for the neediest friend, or the Chaplain's +2 psyche over all friends
 * within 3" (himself too with rules.rites_area_includes_self), against his own need.
 */
export function ritesValue(g: NcoGame, i: number): number {
  if (g.mustRally[i] || g.psyche[i] <= 0) return 0; // item 58: a broken soldier rallies himself
  const sk = g.scn.skills[i];
  if ((sk & S_FIELD_MEDICINE) !== 0) {
    const f = neediestFriend(g, i);
    if (f < 0) return 0;
    const fm = g.maxHealth[f] - g.health[f], own = g.maxHealth[i] - g.health[i];
    return fm > own ? 6 * (fm < MEDIC_RALLY ? fm : MEDIC_RALLY) : 0;
  }
  if ((sk & S_RELIGIOUS_RITES) !== 0) {
    let v = 0;
    for (let j = friendsFrom(g, i), hi = friendsEnd(g, i); j < hi; j++) {
      if (!(inReach(g, i, j) || (j === i && g.scn.rules.rites_area_includes_self)) || g.brokenNow[j]) continue;
      const m = g.maxPsyche[j] - g.psyche[j];
      v += 6 * (m < RITES_RALLY ? m : RITES_RALLY);
    }
    const om = g.maxPsyche[i] - g.psyche[i];
    return v > 6 * (om < RITES_RALLY ? om : RITES_RALLY) ? v : 0;
  }
  return 0;
}

/** For rallyWhat: 1 (health) when the Medic transfers, 2 (psyche) when the Chaplain does, else 0. */
export function ritesRallyWhat(g: NcoGame, i: number): number {
  if (g.scn.policies[g.side[i]].random || ritesValue(g, i) === 0) return 0;
  return (g.scn.skills[i] & S_FIELD_MEDICINE) !== 0 ? 1 : 2;
}

/** Item 78: who gets the Medic's health Rally: himself or one friend within 3". */
export function medicRallyTarget(g: NcoGame, i: number): number {
  if (g.scn.policies[g.side[i]].random) {
    let m = 0;
    g.list[m++] = i;
    for (let j = 0; j < g.n; j++) if (inReach(g, i, j)) g.list[m++] = j;
    return g.list[g.prng.below(m)];
  }
  return ritesValue(g, i) > 0 ? neediestFriend(g, i) : i;
}

/** Item 79: whether the Chaplain applies his psyche Rally to the soldiers within 3". */
export function ritesTransfer(g: NcoGame, i: number): boolean {
  if (g.scn.policies[g.side[i]].random) return g.prng.below(2) === 0;
  return ritesValue(g, i) > 0;
}
