/**
 * Verdicts that hold on a fresh seed (issue 28). A test flag at q ≤ 0.05 flips on a fresh
 * sweep about half the time when the feature sits near the threshold, and a sweep of 37
 * features always has a few there. So each call carries the probability that a fresh sweep of
 * the same size makes the same call, and only a call likely to be repeated is stated:
 *
 * With z = (printed − fair) / SE (SE from the pair bootstrap), a fresh sweep's z' is, given
 * this one, about normal around z with variance 2 (this estimate's error plus the fresh one's).
 * c is the |z| at which this sweep's Benjamini–Hochberg procedure flags. Then
 *
 *   P(fresh call over-costed) = Φ((z − c)/√2),  P(under) = Φ((−z − c)/√2),  P(ok) = the rest;
 *
 * a flag is stated when its probability is at least `level` (default 0.9); otherwise the
 * feature is **unsettled**, with the way it leans and about how many games would settle it.
 * "ok" (no flag) is a statement of no evidence, not of fairness, and is never held back.
 */
import { normalQuantile } from '../engine/stats.ts';
import { normalCdf } from './stat-tests.ts';

export type BalanceVerdict = 'over-costed' | 'under-costed' | 'ok' | 'unsettled' | 'not exercised';

export interface Replication {
  /** The stated verdict. */
  verdict: BalanceVerdict;
  /** Probability that a fresh sweep of this size makes this sweep's test call (flag or ok). */
  replication: number;
  /** Unsettled: the way the estimate leans (|z| > 1), else null. */
  lean: 'over-costed' | 'under-costed' | null;
  /** Unsettled and leaning: about how many games a sweep would need for the lean to be stated. */
  gamesToSettle: number | null;
}

/** The |z| at which Benjamini–Hochberg at `fdr` flags, with `flagged` of `m` features flagged (Bonferroni when none is). */
export function bhThreshold(fdr: number, flagged: number, m: number): number {
  return normalQuantile(1 - (fdr * Math.max(1, flagged)) / (2 * m));
}

/** The replication probability of this sweep's call, and the verdict at `level`. */
export function replicate(z: number, flag: 'over-costed' | 'under-costed' | 'ok', c: number, level: number, games: number): Replication {
  const r2 = Math.SQRT2;
  const pOver = normalCdf((z - c) / r2), pUnder = normalCdf((-z - c) / r2);
  const p = flag === 'over-costed' ? pOver : flag === 'under-costed' ? pUnder : Math.max(0, 1 - pOver - pUnder);
  // "ok" claims nothing (no mis-price found at this size), so it needs no replication; a
  // perfectly priced feature (z = 0) is flagged by a fresh sweep only with P = 2Φ(−c/√2).
  if (p >= level || flag === 'ok') return { verdict: flag, replication: p, lean: null, gamesToSettle: null };
  const lean = z > 1 ? 'over-costed' : z < -1 ? 'under-costed' : null;
  // z grows as √games for a real mis-price: the call is stated once |z| ≥ c + √2·Φ⁻¹(level).
  const need = c + r2 * normalQuantile(level);
  const gamesToSettle = lean ? Math.ceil(games * (need / Math.abs(z)) ** 2) : null;
  return { verdict: 'unsettled', replication: p, lean, gamesToSettle };
}
