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

/**
 * The replication of a call on a statistic z (flagged up when z ≥ c, down when z ≤ −c):
 * `call` is this sweep's call (+1, −1 or 0 for none).
 */
export function replicateCall(z: number, call: 1 | -1 | 0, c: number, level: number, games: number): { stated: boolean; replication: number; lean: 1 | -1 | 0; gamesToSettle: number | null } {
  const r2 = Math.SQRT2;
  const pUp = normalCdf((z - c) / r2), pDown = normalCdf((-z - c) / r2);
  const p = call > 0 ? pUp : call < 0 ? pDown : Math.max(0, 1 - pUp - pDown);
  // No call claims nothing (no mis-price found at this size), so it needs no replication; a
  // feature at z = 0 is flagged by a fresh sweep only with P = 2Φ(−c/√2).
  if (p >= level || call === 0) return { stated: true, replication: p, lean: 0, gamesToSettle: null };
  const lean = z > 1 ? 1 : z < -1 ? -1 : 0;
  // z grows as √games for a real effect: the call is stated once |z| ≥ c + √2·Φ⁻¹(level).
  const need = c + r2 * normalQuantile(level);
  return { stated: false, replication: p, lean, gamesToSettle: lean ? Math.ceil(games * (need / Math.abs(z)) ** 2) : null };
}

/** A cost call's replication (z = (printed − fair)/SE: over-costed is up) and the verdict at `level`. */
export function replicate(z: number, flag: 'over-costed' | 'under-costed' | 'ok', c: number, level: number, games: number): Replication {
  const r = replicateCall(z, flag === 'over-costed' ? 1 : flag === 'under-costed' ? -1 : 0, c, level, games);
  const lean = r.lean > 0 ? 'over-costed' : r.lean < 0 ? 'under-costed' : null;
  return { verdict: r.stated ? flag : 'unsettled', replication: r.replication, lean, gamesToSettle: r.gamesToSettle };
}
