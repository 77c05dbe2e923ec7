/**
 * Item and Natural Leader decisions (digest §4 decisions 12, 13). Scripted policies value
 * an item by its expected health + psyche gain (in sixths of a point, integers so nothing
 * boxes) and use it once that reaches `item_min_gain`; `random` picks uniformly among the
 * legal uses, "not now" included. Nothing here allocates.
 */
import { O_ADVANCE, O_DOWN, O_NONE, O_RALLY, O_RUN, type NcoGame } from '../rules/state.ts';
import { I_FLASK, I_LETTERS, I_MORPHINE, I_TOBACCO } from '../data/roster-types.ts';
import { W_FLAMER, W_GRENADE, W_HE, W_PISTOL } from '../data/weapons.ts';
import { bestWeapon } from '../rules/weapon-choice.ts';
import { effectiveRange, hitChance } from '../rules/shooting.ts';
import { canTakeItems, DOWN_ITEMS, mayGive } from '../rules/item-rules.ts';
import { mayFollow } from '../rules/dice-bag.ts';
import { ritesValue } from './rites.ts';

/** A certain single-die hit in bestWeapon's score units (1296ths × dice × 10). */
const CHANCE_ONE = 12960;
/** A move's worth in sixths of a point: Down + items must beat it to replace an Advance or Run. */
const MOVE_SIXTHS = 18;
/** Expected Rally gain in sixths when m points are missing (faces give 1, 2, 2, 3, 3, 4: item 21). */
const RALLY_SIXTHS_BY_MISSING = Int32Array.of(0, 6, 11, 14, 15);

/** What a Rally would bring soldier i (the better of health and psyche), in sixths. */
function rallyValue(g: NcoGame, i: number): number {
  const hm = g.maxHealth[i] - g.health[i], pm = g.maxPsyche[i] - g.psyche[i];
  const m = hm > pm ? hm : pm;
  return RALLY_SIXTHS_BY_MISSING[m > 4 ? 4 : m];
}

function isRandom(g: NcoGame, s: number): boolean {
  return g.scn.policies[s].random;
}

/** Expected gain of `item` for soldier j now, in sixths of a health/psyche point (items 83–86). */
export function itemValue(g: NcoGame, j: number, item: number): number {
  const hm = g.maxHealth[j] - g.health[j], pm = g.psycheImmune[j] ? 0 : g.maxPsyche[j] - g.psyche[j];
  const h1 = hm > 0 ? 1 : 0, h2 = hm > 1 ? 2 : hm, p1 = pm > 0 ? 1 : 0, p2 = pm > 1 ? 2 : pm;
  switch (item) {
    case I_LETTERS: // 2–5: +1/+1, 6: +2/+2, 1: −1 psyche (a breakdown risk at 1 psyche)
      if (g.psyche[j] <= 1 && !g.psycheImmune[j]) return 0;
      return 4 * h1 + h2 + 4 * p1 + p2 - (g.psycheImmune[j] ? 0 : 1);
    case I_MORPHINE: { // worth most to a soldier near (another) breakdown; costs 2 courage
      if (g.psycheImmune[j]) return 0;
      if (g.psyche[j] <= 2) return 18;
      return g.breakdowns[j] > 0 && 2 * g.psyche[j] <= g.maxPsyche[j] ? 12 : 0;
    }
    case I_FLASK: // +1/+1 now; the forced Down next turn costs about a point (nothing on the last turn)
      return 6 * (h1 + p1) - (g.turn >= g.scn.rules.turns ? 0 : 6);
    case I_TOBACCO:
      return 6 * p1;
  }
  return 0;
}

/**
 * Who gets `item` from soldier i's Down order (himself or, for the Medic and Chaplain, a
 * friend within 3": items 78, 79), or −1 to keep it. Writes the value into g.lastChance.
 */
export function downItemRecipient(g: NcoGame, i: number, item: number): number {
  if (isRandom(g, g.side[i])) {
    let m = 0;
    for (let j = 0; j < g.n; j++) if (mayGive(g, i, j, item)) g.list[m++] = j;
    const k = g.prng.below(m + 1);
    return k === m ? -1 : g.list[k];
  }
  let best = -1, bestV = 0;
  for (let j = 0; j < g.n; j++) {
    if (j !== i && g.side[j] !== g.side[i]) continue;
    if (!mayGive(g, i, j, item)) continue;
    const v = itemValue(g, j, item);
    if (v > bestV) { bestV = v; best = j; }
  }
  g.lastChance = bestV;
  return bestV >= g.scn.policies[g.side[i]].itemMinGain * 6 ? best : -1;
}

/**
 * Scripted orders: a soldier (or a Medic/Chaplain beside a hurt friend) whose Down items are
 * worth more than the Rally or move he was given goes Down and uses them instead; a Medic or
 * Chaplain whose Rally is worth more to his friends (rites.ts) Rallies for them.
 */
export function adjustOrderForItems(g: NcoGame, i: number): void {
  const o = g.pickOrder;
  if (o !== O_RALLY && o !== O_ADVANCE && o !== O_RUN && o !== O_DOWN) return;
  let total = 0;
  if ((g.itemsLeft[i] & DOWN_ITEMS) !== 0 && canTakeItems(g, i)) {
    for (let b = I_LETTERS; b <= I_TOBACCO; b <<= 1) {
      if ((g.itemsLeft[i] & b & DOWN_ITEMS) === 0) continue;
      if (downItemRecipient(g, i, b) >= 0) total += g.lastChance;
    }
  }
  const rites = ritesValue(g, i); // items 78, 79: a Medic's or Chaplain's Rally for his friends
  if (rites > total && (o !== O_RALLY || rites > rallyValue(g, i))) { // treating friends is their job: it beats a move
    g.pickOrder = O_RALLY;
    g.pickTarget = -1;
    return;
  }
  if (o !== O_DOWN && total > 0 && total >= (o === O_RALLY ? rallyValue(g, i) : MOVE_SIXTHS)) { // Down also gives −1 to be hit
    g.pickOrder = O_DOWN;
    g.pickTarget = -1;
  }
}

/** The weapon for the Extra Magazine's Fire at j: never a flamethrower, HE or grenade (item 80). */
export function magazineWeapon(g: NcoGame, i: number, j: number): number {
  const w = bestWeapon(g, i, j, 0);
  if (w !== W_FLAMER && w !== W_HE && w !== W_GRENADE) return w;
  if (g.scn.pistol[i] && g.rd[i * g.n + j] <= effectiveRange(g, W_PISTOL, 0)) {
    g.lastChance = hitChance(g, i, j, W_PISTOL, 0) * 10;
    return W_PISTOL;
  }
  g.lastChance = 0;
  return 0;
}

/** Item 80: whether to fire the Extra Magazine now; sets g.pickTarget and g.pickWeapon. */
export function wantsExtraMagazine(g: NcoGame, i: number): boolean {
  const rnd = isRandom(g, g.side[i]);
  let best = -1, bestW = 0, bestV = 0, m = 0;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] === g.side[i] || !g.los(i, j)) continue;
    const w = magazineWeapon(g, i, j);
    if (w === 0) continue;
    if (rnd) { g.list[m++] = j; continue; }
    if (g.lastChance > bestV) { bestV = g.lastChance; best = j; bestW = w; }
  }
  if (rnd) {
    const k = g.prng.below(m + 1);
    if (k === m) return false;
    g.pickTarget = g.list[k];
    g.pickWeapon = magazineWeapon(g, i, g.pickTarget);
    return true;
  }
  if (best < 0) return false;
  const last = g.turn >= g.scn.rules.turns;
  if (!last && bestV < g.scn.policies[g.side[i]].extraMagazineMinChance * CHANCE_ONE) return false;
  g.pickTarget = best;
  g.pickWeapon = bestW;
  return true;
}

/** Item 87: scripted policies always try the Lucky Trinket on the first hit. */
export function wantsTrinket(g: NcoGame, t: number): boolean {
  return isRandom(g, g.side[t]) ? g.prng.below(2) === 0 : true;
}

/**
 * Item 88: scripted policies announce Intel once two or more of their soldiers still to act
 * have an enemy within weapon range, on the last turn, or when the Sergeant is nearly dead.
 */
export function wantsIntel(g: NcoGame, s: number): boolean {
  if (isRandom(g, s)) return g.prng.below(2) === 0;
  if (g.turn >= g.scn.rules.turns) return true;
  let ready = 0;
  for (let i = 0; i < g.n; i++) {
    if (g.side[i] !== s || !g.alive[i]) continue;
    if (g.scn.sergeant[i] && g.health[i] <= 2) return true;
    if (g.order[i] !== O_NONE || g.primary[i] === 0) continue;
    const range = g.scn.weapons.range[g.primary[i]] + g.rangeMod, row = i * g.n;
    for (let j = 0; j < g.n; j++) {
      if (g.alive[j] && g.side[j] !== s && g.rd[row + j] <= range) { ready++; break; }
    }
    if (ready >= 2) return true;
  }
  return false;
}

/**
 * Item 89: scripted policies use the Field Map on a turn of long moves: when at least half
 * their soldiers have no enemy within weapon range.
 */
export function wantsFieldMap(g: NcoGame, s: number): boolean {
  if (isRandom(g, s)) return g.prng.below(2) === 0;
  let far = 0, count = 0;
  for (let i = 0; i < g.n; i++) {
    if (g.side[i] !== s || !g.alive[i]) continue;
    count++;
    const w = g.primary[i] === 0 ? W_PISTOL : g.primary[i];
    const range = g.scn.weapons.range[w] + g.rangeMod, row = i * g.n;
    let near = false;
    for (let j = 0; j < g.n; j++) {
      if (g.alive[j] && g.side[j] !== s && g.rd[row + j] <= range) { near = true; break; }
    }
    if (!near) far++;
  }
  return count > 0 && 2 * far >= count;
}

/**
 * Item 73: who takes the Natural Leader's bonus die, or −1. Soldiers in breakdown must be
 * ordered first (item 58), so while one of them waits the die goes to one of them or to
 * nobody. Scripted: the first in activation order who is not waiting in Ambush.
 */
export function followerChoice(g: NcoGame, leader: number): number {
  const s = g.side[leader];
  let rally = false;
  for (let j = 0; j < g.n; j++) if (j !== leader && g.side[j] === s && g.alive[j] && g.order[j] === O_NONE && g.mustRally[j]) rally = true;
  let m = 0;
  for (let k = 0; k < g.n; k++) {
    const j = g.actOrder[k];
    if (!mayFollow(g, leader, j) || (rally && !g.mustRally[j])) continue;
    if (!isRandom(g, s) && g.ambush[j] > 0) continue;
    g.list[m++] = j;
  }
  if (isRandom(g, s)) {
    const k = g.prng.below(m + 1);
    return k === m ? -1 : g.list[k];
  }
  return m > 0 ? g.list[0] : -1;
}
