/**
 * `squadsim balance SWEEP --reprice` (issue 28): fit → new prices → verify, each round on a
 * fresh seed, until a sweep states no mis-priced feature or the round budget runs out.
 *
 * Each round plays the sweep at the current prices on its own seed (gameSeed(seed, round)),
 * so every round both checks the previous round's changes and proposes the next ones. A
 * round is clean when it states no mis-priced exercised feature (unsettled ones are reported,
 * not chased: a fresh seed would not reliably repeat them); otherwise at most `maxChanges`
 * flagged prices move, stated calls first (analysis/replication.ts: a fresh
 * seed would likely repeat them), then the largest mis-prices, to the rounded suggested cost
 * (at least 0; at most doubled or halved a round, nextPrice); not-exercised features keep
 * theirs. Changing one price
 * moves the point scale and so every other fair cost, so few at a time converges where all
 * at once overshoots. The result's prices are the last ones a round played and checked; a
 * proposal the budget left unplayed is reported, not applied.
 */
import { analyzeBalance, sweepBalanceInput, type BalanceDoc } from '../analysis/balance.ts';
import { ConfigError } from '../engine/errors.ts';
import { gameSeed } from '../engine/rng.ts';
import { loadSweepObject, runSweep, type LoadedSweep } from '../sim/sweep.ts';
import { packageVersion } from '../sim/paths.ts';

export const REPRICE_SCHEMA = 'squadsim.reprice/1';
export const REPRICE_FILE = 'reprice.json';
export const COSTS_FILE = 'cost-overrides.json';

export interface RepriceOptions {
  rounds: number;
  maxChanges: number;
  workers: number;
  progress: boolean;
  /** Called after each round with its one-line summary (stderr on a terminal). */
  onRound?: (line: string) => void;
}

export interface RepriceRound {
  round: number;
  seed: number;
  games: number;
  /** Flagged features at this round's prices (stated calls first, then unsettled), largest mis-price first. */
  stated: { id: string; flag: 'over-costed' | 'under-costed'; stated: boolean; printed: number; suggested: number }[];
  /** Features flagged over-costed at a price of 0 already: no price fixes them (look at the rule or the players). */
  atFloor: string[];
  /** Prices this round changed for the next one (empty on the last). */
  changes: { id: string; from: number; to: number }[];
}

export interface RepriceDoc {
  schema: typeof REPRICE_SCHEMA;
  version: string;
  ruleset: string;
  sweep: unknown;
  /** True when the last round played stated no mis-priced exercised feature at the prices below (unsettled ones and those over-costed at 0 aside). */
  verified: boolean;
  rounds: RepriceRound[];
  games: number;
  /** Changes the last round proposed that no round played (the budget ran out). */
  unplayed: { id: string; from: number; to: number }[];
  /** The sweep's cost overrides at the end: the prices the last round played. */
  costOverrides: Record<string, number>;
  /** Every fitted feature at those prices, from the last round: the interval beside each price. */
  features: { id: string; label: string; printed: number; original: number; fair: number; interval: [number, number]; verdict: string; replication: number }[];
  elapsedSeconds: number;
}

/** Runs the rounds. `raw` is the sweep file's object, `baseDir` its folder. */
export async function reprice(first: LoadedSweep, raw: Record<string, unknown>, baseDir: string, o: RepriceOptions): Promise<RepriceDoc> {
  if (first.spec.tiers) throw new ConfigError('tiers', first.spec.tiers.map((t) => t.name), 'is not for --reprice: reprice for one pair of players at a time ("policies")');
  if (first.sweep.reference !== undefined) {
    throw new ConfigError('--reprice', true, `needs printed costs; ${first.spec.ruleset} prints no points (its types are valued against ${first.sweep.reference})`);
  }
  const original = new Map(first.sweep.features.map((f) => [f.id, f.cost]));
  const costs: Record<string, number> = { ...((first.spec.cost_overrides as Record<string, number> | undefined) ?? {}) };
  const rounds: RepriceRound[] = [];
  let last: BalanceDoc | null = null, proposal: RepriceRound['changes'] = [], games = 0, elapsed = 0;
  for (let r = 1; r <= o.rounds; r++) {
    const seed = gameSeed(first.spec.seed, r);
    const ls = loadSweepObject({ ...raw, seed, cost_overrides: { ...costs } }, baseDir);
    const data = await runSweep(ls, { workers: o.workers, progress: o.progress });
    const doc = analyzeBalance(sweepBalanceInput(ls, data, packageVersion(), seed)) as BalanceDoc;
    games += data.games;
    elapsed += data.elapsedSeconds;
    last = doc;
    // Over-costed at 0 cannot get cheaper: a rule or player question, not a price (atFloor).
    const floor = doc.features.filter((f) => f.testFlag === 'over-costed' && f.cost <= 0 && f.verdict !== 'not exercised').map((f) => f.id);
    const stated = doc.features
      .filter((f) => f.testFlag !== 'ok' && f.verdict !== 'not exercised' && !floor.includes(f.id))
      .sort((a, b) => Number(b.verdict !== 'unsettled') - Number(a.verdict !== 'unsettled') || Math.abs(b.cost - b.suggestedCost) - Math.abs(a.cost - a.suggestedCost))
      .map((f) => ({ id: f.id, flag: f.testFlag as 'over-costed' | 'under-costed', stated: f.verdict !== 'unsettled', printed: f.cost, suggested: f.suggestedCost }));
    proposal = stated.slice(0, o.maxChanges).map((m) => ({ id: m.id, from: m.printed, to: nextPrice(m.printed, m.suggested, m.flag) }));
    rounds.push({ round: r, seed, games: data.games, stated, atFloor: floor, changes: r < o.rounds ? proposal : [] });
    o.onRound?.(`reprice round ${r}/${o.rounds} (seed ${seed}, ${data.games} games): ${stated.length} flagged (${stated.filter((x) => x.stated).length} stated)${
      proposal.length && r < o.rounds ? `; next: ${proposal.map((c) => `${c.id} ${c.from} -> ${c.to}`).join(', ')}` : ''}`);
    // Done when nothing is stated: an unsettled flag is one a fresh seed would not reliably
    // repeat, and chasing those churns cheap prices by a point at the noise floor.
    if (!stated.some((x) => x.stated)) break;
    if (r < o.rounds) for (const c of proposal) costs[c.id] = c.to;
  }
  const doc = last!;
  const verified = !rounds.at(-1)!.stated.some((x) => x.stated);
  return {
    schema: REPRICE_SCHEMA, version: packageVersion(), ruleset: first.spec.ruleset, sweep: first.spec, verified, rounds, games,
    unplayed: verified ? [] : proposal,
    costOverrides: costs,
    features: doc.features.map((f) => ({
      id: f.id, label: f.label, printed: f.cost, original: original.get(f.id) ?? f.cost, fair: f.fairCost, interval: f.interval, verdict: f.verdict, replication: f.replication,
    })),
    elapsedSeconds: elapsed,
  };
}

/**
 * The rounded suggestion, at least 0, and at least one point away from the current price in
 * the call's direction; but at most doubled or halved in one round (from a price under 10, at
 * most 10 points up), because a feature worth little at the margin (a second officer) can be
 * worth a lot once it is cheap enough to crowd out the rest, and a full jump overshoots: the
 * Platoon reprice swung its officers 75 → 0 → 147 before this limit.
 */
export function nextPrice(printed: number, suggested: number, flag: 'over-costed' | 'under-costed'): number {
  const to = Math.max(0, Math.round(suggested));
  if (flag === 'over-costed') return Math.max(0, Math.min(printed - 1, Math.max(to, Math.floor(printed / 2))));
  return Math.max(printed + 1, Math.min(to, Math.max(2 * printed, printed + 10)));
}

/** The stdout summary of a reprice run. */
export function repriceTable(doc: RepriceDoc): string {
  const changed = doc.features.filter((f) => f.printed !== f.original);
  const rows = [
    ['feature', 'printed before', 'proposed', 'fair', 'interval', 'verdict'],
    ...doc.features.map((f) => [f.id, String(f.original), f.printed === f.original ? '' : String(f.printed), f.fair.toFixed(1), `${f.interval[0].toFixed(1)} – ${f.interval[1].toFixed(1)}`, f.verdict === 'ok' ? '' : f.verdict]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]) => r.map((v, c) => (c === 0 || c === 5 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  return [
    `${doc.ruleset} reprice: ${doc.rounds.length} round${doc.rounds.length === 1 ? '' : 's'}, ${doc.games} games; ${doc.verified
      ? `verified: the last round (fresh seed ${doc.rounds.at(-1)!.seed}) states no mis-priced feature at these prices${doc.rounds.at(-1)!.stated.length ? ` (unsettled, a larger sweep may settle them: ${doc.rounds.at(-1)!.stated.map((x) => x.id).join(', ')})` : ''}`
      : `NOT verified: the round budget ran out with ${doc.rounds.at(-1)!.stated.filter((x) => x.stated).length} stated mis-prices left`}`,
    `${changed.length} price${changed.length === 1 ? '' : 's'} changed: ${changed.map((f) => `${f.id} ${f.original} -> ${f.printed}`).join(', ') || 'none'}`,
    ...(doc.unplayed.length ? [`proposed but not played (raise --rounds): ${doc.unplayed.map((c) => `${c.id} ${c.from} -> ${c.to}`).join(', ')}`] : []),
    ...(doc.rounds.at(-1)!.atFloor.length ? [`over-costed at 0 already, so no price fixes them (a rule or player question): ${doc.rounds.at(-1)!.atFloor.join(', ')}`] : []),
    '',
    ...rows.map(line),
    '',
  ].join('\n');
}
