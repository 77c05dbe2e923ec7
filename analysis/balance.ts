/**
 * Turns a balance sweep's played pairs into fitted fair costs (docs/balance.md): a logistic
 * model of seat 1's result on the feature-count differences, fair costs by fair-cost.ts, SEs
 * from a bootstrap over roster pairs (balance-bootstrap.ts), Benjamini–Hochberg flags
 * (verdicts.ts), and only the calls a fresh seed would likely repeat stated (replication.ts).
 * The output is the versioned balance document `squadsim.balance/1` (DIR/balance.json).
 */
import { BALANCE_DEFAULTS, collinearPartners, fitBalance, fittedColumns, identifiableColumns, rowTotals, sweepDocHeader, type BalanceRow, type SweepDocHeader } from './balance-fit.ts';
import { pairBootstrap } from './balance-bootstrap.ts';
import { zFor, type FairCostRow, type PointScale } from './fair-cost.ts';
import { bhThreshold, replicate, type BalanceVerdict, type Replication } from './replication.ts';
import { verdicts, type Verdict } from './verdicts.ts';
import type { TierSummary } from './tiers.ts';
import { analyzeReferenceBalance, isReferenceDoc, referenceTable, type ReferenceBalanceDoc } from './reference-value.ts';

export const BALANCE_SCHEMA = 'squadsim.balance/1';
export const BALANCE_FILE = 'balance.json';

export { BALANCE_DEFAULTS };

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
  rows: readonly BalanceRow[];
  elapsedSeconds: number;
  /** Pair-bootstrap replicates for the standard errors; 0 takes the delta method's. */
  bootstrap?: number;
  /** Probability of a fresh sweep repeating a call that the call needs to be stated. */
  replication?: number;
  /** Per feature: uses per unit fielded per game, from the ruleset's usage counters (null: not counted). */
  usage?: readonly (number | null)[];
  /** Below this usage a feature is "not exercised": the players did not use it, so it cannot be priced. */
  usageFloor?: number;
  /** How one point is defined (fair-cost.ts PointScale; default robust). */
  scale?: PointScale;
  /** The sweep's reference feature where the game prints no points (analysis/reference-value.ts). */
  reference?: string;
  /** What seat 1 is in this ruleset, said beside the intercept. */
  seat1?: string;
}

export interface BalanceFeatureResult extends Omit<FairCostRow, 'flag'>, Verdict, Replication {
  /** The stated verdict (same as `verdict`): over-/under-costed only when a fresh seed would likely repeat it. */
  flag: BalanceVerdict;
  /** The Benjamini–Hochberg test's own call on this sweep, before the replication requirement. */
  testFlag: 'over-costed' | 'under-costed' | 'ok';
  /** Mean number per random roster. */
  meanCount: number;
  /** Uses per unit fielded per game (null: the ruleset does not count this feature's use). */
  usage: number | null;
}

export interface BalanceDoc extends SweepDocHeader {
  schema: typeof BALANCE_SCHEMA;
  /** One entry per fitted feature, in the ruleset's order. */
  features: BalanceFeatureResult[];
  /** Features left out of the fit because their count never differed between the two rosters. */
  notFitted: string[];
  /** Features left out because their count difference is a fixed combination of the others' (they cannot be told apart). */
  notIdentified: string[];
  fit: {
    model: string;
    /** Logit value of one point (β ≈ λ·cost when costs are fair), and its SE. */
    lambda: number;
    lambdaSe: number;
    /** The point scale used, and the priced features it set aside as inconsistent with the others (robust: Huber weight below ½; anchors: dropped, most inconsistent first). */
    scale: PointScale;
    droppedFromScale: string[];
    /** Seat-1 advantage on the logit scale (policies and first-player effects), and its SE. */
    intercept: number;
    interceptSe: number;
    iterations: number;
    converged: boolean;
    deviance: number;
    nullDeviance: number;
    /** Pearson χ²/df; model-based standard errors are scaled by √max(1, dispersion). */
    dispersion: number;
    rows: number;
    seat1WinRate: number;
    drawRate: number;
    /** Where the standard errors come from: the pair bootstrap (replicates, and those that could not be fitted) or the delta method. */
    uncertainty: { method: 'pair bootstrap' | 'delta method'; replicates: number; failed: number };
    /** Stated verdicts by kind. */
    flagged: { overCosted: string[]; underCosted: string[]; unsettled: string[]; notExercised: string[] };
    /** How flags are decided: Benjamini–Hochberg at this false discovery rate (1 − confidence). */
    falseDiscoveryRate: number;
    /** |z| at which this sweep's Benjamini–Hochberg procedure flags. */
    flagThreshold: number;
    /** Replication probability a call needs to be stated; usage below which a feature is not exercised. */
    replicationLevel: number;
    usageFloor: number;
    /** Empirical-Bayes spread of fair costs around printed ones (points): the shrinkage of suggested costs. */
    tau: number;
    /** Stated mis-prices, largest in points (printed − suggested) first. */
    mostMispriced: { id: string; label: string; flag: 'over-costed' | 'under-costed'; printed: number; fair: number; suggested: number; qValue: number; replication: number }[];
  };
  elapsedSeconds: number;
  /** With the sweep's "tiers": how each verdict agrees across the tiers, and every tier's fit (the top-level fit is the first tier's). */
  tiers?: TierSummary & { fits: { name: string; features: BalanceFeatureResult[]; fit: BalanceDoc['fit'] }[] };
}

/** What a played sweep gives analyzeBalance (structural: sim/sweep.ts's LoadedSweep and SweepData). */
export interface PlayedSweep {
  spec: { ruleset: string; seed: number; pairs: number; games_per_pair: number; confidence: number; bootstrap?: number; replication?: number; usage_floor?: number; scale?: PointScale };
  hash: string;
  sweep: { reference?: string; seat1?: string };
}
export interface SweepResult {
  features: BalanceInput['features'];
  meanCounts: readonly number[];
  rows: readonly BalanceRow[];
  usage: readonly (number | null)[];
  elapsedSeconds: number;
}

/** The balance input of a played sweep (`seed` when the sweep was played on another seed than its own). */
export function sweepBalanceInput(ls: PlayedSweep, data: SweepResult, version: string, seed = ls.spec.seed): BalanceInput {
  const s = ls.spec;
  return {
    ruleset: s.ruleset, version, sweepHash: ls.hash, sweep: s, seed, pairs: s.pairs, gamesPerPair: s.games_per_pair, confidence: s.confidence,
    features: data.features, meanCounts: data.meanCounts, rows: data.rows, elapsedSeconds: data.elapsedSeconds,
    bootstrap: s.bootstrap, replication: s.replication, usage: data.usage, usageFloor: s.usage_floor, scale: s.scale,
    reference: ls.sweep.reference, seat1: ls.sweep.seat1,
  };
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
  const B = inp.bootstrap ?? BALANCE_DEFAULTS.bootstrap;
  const level = inp.replication ?? BALANCE_DEFAULTS.replication;
  const floor = inp.usageFloor ?? BALANCE_DEFAULTS.usageFloor;
  const { cols, dependent } = identifiableColumns(fittedColumns(inp.features.length, inp.rows), inp.rows);
  const scale = inp.scale ?? BALANCE_DEFAULTS.scale;
  const { fit, fc } = fitBalance(inp.features, cols, inp.rows, inp.confidence, scale, inp.meanCounts);
  const z = zFor(inp.confidence);
  let lambdaSe = fc.lambdaSe, failed = 0;
  if (B > 0) {
    const bs = pairBootstrap(inp.features, cols, inp.rows, inp.confidence, B, inp.seed, scale, inp.meanCounts);
    failed = bs.failed;
    fc.rows.forEach((r, c) => {
      if (!(bs.se[c] > 0)) return; // too few replicates fitted: keep the delta method's
      r.interval = [r.fairCost - z * bs.se[c], r.fairCost + z * bs.se[c]];
      r.se = bs.coefficientSe[c];
    });
    if (bs.lambdaSe > 0) lambdaSe = bs.lambdaSe;
  }
  const totals = rowTotals(inp.rows), games = totals.games;
  const fdr = 1 - inp.confidence;
  const v = verdicts(fc.rows, z, fdr);
  const threshold = bhThreshold(fdr, fc.rows.filter((r) => r.flag !== 'ok').length, fc.rows.length);
  const partners = collinearPartners(cols, inp.rows);
  const features = fc.rows.map((r, c): BalanceFeatureResult => {
    const j = cols[c];
    const testFlag = r.flag;
    const usage = inp.usage?.[j] ?? null;
    const rep = usage !== null && usage < floor
      ? { verdict: 'not exercised' as const, replication: 1, lean: null, gamesToSettle: null }
      : replicate(v.rows[c].z, testFlag, threshold, level, games);
    const notUsed = rep.verdict === 'not exercised';
    const suggestedCost = notUsed ? r.cost : v.rows[c].suggestedCost;
    const partner = partners[c];
    const together = partner && `its count moves with ${inp.features[partner.col].id}'s (correlation ${partner.r.toFixed(2)} over the sweep's rosters), so the sweep can hardly tell the two apart and their fair costs trade off against each other; draw them independently (or fit only one) to price each`;
    const note = notUsed ? `used ${usage!.toFixed(3)} times per unit per game by these players (floor ${floor}): its fair cost is the players', not the rule's; keep the printed cost until a player uses it`
      : [v.rows[c].note, together].filter(Boolean).join('; ') || null;
    return { ...r, ...v.rows[c], suggestedCost, note, ...rep, flag: rep.verdict, testFlag, meanCount: inp.meanCounts[j], usage };
  });
  const named = (f: BalanceVerdict) => features.filter((x) => x.verdict === f).map((x) => x.id);
  const mostMispriced = features
    .filter((f) => f.verdict === 'over-costed' || f.verdict === 'under-costed')
    .sort((a, b) => Math.abs(b.cost - b.suggestedCost) - Math.abs(a.cost - a.suggestedCost) || a.qValue - b.qValue)
    .map((f) => ({ id: f.id, label: f.label, flag: f.verdict as 'over-costed' | 'under-costed', printed: f.cost, fair: f.fairCost, suggested: f.suggestedCost, qValue: f.qValue, replication: f.replication }));
  return {
    schema: BALANCE_SCHEMA,
    ...sweepDocHeader(inp, games),
    features,
    notFitted: inp.features.filter((_, j) => !cols.includes(j) && !dependent.includes(j)).map((f) => f.id),
    notIdentified: dependent.map((j) => inp.features[j].id),
    fit: {
      model: 'logit P(seat 1 wins; a draw counts 1/2) = intercept + Σ_k β_k (n_seat1,k − n_seat2,k); fair_k = β_k / λ, λ = the point scale (robust: Huber M-estimate of β = λ·cost over the priced features; anchors: GLS over the consistently priced features, each judged leave-one-out; roster: Σ meanCount·β / Σ meanCount·cost); SEs: bootstrap over roster pairs of the whole fit; flags: Benjamini–Hochberg over all features at FDR 1 − confidence; stated only when a fresh sweep of this size would repeat the call with probability ≥ replicationLevel, else unsettled; suggested cost: empirical-Bayes shrinkage of fair_k toward the printed cost',
      lambda: fc.lambda,
      lambdaSe,
      scale,
      droppedFromScale: fc.dropped,
      intercept: fit.beta[0],
      interceptSe: fit.se[0],
      iterations: fit.iterations,
      converged: fit.converged,
      deviance: fit.deviance,
      nullDeviance: fit.nullDeviance,
      dispersion: fit.dispersion,
      rows: inp.rows.length,
      seat1WinRate: totals.seat1WinRate,
      drawRate: totals.drawRate,
      uncertainty: { method: B > 0 ? 'pair bootstrap' : 'delta method', replicates: B, failed },
      flagged: { overCosted: named('over-costed'), underCosted: named('under-costed'), unsettled: named('unsettled'), notExercised: named('not exercised') },
      falseDiscoveryRate: fdr,
      flagThreshold: threshold,
      replicationLevel: level,
      usageFloor: floor,
      tau: v.tau,
      mostMispriced,
    },
    elapsedSeconds: inp.elapsedSeconds,
  };
}

/** 21938 → "22,000": two significant figures. */
function roughly(n: number): string {
  const p = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return (Math.round(n / p) * p).toLocaleString('en-US');
}

/** The stdout table of `squadsim balance`. */
export function balanceTable(doc: BalanceDoc | ReferenceBalanceDoc): string {
  if (isReferenceDoc(doc)) return referenceTable(doc);
  const f1 = (v: number): string => v.toFixed(1);
  const fit = doc.fit;
  const stated = (f: BalanceFeatureResult): string =>
    f.verdict === 'ok' ? '' : f.verdict === 'unsettled' ? `unsettled${f.lean ? ` (leans ${f.lean.replace('-costed', '')})` : ''}` : f.verdict;
  const rows = [
    ['feature', 'group', 'printed', 'fair', `${Math.round(doc.confidence * 100)}% interval`, 'q', 'verdict', 'holds', 'suggested', 'per roster', 'uses/game'],
    ...doc.features.map((f) => [
      f.id, f.group, String(f.cost), f1(f.fairCost), `${f1(f.interval[0])} – ${f1(f.interval[1])}`, f.qValue < 0.001 ? '<0.001' : f.qValue.toFixed(3),
      stated(f), `${Math.round(100 * f.replication)}%`, f1(f.suggestedCost), f.meanCount.toFixed(2), f.usage === null ? '' : f.usage.toFixed(2),
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((v, c) => (c < 2 || c === 6 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  const unsettled = doc.features.filter((f) => f.verdict === 'unsettled' && f.gamesToSettle !== null);
  const dropped = fit.droppedFromScale;
  return [
    `${doc.ruleset} balance: ${doc.pairs} roster pairs x 2 seats x ${doc.gamesPerPair} games = ${doc.games} games, seed ${doc.seed}`,
    '',
    ...rows.map(line),
    '',
    `lambda (logit per point) ${fit.lambda.toFixed(5)} ± ${fit.lambdaSe.toFixed(5)}; seat-1 intercept ${fit.intercept.toFixed(3)} ± ${fit.interceptSe.toFixed(3)}; dispersion ${fit.dispersion.toFixed(2)}; ${fit.converged ? 'converged' : 'NOT converged'} in ${fit.iterations} iterations`,
    `uncertainty: ${fit.uncertainty.method === 'pair bootstrap' ? `bootstrap over roster pairs, ${fit.uncertainty.replicates} replicates${fit.uncertainty.failed ? ` (${fit.uncertainty.failed} could not be fitted)` : ''}` : 'delta method (bootstrap 0)'}`,
    `mis-priced (Benjamini–Hochberg at false discovery rate ${Math.round(100 * fit.falseDiscoveryRate)}%, and a fresh sweep of this size repeats the call with probability ≥ ${Math.round(100 * fit.replicationLevel)}%; largest first): ${fit.mostMispriced.map((m) => `${m.id} ${m.flag} (printed ${m.printed}, suggested ${m.suggested.toFixed(1)})`).join('; ') || 'none'}`,
    ...(unsettled.length ? [`unsettled (a fresh seed could call these either way): ${unsettled.map((f) => `${f.id} leans ${f.lean} (about ${roughly(f.gamesToSettle!)} games to settle)`).join('; ')}`] : []),
    ...(fit.flagged.notExercised.length ? [`not exercised by these players, so they cannot be priced (fewer than ${fit.usageFloor} uses per unit per game): ${doc.features.filter((f) => f.verdict === 'not exercised').map((f) => `${f.id} ${f.usage!.toFixed(3)}`).join(', ')}`] : []),
    `suggested costs are shrunk toward the printed ones (empirical Bayes, spread τ = ${fit.tau.toFixed(1)} points)`,
    ...doc.features.filter((f) => f.note).map((f) => `note: ${f.id}: ${f.note}`),
    dropped.length
      ? `point scale (${fit.scale}): set by the priced features whose prices agree with each other; ${dropped.length} of ${doc.features.filter((f) => f.cost > 0).length} ${fit.scale === 'robust' ? 'were down-weighted' : 'were left out'} as inconsistent with the rest, so a mis-priced one cannot skew the others' fair costs: ${dropped.join(', ')}. Many of them means the printed costs disagree widely with play.`
      : `point scale (${fit.scale}): ${fit.scale === 'roster' ? 'one point is what the average roster\'s points buy' : 'set by every priced feature'}`,
    ...(doc.notFitted.length ? [`not fitted (never differed): ${doc.notFitted.join(', ')}`] : []),
    ...(doc.notIdentified?.length ? [`not fitted (a fixed combination of the others, e.g. always one of two kinds, so no sweep can tell them apart; fit fewer or draw them independently): ${doc.notIdentified.join(', ')}`] : []),
    '',
  ].join('\n');
}
