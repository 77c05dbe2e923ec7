/**
 * Turns a balance sweep's played pairs into fitted fair costs (docs/balance.md): a logistic
 * model of seat 1's result on the feature-count differences, then fair costs by fair-cost.ts.
 * The output is the versioned balance document `squadsim.balance/1` (DIR/balance.json).
 */
import { fairCosts, type FairCostRow } from './fair-cost.ts';
import { fitLogistic } from './logistic.ts';
import { verdicts, type Verdict } from './verdicts.ts';
import { zFor } from './fair-cost.ts';
import { analyzeReferenceBalance, isReferenceDoc, referenceTable, type ReferenceBalanceDoc } from './reference-value.ts';

export const BALANCE_SCHEMA = 'squadsim.balance/1';
export const BALANCE_FILE = 'balance.json';

export interface BalanceInput {
  ruleset: string;
  version: string;
  sweepHash: string;
  /** The validated sweep (echoed). */
  sweep: unknown;
  seed: number;
  pairs: number;
  gamesPerPair: number;
  confidence: number;
  features: readonly { id: string; label: string; group: string; pool: string; cost: number }[];
  meanCounts: readonly number[];
  rows: readonly { diff: readonly number[]; outcome: readonly [number, number, number]; games: number }[];
  elapsedSeconds: number;
  /** The sweep's reference feature where the game prints no points (analysis/reference-value.ts). */
  reference?: string;
  /** What seat 1 is in this ruleset, said beside the intercept. */
  seat1?: string;
}

export interface BalanceFeatureResult extends FairCostRow, Verdict {
  /** Mean number per random roster. */
  meanCount: number;
}

export interface BalanceDoc {
  schema: typeof BALANCE_SCHEMA;
  version: string;
  ruleset: string;
  sweepHash: string;
  sweep: unknown;
  seed: number;
  pairs: number;
  gamesPerPair: number;
  games: number;
  confidence: number;
  /** One entry per fitted feature, in the ruleset's order. */
  features: BalanceFeatureResult[];
  /** Features left out of the fit because their count never differed between the two rosters. */
  notFitted: string[];
  fit: {
    model: string;
    /** Logit value of one point (β ≈ λ·cost when costs are fair), and its SE. */
    lambda: number;
    lambdaSe: number;
    /** Priced features left out of λ because their price is inconsistent with the others (most inconsistent first). */
    droppedFromScale: string[];
    /** Seat-1 advantage on the logit scale (policies and first-player effects), and its SE. */
    intercept: number;
    interceptSe: number;
    iterations: number;
    converged: boolean;
    deviance: number;
    nullDeviance: number;
    /** Pearson χ²/df; standard errors are scaled by √max(1, dispersion). */
    dispersion: number;
    rows: number;
    seat1WinRate: number;
    drawRate: number;
    flagged: { overCosted: string[]; underCosted: string[] };
    /** How flags are decided: Benjamini–Hochberg at this false discovery rate (1 − confidence). */
    falseDiscoveryRate: number;
    /** Empirical-Bayes spread of fair costs around printed ones (points): the shrinkage of suggested costs. */
    tau: number;
    /** Flagged features, clearest first, with the suggested cost. */
    mostMispriced: { id: string; label: string; flag: 'over-costed' | 'under-costed'; printed: number; fair: number; suggested: number; qValue: number }[];
  };
  elapsedSeconds: number;
}

/**
 * Fits the win model and the fair costs. Throws RangeError when the data cannot identify them.
 * With a reference (no printed points), values against it instead: analysis/reference-value.ts.
 */
export function analyzeBalance(inp: BalanceInput & { reference: string }): ReferenceBalanceDoc;
export function analyzeBalance(inp: BalanceInput & { reference?: undefined }): BalanceDoc;
export function analyzeBalance(inp: BalanceInput): BalanceDoc | ReferenceBalanceDoc;
export function analyzeBalance(inp: BalanceInput): BalanceDoc | ReferenceBalanceDoc {
  if (inp.reference !== undefined) return analyzeReferenceBalance({ ...inp, reference: inp.reference });
  const used = inp.features.map((_, j) => inp.rows.some((r) => r.diff[j] !== 0));
  const cols = [...used.keys()].filter((j) => used[j]);
  const p = cols.length + 1;
  const n = inp.rows.length;
  const x = new Float64Array(n * p);
  const y = new Float64Array(n);
  const m = new Float64Array(n);
  let w1 = 0, draws = 0, games = 0;
  inp.rows.forEach((r, i) => {
    x[i * p] = 1;
    cols.forEach((j, c) => (x[i * p + c + 1] = r.diff[j]));
    y[i] = r.outcome[0] + r.outcome[2] / 2;
    m[i] = r.games;
    w1 += r.outcome[0];
    draws += r.outcome[2];
    games += r.games;
  });
  const fit = fitLogistic({ x, rows: n, cols: p, successes: y, trials: m });
  const beta = cols.map((_, c) => fit.beta[c + 1]);
  const cov = cols.flatMap((_, a) => cols.map((_, b) => fit.cov[(a + 1) * p + b + 1]));
  const feats = cols.map((j) => inp.features[j]);
  const fc = fairCosts(feats, beta, cov, inp.confidence);
  const fdr = 1 - inp.confidence;
  const v = verdicts(fc.rows, zFor(inp.confidence), fdr);
  const features = fc.rows.map((r, c) => ({ ...r, ...v.rows[c], meanCount: inp.meanCounts[cols[c]] }));
  return {
    schema: BALANCE_SCHEMA,
    version: inp.version,
    ruleset: inp.ruleset,
    sweepHash: inp.sweepHash,
    sweep: inp.sweep,
    seed: inp.seed,
    pairs: inp.pairs,
    gamesPerPair: inp.gamesPerPair,
    games,
    confidence: inp.confidence,
    features,
    notFitted: inp.features.filter((_, j) => !used[j]).map((f) => f.id),
    fit: {
      model: 'logit P(seat 1 wins; a draw counts 1/2) = intercept + Σ_k β_k (n_seat1,k − n_seat2,k); fair_k = β_k / λ, λ = GLS fit of β on printed costs over the consistently priced features (each judged leave-one-out); flags: Benjamini–Hochberg over all features at FDR 1 − confidence; suggested cost: empirical-Bayes shrinkage of fair_k toward the printed cost',
      lambda: fc.lambda,
      lambdaSe: fc.lambdaSe,
      droppedFromScale: fc.dropped,
      intercept: fit.beta[0],
      interceptSe: fit.se[0],
      iterations: fit.iterations,
      converged: fit.converged,
      deviance: fit.deviance,
      nullDeviance: fit.nullDeviance,
      dispersion: fit.dispersion,
      rows: n,
      seat1WinRate: games > 0 ? w1 / games : 0,
      drawRate: games > 0 ? draws / games : 0,
      flagged: {
        overCosted: features.filter((f) => f.flag === 'over-costed').map((f) => f.id),
        underCosted: features.filter((f) => f.flag === 'under-costed').map((f) => f.id),
      },
      falseDiscoveryRate: fdr,
      tau: v.tau,
      mostMispriced: v.ranked.slice(0, 5),
    },
    elapsedSeconds: inp.elapsedSeconds,
  };
}

/** The stdout table of `squadsim balance`. */
export function balanceTable(doc: BalanceDoc | ReferenceBalanceDoc): string {
  if (isReferenceDoc(doc)) return referenceTable(doc);
  const f1 = (v: number): string => v.toFixed(1);
  const rows = [
    ['feature', 'group', 'printed', 'fair', `${Math.round(doc.confidence * 100)}% interval`, 'q', 'flag', 'suggested', 'per roster'],
    ...doc.features.map((f) => [
      f.id, f.group, String(f.cost), f1(f.fairCost), `${f1(f.interval[0])} – ${f1(f.interval[1])}`, f.qValue < 0.001 ? '<0.001' : f.qValue.toFixed(3),
      f.flag === 'ok' ? '' : f.flag, f1(f.suggestedCost), f.meanCount.toFixed(2),
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((v, c) => (c < 2 || c === 6 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  const fit = doc.fit;
  return [
    `${doc.ruleset} balance: ${doc.pairs} roster pairs x 2 seats x ${doc.gamesPerPair} games = ${doc.games} games, seed ${doc.seed}`,
    '',
    ...rows.map(line),
    '',
    `lambda (logit per point) ${fit.lambda.toFixed(5)} ± ${fit.lambdaSe.toFixed(5)}; seat-1 intercept ${fit.intercept.toFixed(3)} ± ${fit.interceptSe.toFixed(3)}; dispersion ${fit.dispersion.toFixed(2)}; ${fit.converged ? 'converged' : 'NOT converged'} in ${fit.iterations} iterations`,
    `most clearly mis-priced (Benjamini–Hochberg, false discovery rate ${Math.round(100 * fit.falseDiscoveryRate)}%): ${fit.mostMispriced.map((m) => `${m.id} ${m.flag} (printed ${m.printed}, suggested ${m.suggested.toFixed(1)})`).join('; ') || 'none'}`,
    `suggested costs are shrunk toward the printed ones (empirical Bayes, spread τ = ${fit.tau.toFixed(1)} points)`,
    ...doc.features.filter((f) => f.note).map((f) => `note: ${f.id}: ${f.note}`),
    `scale set by all priced features except: ${fit.droppedFromScale.join(', ') || 'none'}`,
    ...(doc.notFitted.length ? [`not fitted (never differed): ${doc.notFitted.join(', ')}`] : []),
    '',
  ].join('\n');
}
