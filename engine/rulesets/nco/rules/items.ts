/**
 * Items in play (items 78–80, 83–89): the Down items and their transfer by the Medic and
 * Chaplain, the Extra Magazine, the Lucky Trinket, Intel and the Field Map. Religious Icon
 * and Service Medal only change the profile (data/roster.ts). Every item here is once per battle:
 * using it clears its bit in g.itemsLeft. The policy decides (g.decide). Intel, which
 * hands out dice, lives in leader.ts beside the Order phase; who may use items is item-rules.ts.
 */
import { RC_EXTRA_MAGAZINE, RC_FLASK, RC_LETTERS, RC_MORPHINE, RC_TOBACCO, RC_TRINKET } from '../data/rule-counters.ts';
import type { NcoGame } from './state.ts';
import {
  I_EXTRA_MAGAZINE, I_FIELD_MAP, I_FLASK, I_LETTERS, I_LUCKY_TRINKET, I_MORPHINE, I_TOBACCO, S_DEADEYE,
  S_FIELD_MEDICINE, S_RELIGIOUS_RITES,
} from '../data/roster-types.ts';
import { canTakeItems, DOWN_ITEMS, mayGive } from './item-rules.ts';
import { heal } from './special.ts';
import { losePsyche } from './damage.ts';
import { fireAt } from './shooting.ts';
import { NEXT_DOWN, NEXT_NO_SPECIAL } from './events.ts';

const DOWN_ORDER = Int32Array.of(I_MORPHINE, I_LETTERS, I_FLASK, I_TOBACCO);
/** Item 85: the Flask's courage for this turn; item 86: Tobacco's; item 84: Morphine's for good. */
const FLASK_COURAGE = 2;
const TOBACCO_COURAGE = 1;
const MORPHINE_COURAGE = 2;

/**
 * A Down order given with a die (items 83–86): the soldier may use each Down item he still
 * has, on himself or (Medic, Chaplain) on a friend within 3". Not on a reactive or forced
 * Down (items 20, 22), which do not come through here.
 */
export function useDownItems(g: NcoGame, i: number): void {
  if ((g.itemsLeft[i] & DOWN_ITEMS) === 0 || !canTakeItems(g, i)) return;
  for (let k = 0; k < DOWN_ORDER.length; k++) {
    const item = DOWN_ORDER[k];
    if ((g.itemsLeft[i] & item) === 0 || !canTakeItems(g, i)) continue;
    const to = g.decide.downItemRecipient(g, i, item);
    if (to < 0 || !mayGive(g, i, to, item)) continue;
    g.itemsLeft[i] &= ~item;
    applyDownItem(g, to, item);
  }
}

/** The effect of one Down item on soldier `to` (items 83–86). */
export function applyDownItem(g: NcoGame, to: number, item: number): void {
  g.count.rulesInPlay.add(g.side[to], item === I_LETTERS ? RC_LETTERS : item === I_MORPHINE ? RC_MORPHINE : item === I_FLASK ? RC_FLASK : RC_TOBACCO);
  switch (item) {
    case I_LETTERS: { // item 83: 1 → −1 psyche; 2–5 → +1/+1; 6 → +2/+2
      const r = g.rng.d6();
      if (r === 1) losePsyche(g, to, 1, -1);
      else if (r === 6) heal(g, to, 2, 2);
      else heal(g, to, 1, 1);
      return;
    }
    case I_MORPHINE: // item 84: immune to psyche loss, −2 courage for good (not below 0)
      g.psycheImmune[to] = 1;
      g.courage[to] = g.courage[to] > MORPHINE_COURAGE ? g.courage[to] - MORPHINE_COURAGE : 0;
      return;
    case I_FLASK: // item 85: +1/+1, +2 courage now; next turn Down and no special action
      heal(g, to, 1, 1);
      g.courageMod[to] += FLASK_COURAGE;
      g.nextTurn[to] |= NEXT_DOWN | NEXT_NO_SPECIAL;
      return;
    case I_TOBACCO: // item 86
      heal(g, to, 0, 1);
      g.courageMod[to] += TOBACCO_COURAGE;
      return;
  }
}

/**
 * Item 80: after a Fire (`focus` = 1 after a Focus Fire, which needs Deadeye), a second
 * Fire at any target, never with a flamethrower or HE weapon. Not after Cover Fire (no
 * call from there).
 */
export function extraMagazine(g: NcoGame, i: number, focus: number): void {
  if ((g.itemsLeft[i] & I_EXTRA_MAGAZINE) === 0 || !canTakeItems(g, i) || g.over) return;
  if (focus === 1 && (g.scn.skills[i] & S_DEADEYE) === 0) return;
  if ((g.scn.skills[i] & (S_FIELD_MEDICINE | S_RELIGIOUS_RITES)) !== 0) return; // items 78, 79: never a Fire order
  if (!g.decide.wantsExtraMagazine(g, i)) return; // sets g.pickTarget, g.pickWeapon
  g.itemsLeft[i] &= ~I_EXTRA_MAGAZINE;
  g.count.rulesInPlay.add(g.side[i], RC_EXTRA_MAGAZINE);
  fireAt(g, i, g.pickTarget, g.pickWeapon, 0);
  g.checkOver();
}

/** The same, after a Fire forced by a reaction (Assault response, Ambush trigger), when the rules allow it. */
export function extraMagazineReactive(g: NcoGame, i: number): void {
  if (g.scn.rules.extra_magazine_on_reactive_fire) extraMagazine(g, i, 0);
}

/**
 * Item 87: before the wound roll of a hit on soldier t, he may roll a D6 once per battle;
 * on a 6 that wound is fixed at 1 (a Graze). Returns true when the wound became a Graze.
 */
export function luckyTrinket(g: NcoGame, t: number): boolean {
  if (!canTakeItems(g, t) || !g.decide.wantsTrinket(g, t)) return false;
  g.itemsLeft[t] &= ~I_LUCKY_TRINKET;
  g.count.rulesInPlay.add(g.side[t], RC_TRINKET);
  return g.rng.d6() === 6;
}

/** The soldier of side s who holds an unused Intel or Field Map (the Sergeant), alive, or −1. */
export function sergeantWith(g: NcoGame, s: number, item: number): number {
  if ((g.sideItems[s] & item) === 0) return -1; // nobody on the side started with it
  const hi = s === 0 ? g.split : g.n; // side s only: side 0 is [0, split), side 1 [split, n)
  for (let i = s === 0 ? 0 : g.split; i < hi; i++) {
    if ((g.itemsLeft[i] & item) !== 0) return g.alive[i] ? i : -1; // lost if he died (item 88)
  }
  return -1;
}

/** Item 89: before a turn, a Sergeant's Field Map gives his whole side +1" move for the turn. */
export function fieldMapBeforeTurn(g: NcoGame): void {
  for (let s = 0; s < 2; s++) {
    const holder = sergeantWith(g, s, I_FIELD_MAP);
    if (holder < 0 || !g.decide.wantsFieldMap(g, s)) continue;
    g.itemsLeft[holder] &= ~I_FIELD_MAP;
    g.mapBonus[s] = 1;
    for (let i = 0; i < g.n; i++) if (g.side[i] === s) g.moveIn[i] += 1;
  }
}

/** Lucky Trinket bit, for damage.ts's quick check. */
export const LUCKY_TRINKET = I_LUCKY_TRINKET;
