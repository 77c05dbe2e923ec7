import { describe, expect, it } from 'vitest';
import { DiceBag } from '../engine/bag.ts';
import { Deck } from '../engine/deck.ts';
import { chooseFirst, roll2d6, rollAdvantage, rollSum, shuffle, shuffleRange } from '../engine/dice.ts';
import { GameEnv, STREAM_POLICY } from '../engine/env.ts';
import { Rng, gameSeed } from '../engine/rng.ts';
import { StateArrays } from '../engine/state.ts';
import { TallyPlan } from '../engine/tally-plan.ts';

/** Pearson chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0), e = total / counts.length;
  return counts.reduce((s, c) => s + ((c - e) * (c - e)) / e, 0);
}

describe('Deck', () => {
  it('deals every card of the composition exactly once per pass, then reports empty', () => {
    const deck = new Deck(192);
    deck.load(Array.from({ length: 192 }, (_, i) => i));
    const rng = new Rng(3);
    deck.reset(rng);
    const seen = new Array<number>(192).fill(0);
    for (let k = 0; k < 192; k++) seen[deck.draw()]++;
    expect(seen.every((c) => c === 1)).toBe(true);
    expect(deck.draw()).toBe(-1);
    expect(deck.remaining).toBe(0);
    expect(deck.drawn).toBe(192);
    expect(deck.passes).toBe(1);
  });

  it('burns cards to the discard pile and reshuffles them as a new pass', () => {
    const deck = new Deck(10);
    deck.loadCounts([7, 8], [6, 4]); // six 7s, four 8s
    const rng = new Rng(1);
    deck.reset(rng);
    expect(deck.count).toBe(10);
    const hand = deck.draw();
    expect(deck.burn(20)).toBe(9);
    expect(deck.discarded).toBe(9);
    deck.discard(hand);
    deck.reshuffle(rng);
    expect(deck.passes).toBe(2);
    expect(deck.remaining).toBe(10);
    const drawn: number[] = [];
    for (let c = deck.draw(); c >= 0; c = deck.draw()) drawn.push(c);
    expect(drawn.filter((c) => c === 7)).toHaveLength(6);
    expect(drawn.filter((c) => c === 8)).toHaveLength(4);
  });

  it('an empty deck (capacity 0) is legal: every draw, peek and burn finds nothing (issue 35)', () => {
    const deck = new Deck(0);
    deck.loadCounts([7, 8], [0, 0]);
    const rng = new Rng(2);
    deck.reset(rng);
    expect(deck.count).toBe(0);
    expect(deck.draw()).toBe(-1);
    expect(deck.peek()).toBe(-1);
    expect(deck.burn(3)).toBe(0);
    deck.reshuffle(rng);
    expect(deck.draw()).toBe(-1);
    expect(deck.drawn).toBe(0);
    expect(() => new Deck(-1)).toThrow(RangeError);
  });

  it('keeps undrawn cards on top, in order, when it reshuffles early', () => {
    const deck = new Deck(6);
    deck.load([0, 1, 2, 3, 4, 5]);
    const rng = new Rng(9);
    deck.reset(rng);
    deck.burn(4);
    const top = deck.peek();
    deck.reshuffle(rng);
    expect(deck.remaining).toBe(6);
    expect(deck.draw()).toBe(top);
  });

  it('shuffles uniformly: each card is equally likely in each position (chi-square, 20,000 deals)', () => {
    const deck = new Deck(5);
    deck.load([0, 1, 2, 3, 4]);
    const rng = new Rng(11);
    const firstCard = [0, 0, 0, 0, 0], lastCard = [0, 0, 0, 0, 0];
    for (let g = 0; g < 20_000; g++) {
      deck.reset(rng);
      firstCard[deck.draw()]++;
      deck.burn(3);
      lastCard[deck.draw()]++;
    }
    // 4 degrees of freedom: P(chi2 > 18.47) = 0.001.
    expect(chiSquare(firstCard)).toBeLessThan(18.47);
    expect(chiSquare(lastCard)).toBeLessThan(18.47);
  });
});

describe('shuffles', () => {
  it('shuffleRange permutes only its range, and shuffle is shuffleRange from 0', () => {
    const a = Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7]);
    shuffleRange(new Rng(2), a, 2, 6);
    expect(Array.from(a.subarray(0, 2))).toEqual([0, 1]);
    expect(Array.from(a.subarray(6))).toEqual([6, 7]);
    expect(Array.from(a.subarray(2, 6)).sort()).toEqual([2, 3, 4, 5]);
    const b = Int32Array.from([0, 1, 2, 3]), c = Int32Array.from([0, 1, 2, 3]);
    shuffle(new Rng(5), b);
    shuffleRange(new Rng(5), c, 0, 4);
    expect(Array.from(b)).toEqual(Array.from(c));
  });

  it('chooseFirst draws a uniform k-subset (each element equally often, chi-square)', () => {
    const rng = new Rng(4), a = new Int32Array(6), counts = [0, 0, 0, 0, 0, 0];
    for (let g = 0; g < 12_000; g++) {
      for (let i = 0; i < 6; i++) a[i] = i;
      chooseFirst(rng, a, 6, 2);
      counts[a[0]]++;
      counts[a[1]]++;
    }
    expect(chiSquare(counts)).toBeLessThan(20.52); // 5 d.o.f., P = 0.001
  });
});

describe('dice helpers', () => {
  it('rollAdvantage keeps the better (or worse) of two dice: P(max of 2D6 = k) = (2k − 1)/36 (Monte Carlo vs exact)', () => {
    const rng = new Rng(21), n = 36_000, best = new Array(7).fill(0), worst = new Array(7).fill(0);
    for (let g = 0; g < n; g++) {
      best[rollAdvantage(rng, 6, true)]++;
      worst[rollAdvantage(rng, 6, false)]++;
    }
    for (let k = 1; k <= 6; k++) {
      const p = (2 * k - 1) / 36, se = Math.sqrt((p * (1 - p)) / n);
      expect(Math.abs(best[k] / n - p)).toBeLessThan(4 * se);
      expect(Math.abs(worst[7 - k] / n - p)).toBeLessThan(4 * se);
    }
  });
  it('roll2d6 writes both faces and returns their sum; rollSum adds dice', () => {
    const out = new Int32Array(2), rng = new Rng(3);
    for (let g = 0; g < 100; g++) {
      const s = roll2d6(rng, out);
      expect(s).toBe(out[0] + out[1]);
      expect(out[0]).toBeGreaterThanOrEqual(1);
      expect(out[1]).toBeLessThanOrEqual(6);
      const t = rollSum(rng, 3, 8);
      expect(t).toBeGreaterThanOrEqual(3);
      expect(t).toBeLessThanOrEqual(24);
    }
  });
});

describe('DiceBag', () => {
  it('draws each die with equal chance, so a side wins the draw with its share of the dice (Monte Carlo vs exact)', () => {
    const bag = new DiceBag(2), rng = new Rng(8);
    let side0 = 0;
    const n = 40_000;
    for (let g = 0; g < n; g++) {
      bag.reset();
      bag.own(0, 3);
      bag.own(1, 7);
      bag.startTurn();
      if (bag.draw(rng) === 0) side0++;
    }
    const p = 0.3, se = Math.sqrt((p * (1 - p)) / n);
    expect(Math.abs(side0 / n - p)).toBeLessThan(4 * se);
  });

  it('empties side by side, counts streaks, and returns −1 when empty', () => {
    const bag = new DiceBag(2), rng = new Rng(1);
    bag.own(0, 2);
    bag.own(1, 1);
    bag.startTurn();
    const draws = [bag.draw(rng), bag.draw(rng), bag.draw(rng)];
    expect(draws.filter((s) => s === 0)).toHaveLength(2);
    expect(bag.draw(rng)).toBe(-1);
    expect(bag.streakLen).toBeGreaterThanOrEqual(1);
  });

  it('keeps dice out through the next turn start only, takes by choice, and loses a destroyed unit\'s die for good', () => {
    const bag = new DiceBag(2);
    bag.own(0, 4);
    bag.own(1, 4);
    bag.startTurn();
    expect(bag.take(1)).toBe(true);
    expect(Array.from(bag.inBag)).toEqual([4, 3]);
    bag.keep(0); // a unit of side 0 keeps its Down die
    bag.destroy(1, true);
    bag.startTurn();
    expect(Array.from(bag.inBag)).toEqual([3, 3]);
    bag.startTurn();
    expect(Array.from(bag.inBag)).toEqual([4, 3]);
    bag.inBag[0] = 0;
    expect(bag.take(0)).toBe(false);
  });
});

describe('StateArrays', () => {
  class Game {
    readonly st = new StateArrays();
    readonly alive: Uint8Array;
    readonly health: Int32Array;
    readonly scratch: Float64Array;
    turn = 0;
    over = false;
    pick = -1;
    constructor(start: Int32Array) {
      this.alive = this.st.u8(3, 1);
      this.health = this.st.copyOf(start);
      this.scratch = this.st.scratch(new Float64Array(3));
      this.st.seal(this);
    }
  }

  it('restores every declared array and every scalar field, and leaves scratch alone', () => {
    const start = Int32Array.from([2, 3, 4]);
    const g = new Game(start);
    g.alive[1] = 0; g.health[2] = 0; g.scratch[0] = 9; g.turn = 6; g.over = true; g.pick = 2;
    g.st.reset();
    expect(Array.from(g.alive)).toEqual([1, 1, 1]);
    expect(Array.from(g.health)).toEqual([2, 3, 4]);
    expect(g.scratch[0]).toBe(9);
    expect([g.turn, g.over, g.pick]).toEqual([0, false, -1]);
    expect(g.st.isScratch(g.scratch)).toBe(true);
    expect(g.st.declared()).toHaveLength(2);
    expect(Array.from(start)).toEqual([2, 3, 4]); // the source is never written
  });
});

describe('GameEnv streams', () => {
  it('seeds the dice stream exactly as gameSeed, and the policy stream apart from it', () => {
    const env = new GameEnv(new TallyPlan({ sideNames: ['a', 'b'], nouns: { unit: 'u', units: 'us', value: 'v', score: 's', scoreLong: 's', step: 't', steps: 'ts' }, steps: 1 }));
    env.seed(7, 12);
    const ref = new Rng(gameSeed(7, 12));
    expect(env.dice.nextU32()).toBe(ref.nextU32());
    const p = new Rng();
    p.seedGameStream(7, 12, STREAM_POLICY);
    expect(env.policy.nextU32()).toBe(p.nextU32());
    env.seed(7, 12);
    const dice = [env.dice.nextU32(), env.dice.nextU32()], pol = [env.policy.nextU32(), env.policy.nextU32()];
    expect(dice).not.toEqual(pol);
    env.seed(7, 13);
    expect([env.policy.nextU32(), env.policy.nextU32()]).not.toEqual(pol);
  });
});
