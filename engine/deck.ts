/**
 * A seeded deck of cards, for card-driven games whose deck is also the clock: a draw
 * pile, a discard pile, burns, reshuffles and a pass count. Cards are integers (a card id,
 * or a kind when several cards are alike). Cards drawn are out of the deck until the
 * ruleset discards them (a hand, a card in play, a set-aside pile). Allocation-free after
 * construction; every shuffle is a Fisher–Yates on the game's dice.
 */
import type { Rng } from './rng.ts';
import { shuffle, shuffleRange } from './dice.ts';

export class Deck {
  /** The composition loaded by `load` (the cards of a full deck). */
  private readonly full: Int32Array;
  private size = 0;
  /** The draw pile: pile[next, count) holds the cards left, the next card is pile[next]. */
  private readonly pile: Int32Array;
  private next = 0;
  private count_ = 0;
  private readonly discards: Int32Array;
  private discardCount = 0;
  /** Passes through the deck this game: 1 after reset, +1 per reshuffle. */
  passes = 0;
  /** Cards drawn (or burned) this game. */
  drawn = 0;

  /** capacity: the most cards the deck will ever hold (0: an empty deck, every draw is −1). */
  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 0) throw new RangeError(`deck capacity must be a non-negative integer, got ${capacity}`);
    this.full = new Int32Array(capacity);
    this.pile = new Int32Array(capacity);
    this.discards = new Int32Array(capacity);
  }

  /** Sets the deck's composition (not in the hot loop). */
  load(cards: ArrayLike<number>): void {
    if (cards.length > this.full.length) throw new RangeError(`a deck of ${cards.length} cards exceeds its capacity ${this.full.length}`);
    this.size = cards.length;
    for (let i = 0; i < cards.length; i++) this.full[i] = cards[i];
  }

  /** Sets the composition from counts: `counts[k]` cards of kind `kinds[k]`. */
  loadCounts(kinds: ArrayLike<number>, counts: ArrayLike<number>): void {
    let n = 0;
    for (let k = 0; k < counts.length; k++) n += counts[k];
    if (n > this.full.length) throw new RangeError(`a deck of ${n} cards exceeds its capacity ${this.full.length}`);
    this.size = 0;
    for (let k = 0; k < counts.length; k++) for (let c = 0; c < counts[k]; c++) this.full[this.size++] = kinds[k];
  }

  /** Puts exactly `cards` in the draw pile, in draw order, with no discards (tests, scripted set-ups). */
  stack(cards: ArrayLike<number>): void {
    if (cards.length > this.pile.length) throw new RangeError(`a pile of ${cards.length} cards exceeds the deck's capacity ${this.pile.length}`);
    for (let i = 0; i < cards.length; i++) this.pile[i] = cards[i];
    this.next = 0;
    this.count_ = cards.length;
    this.discardCount = 0;
    this.drawn = 0;
  }

  /** A new game: every card in the draw pile, shuffled; no discards; pass 1. */
  reset(rng: Rng): void {
    for (let i = 0; i < this.size; i++) this.pile[i] = this.full[i];
    this.next = 0;
    this.count_ = this.size;
    shuffle(rng, this.pile, this.size);
    this.discardCount = 0;
    this.passes = 1;
    this.drawn = 0;
  }

  /** Cards in the full deck. */
  get count(): number {
    return this.size;
  }

  /** Cards left in the draw pile. */
  get remaining(): number {
    return this.count_ - this.next;
  }

  /** Cards on the discard pile. */
  get discarded(): number {
    return this.discardCount;
  }

  /** The top card, or −1 when the draw pile is empty (the ruleset decides: reshuffle, or time is up). */
  draw(): number {
    if (this.next === this.count_) return -1;
    this.drawn++;
    return this.pile[this.next++];
  }

  /** The top card without drawing it, or −1. */
  peek(): number {
    return this.next === this.count_ ? -1 : this.pile[this.next];
  }

  /** Draws up to `n` cards straight to the discard pile ("burns time"); returns how many. */
  burn(n: number): number {
    let k = 0;
    for (; k < n && this.next < this.count_; k++) this.discard(this.draw());
    return k;
  }

  /** Puts a card (drawn earlier) on the discard pile. */
  discard(card: number): void {
    if (this.discardCount === this.discards.length) throw new RangeError('deck: more discards than cards');
    this.discards[this.discardCount++] = card;
  }

  /**
   * A new pass: the discard pile is shuffled and put under what is left of the draw pile
   * (undrawn cards stay on top, in order; usually none are left). passes + 1. Cards the
   * ruleset holds elsewhere (hands, a set-aside pile) join only if it discards them first.
   */
  reshuffle(rng: Rng): void {
    const keep = this.count_ - this.next, n = this.discardCount;
    if (keep + n > this.pile.length) throw new RangeError('deck: more cards than its capacity');
    // The undrawn cards stay on top (drawn first); the shuffled discards go under them.
    for (let i = 0; i < keep; i++) this.pile[i] = this.pile[this.next + i];
    for (let i = 0; i < n; i++) this.pile[keep + i] = this.discards[i];
    shuffleRange(rng, this.pile, keep, keep + n);
    this.next = 0;
    this.count_ = keep + n;
    this.discardCount = 0;
    this.passes++;
  }
}
