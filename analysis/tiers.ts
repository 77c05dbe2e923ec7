/**
 * Balance across player tiers (issue 28): the same sweep (same rosters, same dice) fitted
 * under two or more pairs of players, and each verdict labelled by whether it holds for all
 * of them. A price measured with one player is that player's price; a call every tier makes
 * is a call about the unit.
 */
import type { BalanceDoc } from './balance.ts';

export type TierAgreement = 'holds for every tier' | 'depends on the players' | 'contradicted' | 'ok for every tier';

export interface TierFeature {
  id: string;
  label: string;
  printed: number;
  /** Per tier, in the sweep's tier order. */
  fair: number[];
  verdicts: string[];
  agreement: TierAgreement;
}

export interface TierSummary {
  names: string[];
  features: TierFeature[];
  /** Stated calls every tier makes, largest mis-price (mean over tiers) first. */
  robust: { id: string; flag: string; printed: number; fair: number[] }[];
}

const stated = (v: string): boolean => v === 'over-costed' || v === 'under-costed';

/** Labels each feature of the first tier's fit by how the tiers' verdicts agree. */
export function combineTiers(names: readonly string[], docs: readonly BalanceDoc[]): TierSummary {
  const features = docs[0].features.map((f): TierFeature => {
    const rows = docs.map((d) => d.features.find((x) => x.id === f.id));
    const verdicts = rows.map((r) => r?.verdict ?? 'not fitted');
    const calls = new Set(verdicts.filter(stated));
    const agreement: TierAgreement = calls.size > 1 ? 'contradicted'
      : calls.size === 1 && verdicts.every(stated) ? 'holds for every tier'
      : calls.size === 1 ? 'depends on the players'
      : 'ok for every tier';
    return { id: f.id, label: f.label, printed: f.cost, fair: rows.map((r) => r?.fairCost ?? NaN), verdicts, agreement };
  });
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const robust = features
    .filter((f) => f.agreement === 'holds for every tier')
    .sort((a, b) => Math.abs(mean(b.fair) - b.printed) - Math.abs(mean(a.fair) - a.printed))
    .map((f) => ({ id: f.id, flag: f.verdicts[0], printed: f.printed, fair: f.fair }));
  return { names: [...names], features, robust };
}

/** The stdout table of a tiered balance run. */
export function tiersTable(t: TierSummary, docs: readonly BalanceDoc[]): string {
  const short = (v: string) => (v === 'ok' ? 'ok' : v === 'not exercised' ? 'not used' : v);
  const rows = [
    ['feature', 'printed', ...t.names.map((n) => `fair (${n})`), ...t.names.map((n) => `verdict (${n})`), 'across tiers'],
    ...t.features.map((f) => [f.id, String(f.printed), ...f.fair.map((v) => v.toFixed(1)), ...f.verdicts.map(short), f.agreement === 'ok for every tier' ? '' : f.agreement]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const n = t.names.length;
  const left = (c: number) => c === 0 || c >= 2 + n;
  const line = (r: string[]) => r.map((v, c) => (left(c) ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  return [
    `${docs[0].ruleset} balance across ${n} player tiers (${t.names.join(', ')}): the same ${docs[0].pairs} roster pairs and dice under each, ${docs.reduce((s, d) => s + d.games, 0)} games`,
    '',
    ...rows.map(line),
    '',
    `mis-priced for every tier (largest first): ${t.robust.map((r) => `${r.id} ${r.flag} (printed ${r.printed}, fair ${r.fair.map((v) => v.toFixed(1)).join(' / ')})`).join('; ') || 'none'}`,
    `depends on the players (stated for some tiers only): ${t.features.filter((f) => f.agreement === 'depends on the players').map((f) => f.id).join(', ') || 'none'}`,
    ...(t.features.some((f) => f.agreement === 'contradicted') ? [`contradicted (over-costed for one tier, under-costed for another): ${t.features.filter((f) => f.agreement === 'contradicted').map((f) => f.id).join(', ')}`] : []),
    '',
  ].join('\n');
}
