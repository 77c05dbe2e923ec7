/**
 * Seedable 32-bit PRNG: sfc32 (Chris Doty-Humphrey's Small Fast Chaotic generator,
 * 128-bit state, passes PractRand to multiple TB). State lives in an Int32Array so the
 * hot loop never boxes numbers; every step is int32 arithmetic.
 *
 * Seeding: `gameSeed(master, index)` hashes the run's master seed and the game's index
 * into one 32-bit seed, so game i's dice never depend on which games ran before it.
 * `seed(s)` expands it into the 128-bit state and discards 15 outputs to mix.
 */
export class Rng {
  /** [a, b, c, d] sfc32 state, then [4] the last output (as int32). */
  readonly s = new Int32Array(5);

  constructor(seed = 0) {
    this.seed(seed);
  }

  seed(seed: number): void {
    const s = this.s;
    s[0] = 0x9e3779b9;
    s[1] = 0x243f6a88;
    s[2] = 0xb7e15162;
    s[3] = seed | 0;
    for (let i = 0; i < 15; i++) this.advance();
  }

  /**
   * Seeds for game `index` of a run with master seed `master`: the same as
   * seed(gameSeed(master, index)), computed here so the 32-bit seed never crosses a call
   * (V8 would box a value outside the small-integer range).
   */
  seedGame(master: number, index: number): void {
    this.seedGameStream(master, index, 0);
  }

  /**
   * Seeds stream `stream` of game `index` (0: the rules' dice, = seedGame; 1: the players'
   * choices; see engine/env.ts). Streams differ in one word of the initial state, so each
   * is its own sequence, and each is a pure function of (master, index, stream).
   */
  seedGameStream(master: number, index: number, stream: number): void {
    const s = this.s;
    s[0] = 0x9e3779b9;
    s[1] = 0x243f6a88;
    s[2] = 0xb7e15162 ^ Math.imul(stream, 0x85ebca6b);
    // fmix32 twice, written out: its 32-bit result was boxed (once per stream per game) when
    // the call was not inlined. Same bits: every step works modulo 2^32.
    let h = (master >>> 0) ^ 0x5bd1e995;
    h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); h ^= h >>> 16;
    h = (h + Math.imul(index >>> 0, 0x9e3779b1) + 0x7f4a7c15) >>> 0;
    h ^= h >>> 16; h = Math.imul(h, 0x85ebca6b); h ^= h >>> 13; h = Math.imul(h, 0xc2b2ae35); h ^= h >>> 16;
    s[3] = h | 0;
    for (let i = 0; i < 15; i++) this.advance();
  }

  /**
   * One sfc32 step; the output goes to s[4]. It returns nothing on purpose: a 32-bit result
   * returned from a call V8 does not inline is boxed as a heap number half the time (only
   * ±2^30 fits a small integer), so the dice read s[4] instead. floats() repeats this step with
   * the state in locals; test/engine-core checks the two give the same draws and state.
   */
  advance(): void {
    const s = this.s;
    const a = s[0], b = s[1], c = s[2], d = s[3];
    const t = (((a + b) | 0) + d) | 0;
    s[3] = (d + 1) | 0;
    s[0] = b ^ (b >>> 9);
    s[1] = (c + (c << 3)) | 0;
    const r = (c << 21) | (c >>> 11);
    s[2] = (r + t) | 0;
    s[4] = t;
  }

  /** Next raw output as a uint32 (0 .. 2^32-1). For tests and setup; dice use advance(). */
  nextU32(): number {
    this.advance();
    return this.s[4] >>> 0;
  }

  /** Uniform integer in [0, n), exactly unbiased (rejection of the 2^32 mod n tail). n in 1..2^31. */
  below(n: number): number {
    this.advance();
    let x = this.s[4] >>> 0;
    // The tail is shorter than n (2^32 mod n < n), so only x ≥ 2^32 − n can be in it: the
    // modulo of 2^32, a slow floating-point one, is taken only then (same draws).
    if (x >= 4294967296 - n) {
      const limit = 4294967296 - (4294967296 % n);
      while (x >= limit) {
        this.advance();
        x = this.s[4] >>> 0;
      }
    }
    // x % n without a floating-point modulo (V8 takes one for an x above 2^31): the quotient
    // of two integers below 2^32 is never rounded across an integer, so the floor is exact.
    return (x - Math.floor(x / n) * n) | 0;
  }

  /** One die with `sides` faces: 1..sides. */
  die(sides: number): number {
    return this.below(sides) + 1;
  }

  /** One D6: 1..6. */
  d6(): number {
    this.advance();
    let x = this.s[4] >>> 0;
    while (x >= 4294967292) { // 2^32 - (2^32 mod 6)
      this.advance();
      x = this.s[4] >>> 0;
    }
    // x % 6 without a floating-point modulo (V8 takes one for an x above 2^31, half the
    // draws): with x = 2k + b, x mod 6 = 2·(k mod 3) + b, and k < 2^31 is an int32.
    return (((x >>> 1) % 3) << 1) + (x & 1) + 1;
  }

  /** Uniform double in [0, 1) with 32 bits of resolution. */
  float(): number {
    this.advance();
    return (this.s[4] >>> 0) / 4294967296;
  }

  /**
   * n uniforms into out[0..n): the same draws as n calls of float(), and the same state
   * after, but the state stays in locals between draws (one load and store per call).
   */
  floats(out: Float64Array, n: number): void {
    const s = this.s;
    let a = s[0], b = s[1], c = s[2], d = s[3], t = s[4];
    for (let i = 0; i < n; i++) {
      t = (((a + b) | 0) + d) | 0;
      d = (d + 1) | 0;
      a = b ^ (b >>> 9);
      b = (c + (c << 3)) | 0;
      c = (((c << 21) | (c >>> 11)) + t) | 0;
      out[i] = (t >>> 0) / 4294967296;
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = d;
    s[4] = t;
  }
}

/** murmur3's 32-bit finaliser: a bijective avalanche mix. */
export function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The seed of game `index` in a run with master seed `master`. Pure function of both, so
 * any chunking, worker count or sharding gives every game the same dice.
 */
export function gameSeed(master: number, index: number): number {
  const m = fmix32((master >>> 0) ^ 0x5bd1e995);
  return fmix32((m + Math.imul(index >>> 0, 0x9e3779b1) + 0x7f4a7c15) >>> 0);
}
