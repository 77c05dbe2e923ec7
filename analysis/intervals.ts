/** Confidence intervals from the sums the accumulators hold. Pure functions. */
import { wilson } from '../engine/stats.ts';

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

export interface MeanInterval {
  mean: number;
  /** Sample standard deviation of one game's value; null without sums of squares or with < 2 games. */
  sd: number | null;
  lo: number | null;
  hi: number | null;
}

/**
 * Mean of n per-game values from their sum and, when recorded, their sum of squares,
 * with a normal-approximation interval mean ± z·sd/√n (the central limit theorem holds
 * well at the thousands of games a run plays). Without sumSq the interval is null.
 */
export function meanInterval(sum: number, sumSq: number | null, n: number, z = Z95): MeanInterval {
  const mean = n > 0 ? sum / n : 0;
  if (sumSq === null || n < 2) return { mean, sd: null, lo: null, hi: null };
  // Clamp: rounding can make a zero variance come out a hair negative.
  const variance = Math.max(0, (sumSq - n * mean * mean) / (n - 1));
  const sd = Math.sqrt(variance);
  const half = (z * sd) / Math.sqrt(n);
  return { mean, sd, lo: mean - half, hi: mean + half };
}

/** A proportion k/n with its Wilson score interval. */
export function proportion(k: number, n: number, z = Z95): { rate: number; lo: number; hi: number } {
  const [lo, hi] = wilson(k, n, z);
  return { rate: n > 0 ? k / n : 0, lo, hi };
}
