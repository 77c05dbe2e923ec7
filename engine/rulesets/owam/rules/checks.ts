/**
 * Discipline Checks (items 47–48, R9) and the W3 window (R7): a Chain of Command may
 * cancel the most recent CCS value outside a Firing Sequence and re-flip the same colour.
 */
import { CD } from '../data/cards.ts';
import { RANK_DISCIPLINE, TR_NOISY } from '../data/soldiers.ts';
import { flip } from './ccs.ts';
import { countCd, survives } from './stack.ts';
import { HAND_MAX, type OwamGame } from './state.ts';
import { spend } from './ccs.ts';
import { seatOrder } from './forces.ts';
import { traceCheck } from './trace-log.ts';

/**
 * A flip outside a Firing Sequence, open to Chain of Command from either side (W3): the
 * side hurt by the value may cancel it; `goodForHigh` is the side that wants it high.
 */
export function flipW3(g: OwamGame, colour: number, goodForHigh: number): number {
  let v = flip(g, colour);
  if (g.scn.level === 0) return v;
  // The active player answers first, then the other (R7 priority); a play reopens the window.
  for (let guard = 0; guard < 8; guard++) {
    let played = false;
    for (let k = 0; k < 4 && !played; k++) {
      const side = k < 2 ? (g.active >= 0 ? g.active : 0) : 1 - (g.active >= 0 ? g.active : 0);
      if ((k & 1) >= g.scn.players[side]) continue;
      const seat = g.cur[side];
      // The active player first (his current seat), then the others in track order (R7).
      if (k === 1 || k >= 2) g.cur[side] = k === 1 ? 1 - seat : seatOrder(g, side, k & 1);
      const i = g.decide[side].chainOfCommand(g, side, colour, v, goodForHigh);
      if (i >= 0) {
        const c = g.hand[g.player(side) * HAND_MAX + i];
        spend(g, side, i);
        countCd(g, side, CD.chain_of_command);
        if (survives(g, side, c)) v = flip(g, colour);
        played = true;
      }
      g.cur[side] = seat;
    }
    if (!played) break;
  }
  return v;
}

/**
 * Item 47: flip the soldier's Discipline die, 1–2 succeeds. R9: under Double Discipline
 * both flips must succeed. `penalty` is added to each result (Star Shell −1 is a bonus of −1).
 * `successMax` raises the threshold (Noisy, R20).
 */
export function disciplineCheck(g: OwamGame, s: number, dd: boolean, penalty: number, successMax: number): boolean {
  const colour = RANK_DISCIPLINE[g.scn.sRank[s]], side = g.scn.sSide[s];
  // Low is good for the checking soldier's side: "good for high" is the other side.
  const v1 = flipW3(g, colour, 1 - side);
  let ok = v1 + penalty <= successMax, v2 = -1;
  if (dd && ok) {
    v2 = flipW3(g, colour, 1 - side);
    ok = v2 + penalty <= successMax;
  }
  if (g.trace !== null) traceCheck(g, s, v1, v2, penalty, successMax, ok);
  return ok;
}

/** R20: Noisy soldiers in the FT make Recognition against it succeed on 1..noisy_success_max. */
export function noisyFt(g: OwamGame, f: number): boolean {
  if (g.scn.level !== 2) return false;
  for (let k = 0; k < g.fSize[f]; k++) if (g.scn.sTraits[g.member(f, k)] & TR_NOISY) return true;
  return false;
}
