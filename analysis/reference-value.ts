/**
 * Balance where a game prints no points (issue 28; docs/balance.md): every feature is valued
 * against a named reference feature of the ruleset, whose value is 0 by definition.
 *
 * Iron Squad's forces are the Captain plus 4 different types of 6, so the two forces' count
 * differences always sum to 0 over the 6 types: a common shift of all β leaves every
 * prediction unchanged, and only contrasts are identified. Dropping the reference's column
 * from the logistic fit (analysis/logistic.ts) fixes β_reference = 0, so
 *
 *     logit P(seat 1 wins; a draw counts 1/2) = α + Σ_{k ≠ ref} β_k (n_seat1,k − n_seat2,k)
 *
 * and β_k is the logit worth of fielding one k instead of one reference unit, the opponent
 * unchanged. Near an even game the logistic curve's slope is 1/4, so that swap moves seat 1's
 * win rate by about 100·β_k/4 percentage points. Each β_k is tested against 0 (two-sided p)
 * and flagged stronger or weaker than the reference when its Benjamini–Hochberg q is at most
 * 1 − confidence, as the fair-cost verdicts are (analysis/verdicts.ts). As there, SEs come
 * from the bootstrap over roster pairs and a flag is stated only when a fresh sweep would
 * repeat it with probability ≥ the replication level (analysis/replication.ts), else unsettled.
 */
import { BALANCE_DEFAULTS, fittedColumns, fitWinModel, identifiableColumns, rowTotals, sweepDocHeader, type SweepDocHeader } from './balance-fit.ts';
import { resamplePairs, robustSd } from './balance-bootstrap.ts';
import { zFor } from './fair-cost.ts';
import { bhThreshold, replicateCall } from './replication.ts';
import { twoSidedP } from './stat-tests.ts';
import { bhAdjust } from './verdicts.ts';
import type { BalanceInput } from './balance.ts';

export const REFERENCE_SCHEMA = 'squadsim.balance-reference/1';

export type ReferenceFlag = 'stronger than reference' | 'weaker than reference' | 'ok' | 'unsettled';

export interface ReferenceValue {
  id: string;
  label: string;
  group: string;
  /** Mean number per random force. */
  meanCount: number;
  /** β_k: logit change from fielding one of it instead of one reference unit. */
  coefficient: number;
  se: number;
  /** β_k ± z·SE (logit). */
  interval: [number, number];
  /** 100·β_k/4: seat 1's win-rate change in percentage points near an even game. */
  winPoints: number;
  winPointsInterval: [number, number];
  /** β_k / SE. */
  z: number;
  pValue: number;
  /** Benjamini–Hochberg adjusted p-value over the fitted features. */
  qValue: number;
  /** The stated call: stronger or weaker only when a fresh sweep would likely repeat it. */
  flag: ReferenceFlag;
  /** The Benjamini–Hochberg test's own call on this sweep. */
  testFlag: Exclude<ReferenceFlag, 'unsettled'>;
  /** Probability that a fresh sweep of this size makes the test's call again. */
  replication: number;
}

export interface ReferenceBalanceDoc extends SweepDocHeader {
  schema: typeof REFERENCE_SCHEMA;
  /** The feature every value is stated against (value 0 by definition). */
  reference: { id: string; label: string; meanCount: number };
  /** Every fitted feature but the reference, in the ruleset's order. */
  features: ReferenceValue[];
  /** Features left out of the fit because their count never differed between the two forces. */
  notFitted: string[];
  /** Every fitted feature and the reference, highest value first. */
  ranking: { id: string; label: string; winPoints: number }[];
  fit: {
    model: string;
    /** Seat-1 advantage at equal forces (logit), its SE, and ≈ win-rate points (100·α/4). */
    intercept: number;
    interceptSe: number;
    interceptWinPoints: number;
    /** What seat 1 is in this ruleset (e.g. Iron Squad's USA moves first), or null. */
    seat1: string | null;
    iterations: number;
    converged: boolean;
    deviance: number;
    nullDeviance: number;
    /** Pearson χ²/df; standard errors are scaled by √max(1, dispersion). */
    dispersion: number;
    rows: number;
    seat1WinRate: number;
    drawRate: number;
    falseDiscoveryRate: number;
    uncertainty: { method: 'pair bootstrap' | 'delta method'; replicates: number; failed: number };
    replicationLevel: number;
    flagged: { stronger: string[]; weaker: string[]; unsettled: string[] };
  };
  elapsedSeconds: number;
}

export function isReferenceDoc(doc: { schema: string }): doc is ReferenceBalanceDoc {
  return doc.schema === REFERENCE_SCHEMA;
}

const pts = (logit: number): number => (100 * logit) / 4;

/** Fits the win model without the reference's column. Throws RangeError when the data cannot identify it. */
export function analyzeReferenceBalance(inp: BalanceInput & { reference: string }): ReferenceBalanceDoc {
  const ref = inp.features.findIndex((f) => f.id === inp.reference);
  if (ref < 0) throw new RangeError(`the reference ${JSON.stringify(inp.reference)} is not one of the features`);
  const fitted = fittedColumns(inp.features.length, inp.rows);
  const { cols } = identifiableColumns(fitted.filter((j) => j !== ref), inp.rows);
  const totals = rowTotals(inp.rows), games = totals.games;
  const n = inp.rows.length;
  const fit = fitWinModel(cols, inp.rows);
  const B = inp.bootstrap ?? BALANCE_DEFAULTS.bootstrap;
  const level = inp.replication ?? BALANCE_DEFAULTS.replication;
  const se = cols.map((_, c) => fit.se[c + 1]);
  let failed = 0;
  if (B > 0) {
    const betas: number[][] = cols.map(() => []);
    failed = resamplePairs(inp.rows, B, inp.seed, (sample) => fitWinModel(cols, sample).beta.forEach((b, c) => c > 0 && betas[c - 1].push(b)));
    betas.forEach((v, c) => { const s2 = robustSd(v); if (s2 > 0) se[c] = s2; });
  }
  const z = zFor(inp.confidence);
  const fdr = 1 - inp.confidence;
  const zs = cols.map((_, c) => (se[c] > 0 ? fit.beta[c + 1] / se[c] : 0));
  const q = bhAdjust(zs.map((v) => twoSidedP(v)));
  const threshold = bhThreshold(fdr, q.filter((v) => v <= fdr).length, cols.length);
  const features = cols.map((j, c): ReferenceValue => {
    const f = inp.features[j], b = fit.beta[c + 1];
    const interval: [number, number] = [b - z * se[c], b + z * se[c]];
    const call = q[c] <= fdr ? (b > 0 ? 1 : -1) : 0;
    const testFlag = call > 0 ? 'stronger than reference' : call < 0 ? 'weaker than reference' : 'ok';
    const rep = replicateCall(zs[c], call, threshold, level, games);
    return {
      id: f.id, label: f.label, group: f.group, meanCount: inp.meanCounts[j],
      coefficient: b, se: se[c], interval, winPoints: pts(b), winPointsInterval: [pts(interval[0]), pts(interval[1])],
      z: zs[c], pValue: twoSidedP(zs[c]), qValue: q[c],
      flag: rep.stated ? testFlag : 'unsettled', testFlag, replication: rep.replication,
    };
  });
  const rf = inp.features[ref];
  const ranking = [...features.map((f) => ({ id: f.id, label: f.label, winPoints: f.winPoints })), { id: rf.id, label: rf.label, winPoints: 0 }]
    .sort((a, b) => b.winPoints - a.winPoints);
  return {
    schema: REFERENCE_SCHEMA,
    ...sweepDocHeader(inp, games),
    reference: { id: rf.id, label: rf.label, meanCount: inp.meanCounts[ref] },
    features,
    notFitted: inp.features.filter((_, j) => j !== ref && !cols.includes(j)).map((f) => f.id),
    ranking,
    fit: {
      model: `logit P(seat 1 wins; a draw counts 1/2) = intercept + Σ_{k ≠ ${rf.id}} β_k (n_seat1,k − n_seat2,k); β_${rf.id} = 0 by definition, so β_k is the worth of fielding one k instead of one ${rf.label}; win-rate points ≈ 100·β/4 (the slope near an even game); flags: Benjamini–Hochberg over the fitted features at FDR 1 − confidence`,
      intercept: fit.beta[0],
      interceptSe: fit.se[0],
      interceptWinPoints: pts(fit.beta[0]),
      seat1: inp.seat1 ?? null,
      iterations: fit.iterations,
      converged: fit.converged,
      deviance: fit.deviance,
      nullDeviance: fit.nullDeviance,
      dispersion: fit.dispersion,
      rows: n,
      seat1WinRate: totals.seat1WinRate,
      drawRate: totals.drawRate,
      falseDiscoveryRate: fdr,
      uncertainty: { method: B > 0 ? 'pair bootstrap' : 'delta method', replicates: B, failed },
      replicationLevel: level,
      flagged: {
        stronger: features.filter((f) => f.flag === 'stronger than reference').map((f) => f.id),
        weaker: features.filter((f) => f.flag === 'weaker than reference').map((f) => f.id),
        unsettled: features.filter((f) => f.flag === 'unsettled').map((f) => f.id),
      },
    },
    elapsedSeconds: inp.elapsedSeconds,
  };
}

/** The stdout table of `squadsim balance` for a reference sweep. */
export function referenceTable(doc: ReferenceBalanceDoc): string {
  const sign = (v: number, d = 1): string => (v > 0 ? '+' : v < 0 ? '−' : '') + Math.abs(v).toFixed(d);
  const fq = (v: number): string => (v < 0.001 ? '<0.001' : v.toFixed(3));
  const ref = doc.reference, conf = `${Math.round(doc.confidence * 100)}% interval`;
  const rows = [
    ['type', `value vs ${ref.label}, win-rate points`, conf, 'logit β', 'SE', 'q', 'flag', 'holds', 'per force'],
    ...doc.features.map((f) => [
      f.id, sign(f.winPoints), `${sign(f.winPointsInterval[0])} – ${sign(f.winPointsInterval[1])}`, sign(f.coefficient, 3), f.se.toFixed(3),
      fq(f.qValue), f.flag === 'ok' ? '' : f.flag === 'unsettled' ? `unsettled (leans ${f.testFlag.split(' ')[0]})` : f.flag, `${Math.round(100 * f.replication)}%`, f.meanCount.toFixed(2),
    ]),
    [ref.id, '0', '(reference)', '0', '', '', '', '', ref.meanCount.toFixed(2)],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((v, c) => (c === 0 || c === 6 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  const fit = doc.fit;
  return [
    `${doc.ruleset} balance: ${doc.pairs} force pairs x 2 seats x ${doc.gamesPerPair} games = ${doc.games} games, seed ${doc.seed}`,
    `no printed points: each type is valued against the reference unit, the ${ref.label} (0 by definition): the change in seat 1's win rate,`,
    `in percentage points near an even game (≈ 100·β/4), from fielding one of it instead of a ${ref.label}, the opponent unchanged`,
    '',
    ...rows.map(line),
    '',
    `ranking: ${doc.ranking.map((r) => `${r.id} ${sign(r.winPoints)}`).join(' > ')}`,
    `flagged (Benjamini–Hochberg, false discovery rate ${Math.round(100 * fit.falseDiscoveryRate)}%, and a fresh sweep repeats it with probability ≥ ${Math.round(100 * fit.replicationLevel)}%): stronger than the ${ref.label}: ${fit.flagged.stronger.join(', ') || 'none'}; weaker: ${fit.flagged.weaker.join(', ') || 'none'}${fit.flagged.unsettled.length ? `; unsettled: ${fit.flagged.unsettled.join(', ')}` : ''}`,
    `uncertainty: ${fit.uncertainty.method === 'pair bootstrap' ? `bootstrap over force pairs, ${fit.uncertainty.replicates} replicates` : 'delta method (bootstrap 0)'}`,
    `seat-1 intercept ${sign(fit.intercept, 3)} ± ${fit.interceptSe.toFixed(3)} logit (≈ ${sign(fit.interceptWinPoints)} win-rate points at equal forces)${fit.seat1 ? `: ${fit.seat1}` : ''}; seat 1 won ${(100 * fit.seat1WinRate).toFixed(1)}%, draws ${(100 * fit.drawRate).toFixed(1)}%`,
    `dispersion ${fit.dispersion.toFixed(2)}; ${fit.converged ? 'converged' : 'NOT converged'} in ${fit.iterations} iterations`,
    ...(doc.notFitted.length ? [`not fitted (never differed): ${doc.notFitted.join(', ')}`] : []),
    '',
  ].join('\n');
}
