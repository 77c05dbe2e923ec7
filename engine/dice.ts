import type { Rng } from './rng.ts';

/** Dice helpers on top of Rng. Hot rulesets call rng.d6() directly; these are for setup and tables. */

/** Sum of `count` dice with `sides` faces. */
export function rollSum(rng: Rng, count: number, sides: number): number {
  let t = 0;
  for (let i = 0; i < count; i++) t += rng.die(sides);
  return t;
}

/** 2D6 as two ordered dice, written into out[0], out[1]; returns the sum. */
export function roll2d6(rng: Rng, out: Int32Array): number {
  out[0] = rng.d6();
  out[1] = rng.d6();
  return out[0] + out[1];
}

/** Best (advantage) or worst (disadvantage) of two dice. */
export function rollAdvantage(rng: Rng, sides: number, advantage: boolean): number {
  const a = rng.die(sides), b = rng.die(sides);
  return advantage ? (a > b ? a : b) : (a < b ? a : b);
}

/**
 * A weighted die: faces[i] comes up with weight weights[i]. `cumulative` must be the
 * running sum of integer weights (build it once with `cumulativeWeights`).
 */
export function rollWeighted(rng: Rng, cumulative: Int32Array): number {
  const total = cumulative[cumulative.length - 1];
  const x = rng.below(total);
  let i = 0;
  while (x >= cumulative[i]) i++;
  return i;
}

export function cumulativeWeights(weights: ArrayLike<number>): Int32Array {
  const out = new Int32Array(weights.length);
  let t = 0;
  for (let i = 0; i < weights.length; i++) {
    if (!Number.isInteger(weights[i]) || weights[i] < 0) throw new RangeError(`weight ${i} must be a non-negative integer`);
    t += weights[i];
    out[i] = t;
  }
  return out;
}

type IntArray = Int8Array | Uint8Array | Int16Array | Uint16Array | Int32Array;

/** Fisher–Yates shuffle of the first `n` entries of a typed array, in place. */
export function shuffle(rng: Rng, a: IntArray, n: number = a.length): void {
  shuffleRange(rng, a, 0, n);
}

/** Fisher–Yates shuffle of a[lo, hi), in place (from the end: one below() per position). */
export function shuffleRange(rng: Rng, a: IntArray, lo: number, hi: number): void {
  for (let i = hi - 1; i > lo; i--) {
    const j = lo + rng.below(i - lo + 1);
    const t = a[i];
    a[i] = a[j];
    a[j] = t;
  }
}

/**
 * Moves a uniform random k-subset of a[0, n) to a[0, k), in uniformly random order (the
 * first k steps of a forward Fisher–Yates): drawing k of n without replacement.
 */
export function chooseFirst(rng: Rng, a: IntArray, n: number, k: number): void {
  for (let i = 0; i < k; i++) chooseNext(rng, a, i, n);
}

/** One step of chooseFirst: a uniform pick from a[i, n) swapped into a[i] (for rules that draw between picks). */
export function chooseNext(rng: Rng, a: IntArray, i: number, n: number): void {
  const j = i + rng.below(n - i);
  const t = a[j];
  a[j] = a[i];
  a[i] = t;
}

/** deploySlot's scale: a slot s stands for the fraction s / SLOT_ONE of the line. */
export const SLOT_ONE = 1 << 30;
/** The golden ratio's fraction × SLOT_ONE: the step between ranks of one kind. */
const GOLDEN_STEP = 663608941;

/**
 * A unit's place along a deployment line, in [0, SLOT_ONE) (issue 28: seat-fair, index-free
 * deployment). It depends only on the side's per-game draw `base` (in [0, SLOT_ONE), from
 * the player's stream), the unit's kind and its rank among the side's units of that kind
 * (rankOfKind), never on other kinds' units: removing one unit re-slots no other. Units of
 * one kind are spread by the golden ratio, so they do not bunch. Integers in and out (small
 * integers stay unboxed across a call V8 does not inline; doubles would not).
 */
export function deploySlot(base: number, kind: number, rank: number): number {
  // fmix32 written out: its uint32 result crosses a call boxed whenever it is ≥ 2^30.
  let h = base ^ Math.imul(kind + 1, 0x9e3779b1);
  h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); h ^= h >>> 16;
  return ((h >>> 2) + Math.imul(rank, GOLDEN_STEP)) & (SLOT_ONE - 1);
}

/** How many units in [first, u) have unit u's kind (deploySlot's rank). */
export function rankOfKind(kinds: ArrayLike<number>, first: number, u: number): number {
  let r = 0;
  for (let v = first; v < u; v++) if (kinds[v] === kinds[u]) r++;
  return r;
}
