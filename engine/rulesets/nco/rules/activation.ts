/**
 * Where the scripted policies' walks of the activation order (g.actOrder, each side's
 * soldiers in its own index range: policy/decisions.ts) may start this turn. A soldier who
 * has his order, or his special action, or is dead keeps it for the rest of the turn, so a
 * walk never needs to look at the run of such soldiers at the front of its side's range
 * again. Reset per game (engine/state.ts) and at every turn's start (turnStarted).
 */
import type { StateArrays } from '../../../state.ts';

export class ActivationCursors {
  /** Per side, the first actOrder entry that may still take an order (those before it are dead or ordered). */
  readonly orderFrom: Int32Array;
  /** Per side, the first actOrder entry that may still take a special action (those before it are dead or done). */
  readonly specialFrom: Int32Array;
  /**
   * Per side, 1 when some soldier had to Rally at the turn's start (item 58; only startTurn
   * sets mustRally), back to 0 once chooseOrder finds none of them left without an order.
   * 1 until a turn starts, so a game set up by hand is walked in full.
   */
  readonly rally: Uint8Array;

  constructor(split: number, st: StateArrays) {
    this.orderFrom = st.copyOf(Int32Array.of(0, split));
    this.specialFrom = st.copyOf(Int32Array.of(0, split));
    this.rally = st.u8(2, 1);
  }
}
