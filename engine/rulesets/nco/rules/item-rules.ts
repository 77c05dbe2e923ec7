/**
 * Who may use and receive items (items 57, 78, 79, 83–86): pure checks shared by the item
 * effects (items.ts) and the item policy (policy/items.ts). Imports nothing with rules
 * logic, so the policy can use it without pulling the Order phase in.
 */
import type { NcoGame } from './state.ts';
import { I_FLASK, I_LETTERS, I_MORPHINE, I_TOBACCO, S_FIELD_MEDICINE, S_RELIGIOUS_RITES } from '../data/roster-types.ts';

/** Items whose effect a Down order triggers (items 83–86), in the order they are offered. */
export const DOWN_ITEMS = I_MORPHINE | I_LETTERS | I_FLASK | I_TOBACCO;
/** Items a Field Medicine soldier may transfer (item 78) and a Religious Rites one (item 79). */
export const MEDIC_TRANSFER = I_MORPHINE | I_FLASK | I_TOBACCO;
export const CHAPLAIN_TRANSFER = I_LETTERS | I_FLASK | I_TOBACCO;
/** Reach of the Medic's and Chaplain's transfer (items 78, 79). */
export const TRANSFER_IN = 3;

/** Item 57: a soldier in breakdown can neither use nor receive item effects. */
export function canTakeItems(g: NcoGame, i: number): boolean {
  return g.alive[i] === 1 && g.brokenNow[i] === 0 && g.psyche[i] > 0;
}

/** Whether soldier i may give `item` to soldier j (himself, or a friend within 3": items 78, 79). */
export function mayGive(g: NcoGame, i: number, j: number, item: number): boolean {
  if (!canTakeItems(g, j)) return false;
  if (j === i) return true;
  if (g.side[j] !== g.side[i] || g.rd[i * g.n + j] > TRANSFER_IN) return false;
  const sk = g.scn.skills[i];
  return ((sk & S_FIELD_MEDICINE) !== 0 && (item & MEDIC_TRANSFER) !== 0)
    || ((sk & S_RELIGIOUS_RITES) !== 0 && (item & CHAPLAIN_TRANSFER) !== 0);
}

