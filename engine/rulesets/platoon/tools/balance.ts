/**
 * `squadsim balance` for Platoon (issue 28): random legal armies at a points budget, and the
 * features (unit kinds at Regular and the bought upgrades) the win model is fitted on. Feature
 * ids are the keys of `rules.cost_overrides`, so a sweep's overrides and its fitted fair costs
 * speak the same language. Every cost in the R22 catalogue is ASSUMED: this is how to tune it.
 */
import { z } from 'zod';
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import type { BalanceFeature, BalanceProvider, BalanceSpec, BalanceSweep } from '../../../ruleset.ts';
import { KINDS, KIND_IDS, Prices, SECTION_MAX, SECTION_MIN, unknownCostKey, UPGRADE_IDS, UPGRADE_MAX } from '../data/catalogue.ts';
import { MAX_UNITS_PER_SIDE } from '../data/roster.ts';
import { platoonRulesSchema } from '../data/params.ts';

/** The kinds the shipped armies field: the default pool of random armies. */
const DEFAULT_KINDS = [
  'infantry-section', 'second-lieutenant', 'first-lieutenant', 'mmg-team', 'hmg-team', 'light-mortar-team', 'medium-mortar-team',
  'bazooka-team', 'piat-team', 'panzerschreck-team', 'flamethrower-team', 'light-at-gun', 'medium-at-gun', 'light-howitzer',
  'armoured-car', 'light-tank', 'medium-tank',
] as const;
/** Section upgrades a random army buys (the other two, assault and automatic rifles, are nation kit left to a sweep's own list). */
const SECTION_UPGRADES = ['extra-man', 'smg', 'lmg', 'panzerfaust'] as const;

const budgetSchema = z.strictObject({
  points: z.number().int().min(100).max(10000).default(1000).describe('Points each random army may cost (rules.army_points of every game).'),
  band: z.number().min(0).max(0.9).default(0.15).describe('Each army spends at most a budget drawn uniformly from [(1 − band)·points, points].'),
});
const rosterOptionsSchema = z.strictObject({
  kinds: z.array(z.enum(KIND_IDS as [string, ...string[]])).min(1).default([...DEFAULT_KINDS]).describe('Unit kinds random armies draw from (at Regular quality).'),
  officer: z.boolean().default(true).describe('Every army has at least one officer (its first unit), as the shipped ones do.'),
});
const featuresSchema = z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]).default('all');

interface Plan {
  prices: Prices;
  kinds: number[];
  officers: number[];
  officer: boolean;
  points: number;
  band: number;
}

type Entry = { unit: string; quality: 'regular'; men?: number; smg?: number; lmg?: number; panzerfaust?: number; attendants?: number };

const UPGRADE_LABELS: Record<string, string> = {
  'extra-man': 'Extra man in a section', attendant: 'Officer\'s attendant', smg: 'SMG upgrade', assault_rifle: 'Assault rifle upgrade',
  auto_rifle: 'Automatic rifle upgrade', lmg: 'LMG upgrade', panzerfaust: 'Panzerfaust', truck_mmg: 'Truck MMG',
};

function labelOf(id: string): string {
  return UPGRADE_LABELS[id] ?? id.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

function prepare(spec: BalanceSpec): BalanceSweep {
  const budget = parseOrThrow(budgetSchema, spec.budget ?? {}, ['budget']);
  const opts = parseOrThrow(rosterOptionsSchema, spec.roster ?? {}, ['roster']);
  const overrides = parseOrThrow(z.record(z.string(), z.number().int().min(0).max(2000)).default({}), spec.cost_overrides, ['cost_overrides']);
  const bad = unknownCostKey(overrides);
  if (bad) throw new ConfigError(`cost_overrides.${bad}`, overrides[bad], `is not a unit kind or upgrade; expected one of ${[...KIND_IDS, ...UPGRADE_IDS].join(', ')}`);
  const rawRules = (spec.rules ?? {}) as Record<string, unknown>;
  for (const k of ['army_points', 'cost_overrides']) {
    if (rawRules !== null && typeof rawRules === 'object' && k in rawRules) {
      throw new ConfigError(`rules.${k}`, rawRules[k], `is set by the sweep; use ${k === 'army_points' ? 'budget.points' : 'the top-level "cost_overrides"'} instead`);
    }
  }
  parseOrThrow(platoonRulesSchema, { ...rawRules, army_points: budget.points, cost_overrides: overrides }, ['rules']);
  const prices = new Prices(overrides);
  const kinds = opts.kinds.map((id) => KIND_IDS.indexOf(id));
  const officers = kinds.filter((k) => KINDS[k].rank > 0);
  if (opts.officer && officers.length === 0) throw new ConfigError('roster.kinds', opts.kinds, 'names no officer, but roster.officer is true');
  const usable = [...opts.kinds, ...(kinds.includes(0) ? SECTION_UPGRADES : []), ...(officers.length > 0 ? ['attendant'] : [])];
  const raw = parseOrThrow(featuresSchema, spec.features, ['features']);
  const ids = raw === 'all' ? usable : raw;
  ids.forEach((id, i) => {
    if (!usable.includes(id)) throw new ConfigError(`features[${i}]`, id, `is not drawn by these random armies; expected one of ${usable.join(', ')}`);
  });
  const features: BalanceFeature[] = ids.map((id) => ({
    id, label: labelOf(id), group: KIND_IDS.includes(id) ? 'types' : 'upgrades', cost: prices.regular(id), pool: '',
  }));
  const plan: Plan = { prices, kinds, officers, officer: opts.officer, points: budget.points, band: budget.band };
  const index = new Map(ids.map((id, k) => [id, k]));
  return {
    features,
    forceField: 'army',
    rules: { army_points: budget.points, cost_overrides: overrides },
    randomRoster: (rand) => randomArmy(plan, rand),
    featureCounts: (army) => featureCounts(index, army as Entry[]),
  };
}

/** A random legal army: an officer first (when asked), then random kinds while the budget lasts, each section with random upgrades. */
function randomArmy(plan: Plan, rand: () => number): Entry[] {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  let left = plan.points - Math.floor(rand() * (Math.floor(plan.band * plan.points) + 1));
  const army: Entry[] = [];
  const add = (k: number): boolean => {
    const e = dress(plan, k, left, rand);
    const c = cost(plan, e);
    if (c > left) return false;
    left -= c;
    army.push(e);
    return true;
  };
  if (plan.officer) add(pick(plan.officers));
  while (army.length < MAX_UNITS_PER_SIDE) {
    const options = plan.kinds.filter((k) => plan.prices.kind(k, 1) <= left);
    if (options.length === 0 || !add(pick(options))) break;
  }
  return army;
}

/** Kind k with random options a Regular unit of it may buy, within `left` points. */
function dress(plan: Plan, k: number, left: number, rand: () => number): Entry {
  const e: Entry = { unit: KIND_IDS[k], quality: 'regular' };
  const p = plan.prices, room = () => left - cost(plan, e);
  const upTo = (n: number, each: number) => Math.min(n, Math.floor(Math.max(0, room()) / Math.max(each, 1e-9)));
  if (k === 0) {
    e.men = SECTION_MIN + Math.floor(rand() * (upTo(SECTION_MAX - SECTION_MIN, p.extraMan(1)) + 1));
    e.lmg = Math.floor(rand() * (upTo(UPGRADE_MAX.lmg, p.upgrade('lmg')) + 1));
    e.smg = Math.floor(rand() * (upTo(Math.min(UPGRADE_MAX.smg, e.men - 2 * e.lmg), p.upgrade('smg')) + 1));
    e.panzerfaust = Math.floor(rand() * (upTo(UPGRADE_MAX.panzerfaust, p.upgrade('panzerfaust')) + 1));
  } else if (KINDS[k].rank > 0) {
    e.attendants = Math.floor(rand() * (upTo(UPGRADE_MAX.attendants, p.attendant(1)) + 1));
  }
  return e;
}

function cost(plan: Plan, e: Entry): number {
  const p = plan.prices, k = KIND_IDS.indexOf(e.unit);
  return p.kind(k, 1) + ((e.men ?? SECTION_MIN) - SECTION_MIN) * p.extraMan(1) + (e.smg ?? 0) * p.upgrade('smg') + (e.lmg ?? 0) * p.upgrade('lmg')
    + (e.panzerfaust ?? 0) * p.upgrade('panzerfaust') + (e.attendants ?? 0) * p.attendant(1);
}

function featureCounts(index: Map<string, number>, army: Entry[]): number[] {
  const out = new Array<number>(index.size).fill(0);
  const bump = (id: string, n: number) => { const j = index.get(id); if (j !== undefined) out[j] += n; };
  for (const e of army) {
    bump(e.unit, 1);
    bump('extra-man', (e.men ?? SECTION_MIN) - (e.unit === 'infantry-section' ? SECTION_MIN : e.men ?? SECTION_MIN));
    bump('smg', e.smg ?? 0);
    bump('lmg', e.lmg ?? 0);
    bump('panzerfaust', e.panzerfaust ?? 0);
    bump('attendant', e.attendants ?? 0);
  }
  return out;
}

export const platoonBalance: BalanceProvider = { prepare };
