import type { Rng } from '../../rng.ts';
import { CARD_EMPTY, CARD_UNIT_GERMANY, CARD_UNIT_USA } from './board-data.ts';

/**
 * The Explore deck (items 17–18): 24 cards, 20 empty and 2 + 2 that add a US or German
 * unit, shuffled once per game and drawn without replacement. With one card per Building
 * explored once (R7) the deck never runs out on the standard board; if it does, draw()
 * returns CARD_EMPTY. Allocation-free after construction.
 */
export class ExploreDeck {
  readonly cards: Int8Array;
  count = 0;
  top = 0;

  /** capacity: the largest deck any game will use. */
  constructor(capacity = 24) {
    this.cards = new Int8Array(Math.max(1, capacity));
  }

  /** Builds and shuffles the deck: `empty` blanks, `usa` US units, `germany` German units. */
  reset(rng: Rng, empty: number, usa: number, germany: number): void {
    const n = empty + usa + germany;
    if (n > this.cards.length) throw new RangeError(`explore deck of ${n} cards exceeds its capacity ${this.cards.length}`);
    let i = 0;
    for (let k = 0; k < empty; k++) this.cards[i++] = CARD_EMPTY;
    for (let k = 0; k < usa; k++) this.cards[i++] = CARD_UNIT_USA;
    for (let k = 0; k < germany; k++) this.cards[i++] = CARD_UNIT_GERMANY;
    this.count = n;
    this.top = 0;
    for (let j = n - 1; j > 0; j--) {
      const r = rng.below(j + 1);
      const t = this.cards[j];
      this.cards[j] = this.cards[r];
      this.cards[r] = t;
    }
  }

  /** The next card (CARD_*), or CARD_EMPTY once the deck is spent. */
  draw(): number {
    return this.top < this.count ? this.cards[this.top++] : CARD_EMPTY;
  }

  /** Cards left to draw. */
  get remaining(): number {
    return this.count - this.top;
  }
}
