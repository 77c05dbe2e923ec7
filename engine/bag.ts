/**
 * An order-dice bag: each side owns one die per unit that can act. A blind draw takes one
 * die from the bag, each die equally likely (so a side's chance is its share of the dice
 * left). A die can also be taken by choice (a reaction that uses a unit's die), kept out
 * through the turn end (a unit holding Down or Ambush starts the next turn with its order
 * and no new die), or lost for good (its unit destroyed). Turn order, streak rules and who
 * gets a die are the ruleset's. Allocation-free after construction.
 */
import type { Rng } from './rng.ts';

export class DiceBag {
  /** Dice of each side in the bag now. */
  readonly inBag: Int32Array;
  /** Dice each side owns (one per unit that can act). */
  readonly owned: Int32Array;
  /** Dice each side keeps out through the coming turn start (kept at the last turn end). */
  readonly kept: Int32Array;
  /** The side of the last die drawn, and how many of that side's dice came in a row. */
  streakSide = -1;
  streakLen = 0;

  constructor(readonly sides = 2) {
    this.inBag = new Int32Array(sides);
    this.owned = new Int32Array(sides);
    this.kept = new Int32Array(sides);
  }

  /** A new game: no dice. Then `own(side, n)` each side's dice. */
  reset(): void {
    this.inBag.fill(0);
    this.owned.fill(0);
    this.kept.fill(0);
    this.streakSide = -1;
    this.streakLen = 0;
  }

  /** Side `side` owns `n` dice (sets, not adds). */
  own(side: number, n: number): void {
    this.owned[side] = n;
  }

  /** A turn starts: every owned die goes into the bag except those kept out at the last turn end. */
  startTurn(): void {
    for (let s = 0; s < this.sides; s++) {
      const n = this.owned[s] - this.kept[s];
      this.inBag[s] = n > 0 ? n : 0;
      this.kept[s] = 0;
    }
    this.streakSide = -1;
    this.streakLen = 0;
  }

  /** Dice left in the bag, all sides. */
  total(): number {
    let t = 0;
    for (let s = 0; s < this.sides; s++) t += this.inBag[s];
    return t;
  }

  /** A blind draw: the side of the die taken (each die equally likely), or −1 when the bag is empty. Counts the streak. */
  draw(rng: Rng): number {
    const s = this.pick(rng);
    if (s >= 0) this.inBag[s]--;
    return s;
  }

  /**
   * A blind draw that leaves the die in the bag until a unit takes it (`take`): for games
   * where the drawn die goes to a unit chosen after the draw. Counts the streak; −1 when
   * the bag is empty. Draws exactly one `rng.below(total)`, as `draw` does.
   */
  pick(rng: Rng): number {
    const t = this.total();
    if (t === 0) return -1;
    let x = rng.below(t), s = 0;
    while (x >= this.inBag[s]) x -= this.inBag[s++];
    this.countStreak(s);
    return s;
  }

  /** Counts a die of `side` toward the streak (a draw, or a pull the rules count like one). */
  countStreak(side: number): void {
    if (side === this.streakSide) this.streakLen++;
    else { this.streakSide = side; this.streakLen = 1; }
  }

  /** A die of `side` taken from the bag by choice (not a blind draw); false when it has none left. */
  take(side: number): boolean {
    if (this.inBag[side] === 0) return false;
    this.inBag[side]--;
    return true;
  }

  /** Ends the current streak (e.g. after an open choice). */
  breakStreak(): void {
    this.streakSide = -1;
    this.streakLen = 0;
  }

  /** At the turn end: one of `side`'s dice stays out through the next turn start. */
  keep(side: number): void {
    this.kept[side]++;
  }

  /** A unit of `side` is destroyed: its die is gone for good (out of the bag too when it was still there). */
  destroy(side: number, wasInBag: boolean): void {
    if (this.owned[side] > 0) this.owned[side]--;
    if (wasInBag && this.inBag[side] > 0) this.inBag[side]--;
  }
}
