/**
 * `squadsim balance` for Skill-die (issue 28): random legal rosters at a points budget, and the
 * features (unit types, weapons, kit) the win model is fitted on. Feature ids are the keys of
 * `rules.costs` (`average`, `lmg`, `radio`...: no id is in two groups), so a sweep's
 * cost_overrides and its fitted fair costs speak the same language. R20's catalogue is
 * ASSUMED: this is how to tune it.
 */
import { z } from 'zod';
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import type { BalanceFeature, BalanceProvider, BalanceSpec, BalanceSweep } from '../../../ruleset.ts';
import { COST_DEFAULTS, TYPE_IDS, TYPE_LABELS, WEAPON_IDS, WEAPON_LABELS } from '../data/catalogue.ts';
import { skillRulesSchema } from '../data/params.ts';
import { MAX_UNITS_PER_SIDE } from '../data/roster.ts';

/** Troop types random rosters draw (vehicles and drones need crews and controllers a sweep would set up itself). */
const TROOPS = ['average', 'poor', 'specialist'] as const;
/** Weapons a random troop may add to its rifle: a grenade for anyone, one support weapon for a specialist (trained on all, R10). */
const GRENADE = 'grenade';
const SUPPORT = ['lmg', 'at-rocket', 'mortar'] as const;
const KIT = ['radio', 'armour', 'nvg', 'medic'] as const;
const KIT_LABELS: Record<string, string> = { radio: 'Radio', armour: 'Body armour', nvg: 'Night-vision goggles', medic: 'Medic training', ew: 'EW kit', commander: 'Commander' };

type Costs = { type: Record<string, number>; weapon: Record<string, number>; kit: Record<string, number> };
type Unit = { type: string; weapons: string[]; radio?: boolean; commander?: boolean; armour?: boolean; nvg?: boolean; medic?: boolean };

const budgetSchema = z.strictObject({
  points: z.number().int().min(20).max(10000).default(130).describe('Points each random roster may cost (the shipped default rosters have 130).'),
  band: z.number().min(0).max(0.9).default(0.2).describe('Each roster spends at most a budget drawn uniformly from [(1 − band)·points, points].'),
});
const rosterOptionsSchema = z.strictObject({
  commander: z.boolean().default(true).describe('Every roster starts with a commander (a specialist with a radio, R15), as the shipped ones do.'),
});
const featuresSchema = z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]).default('all');

const ALL_FEATURES = [...TROOPS, GRENADE, ...SUPPORT, ...KIT] as const;
const groupOf = (id: string): string => ((TYPE_IDS as readonly string[]).includes(id) ? 'types' : (WEAPON_IDS as readonly string[]).includes(id) ? 'weapons' : 'kit');
const labelOf = (id: string): string => {
  const t = (TYPE_IDS as readonly string[]).indexOf(id), w = (WEAPON_IDS as readonly string[]).indexOf(id);
  return t >= 0 ? TYPE_LABELS[t] : w >= 0 ? WEAPON_LABELS[w] : KIT_LABELS[id];
};

function costOf(c: Costs, id: string): number {
  const g = groupOf(id);
  return g === 'types' ? c.type[id] : g === 'weapons' ? c.weapon[id] : c.kit[id];
}

function unitCost(c: Costs, u: Unit): number {
  let x = c.type[u.type];
  for (const w of u.weapons) x += c.weapon[w];
  for (const k of ['radio', 'commander', 'armour', 'nvg', 'medic'] as const) if (u[k]) x += c.kit[k];
  return x;
}

function prepare(spec: BalanceSpec): BalanceSweep {
  const budget = parseOrThrow(budgetSchema, spec.budget ?? {}, ['budget']);
  const opts = parseOrThrow(rosterOptionsSchema, spec.roster ?? {}, ['roster']);
  const overrides = parseOrThrow(z.record(z.string(), z.number().min(0).max(500)).default({}), spec.cost_overrides, ['cost_overrides']);
  const known = [...TYPE_IDS, ...WEAPON_IDS, ...Object.keys(COST_DEFAULTS.kit)];
  for (const k of Object.keys(overrides)) {
    if (!known.includes(k)) throw new ConfigError(`cost_overrides.${k}`, overrides[k], `is not a type, weapon or kit of rules.costs; expected one of ${known.join(', ')}`);
  }
  const rawRules = (spec.rules ?? {}) as Record<string, unknown>;
  if (rawRules !== null && typeof rawRules === 'object' && 'costs' in rawRules) throw new ConfigError('rules.costs', rawRules.costs, 'is set by the sweep; use the top-level "cost_overrides" instead');
  const costsRule: Costs = { type: {}, weapon: {}, kit: {} };
  for (const [k, v] of Object.entries(overrides)) costsRule[groupOf(k) === 'types' ? 'type' : groupOf(k) === 'weapons' ? 'weapon' : 'kit'][k] = v;
  const rules = parseOrThrow(skillRulesSchema, { ...rawRules, costs: costsRule }, ['rules']);
  const costs = rules.costs as unknown as Costs;
  const raw = parseOrThrow(featuresSchema, spec.features, ['features']);
  const ids: string[] = raw === 'all' ? [...ALL_FEATURES] : raw;
  ids.forEach((id, i) => {
    if (!(ALL_FEATURES as readonly string[]).includes(id)) throw new ConfigError(`features[${i}]`, id, `is not drawn by these random rosters; expected one of ${ALL_FEATURES.join(', ')}`);
  });
  const fitted = new Set(ids);
  const features: BalanceFeature[] = ids.map((id) => ({ id, label: labelOf(id), group: groupOf(id), cost: costOf(costs, id), pool: '' }));
  const index = new Map(ids.map((id, k) => [id, k]));
  return {
    features,
    forceField: 'roster',
    rules: { costs: costsRule },
    randomRoster: (rand) => randomRoster(costs, fitted, budget, opts.commander, rand),
    featureCounts: (roster) => featureCounts(index, roster as Unit[]),
  };
}

/** A commander first (when asked), then random troops while the budget lasts, each with random kit it can afford. */
function randomRoster(c: Costs, fitted: ReadonlySet<string>, budget: { points: number; band: number }, commander: boolean, rand: () => number): Unit[] {
  let left = budget.points - Math.floor(rand() * (Math.floor(budget.band * budget.points) + 1));
  const out: Unit[] = [];
  const coin = () => rand() < 0.5;
  const take = (u: Unit): boolean => {
    const x = unitCost(c, u);
    if (x > left) return false;
    left -= x;
    out.push(u);
    return true;
  };
  if (commander) take({ type: 'specialist', weapons: ['rifle'], radio: true, commander: true });
  while (out.length < MAX_UNITS_PER_SIDE) {
    const types = TROOPS.filter((t) => (fitted.has(t) || t === 'average') && c.type[t] <= left);
    if (types.length === 0) break;
    const u: Unit = { type: types[Math.floor(rand() * types.length)], weapons: ['rifle'] };
    const room = () => left - unitCost(c, u);
    if (u.type === 'specialist' && coin()) {
      const support = SUPPORT.filter((w) => fitted.has(w));
      const w = support[Math.floor(rand() * support.length)];
      if (w !== undefined && c.weapon[w] <= room()) u.weapons.unshift(w);
    }
    if (fitted.has(GRENADE) && coin() && c.weapon.grenade <= room()) u.weapons.push(GRENADE);
    for (const k of KIT) if (fitted.has(k) && coin() && c.kit[k] <= room()) u[k] = true;
    if (!take(u)) break;
  }
  return out;
}

function featureCounts(index: Map<string, number>, roster: Unit[]): number[] {
  const out = new Array<number>(index.size).fill(0);
  const bump = (id: string) => { const j = index.get(id); if (j !== undefined) out[j]++; };
  for (const u of roster) {
    bump(u.type);
    for (const w of u.weapons) bump(w);
    for (const k of KIT) if (u[k]) bump(k);
  }
  return out;
}

export const skillBalance: BalanceProvider = { prepare };
