/**
 * Sight (items 11, 21, R5, R6): LOS is the 2D segment between model centres; an `obscuring`
 * piece it crosses blocks it (behind cover: cannot be attacked). A target inside a `cover`
 * piece, or seen through one within rules.partial_near_in of it, is partially concealed.
 */
import { COVER, OBSCURING } from '../../../geometry/flags.ts';
import type { SkillGame } from './state.ts';

/** LOS between point slots a and b. */
export function losSlots(g: SkillGame, a: number, b: number): boolean {
  const T = g.table;
  if (!T.setSeg(a, b)) return true;
  for (let p = 0; p < T.polygonCount; p++) {
    if ((T.pFlags[p] & OBSCURING) !== 0 && T.segBoxHits(p) && T.clip(p)) return false;
  }
  return true;
}

/** Can unit a see unit b (item 11)? */
export function canSee(g: SkillGame, a: number, b: number): boolean {
  return losSlots(g, a, b);
}

/** R5: is target b partially concealed from a (inside cover, or cover on the line near it)? */
export function partiallyConcealed(g: SkillGame, a: number, b: number): boolean {
  const T = g.table;
  if (!T.setSeg(a, b)) return false;
  const len = T.seg[4], near = g.scn.rules.partial_near_in;
  for (let p = 0; p < T.polygonCount; p++) {
    if ((T.pFlags[p] & COVER) === 0 || !T.segBoxHits(p) || !T.clip(p)) continue;
    if ((1 - T.ct[1]) * len <= near) return true; // the line is inside p within `near` of the target (or the target is in it)
  }
  return false;
}

/** R6: did target t have LOS to where attacker a started its turn? */
export function sawStart(g: SkillGame, t: number, a: number): boolean {
  const T = g.table;
  T.setPoint(g.SLOT_START, g.sx[a], g.sy[a]);
  return losSlots(g, t, g.SLOT_START);
}

/** Is point slot q inside a `cover` piece (policies: a move's end point)? */
export function inCover(g: SkillGame, q: number): boolean {
  const T = g.table;
  T.q[0] = T.px[q];
  T.q[1] = T.py[q];
  for (let p = 0; p < T.polygonCount; p++) if ((T.pFlags[p] & COVER) !== 0 && T.insideQ(p)) return true;
  return false;
}
