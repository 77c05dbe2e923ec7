/**
 * `squadsim balance` for NCO: random legal rosters at a budget, and the features (counts of
 * soldier types and bought options) the win model is fitted on. Feature ids are the cost keys
 * of data/costs.ts, so a sweep's cost_overrides and its fitted fair costs speak the same language.
 */
import { z } from 'zod';
import { ConfigError } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import type { BalanceFeature, BalanceProvider, BalanceSpec, BalanceSweep } from '../../../ruleset.ts';
import { compileNco } from '../compile.ts';
import {
  COST_KEYS, costOverridesSchema, EXTRA_GRENADE_KEY, isDefaultWeapon, priced, printedCost, SKILL_SLOT_KEYS,
  SLOT_SKILL_KEYS, WEAPON_UPGRADE_KEYS, type CostOverrides,
} from '../data/costs.ts';
import { NATION_CHOICES, nationById, type Nation } from '../data/nations.ts';
import { ncoRulesSchema, type NcoRules } from '../data/params.ts';
import { ITEMS, PROFILES, skillSlotsUsed, type Pool, type Profile } from '../data/profiles.ts';
import { rosterSchema } from '../data/roster.ts';
import { ITEM_IDS, type SkillId } from '../data/roster-types.ts';

/** Feature groups a sweep may name instead of listing ids. */
export const FEATURE_GROUPS = ['types', 'weapons', 'grenades', 'skill-slots', 'skills', 'items'] as const;
type Group = (typeof FEATURE_GROUPS)[number];

const budgetSchema = z.strictObject({
  vps: z.number().int().min(1).max(1000).default(100),
  sps: z.number().int().min(0).max(1000).default(50),
  /** Each roster spends at most a budget drawn uniformly from [(1 − band)·B, B], per pool: see docs/balance.md. */
  band: z.number().min(0).max(0.9).default(0.2),
});
const rosterOptionsSchema = z.strictObject({
  nations: z.array(z.enum(NATION_CHOICES)).min(1).default(['us-army']),
});
const featuresSchema = z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]).default('all');

function groupOf(key: string): Group {
  if (PROFILES.some((p) => p.id === key)) return 'types';
  if ((WEAPON_UPGRADE_KEYS as readonly string[]).includes(key)) return 'weapons';
  if (key === EXTRA_GRENADE_KEY) return 'grenades';
  if (SKILL_SLOT_KEYS.includes(key)) return 'skill-slots';
  if ((SLOT_SKILL_KEYS as readonly string[]).includes(key)) return 'skills';
  return 'items';
}

function labelOf(key: string): string {
  const p = PROFILES.find((x) => x.id === key);
  if (p) return p.name;
  const item = ITEMS.find((i) => i.id === key);
  if (item) return item.name;
  const slot = PROFILES.find((x) => `${x.id}-skill-slot` === key);
  if (slot) return `${slot.name} extra skill slot`;
  if (key === EXTRA_GRENADE_KEY) return 'Extra grenade';
  const weapon: Record<string, string> = { smg: 'SMG', lmg: 'LMG', flamethrower: 'Flamethrower', he: 'HE' };
  if (weapon[key]) return `${weapon[key]} upgrade`;
  return `Skill: ${key}`;
}

const SGT = { type: 'sergeant' };

/** A one-soldier roster that uses `key`, to ask compile whether the engine plays it yet. */
function probeSoldiers(key: string): Record<string, unknown>[] {
  switch (groupOf(key)) {
    case 'types': return [SGT, { type: key }];
    case 'weapons': {
      const p = PROFILES.find((x) => x.id !== 'sergeant' && x.primary.some((o) => o.weapon === key && !isDefaultWeapon(x.primary, o)))!;
      return [SGT, { type: p.id, primary: key }];
    }
    case 'grenades': return [{ type: 'sergeant', grenades: 3 }];
    case 'skill-slots': return key === 'sergeant-skill-slot'
      ? [{ type: 'sergeant', skills: ['ruthless', 'covert'] }]
      : [SGT, { type: key.replace(/-skill-slot$/, ''), skills: ['ruthless', 'covert'] }];
    case 'skills': return key === 'inspiring-presence-2' ? [{ type: 'sergeant', skills: [key] }] : [SGT, { type: 'corporal', skills: [key] }];
    case 'items': return [{ type: 'sergeant', items: [key] }];
  }
}

/** Why the engine cannot play `key` yet (compile rejects it), or '' when it can. */
function unplayedReason(key: string): string {
  const roster = { name: 'probe', nation: 'none', soldiers: probeSoldiers(key) };
  const side = (name: string, r: unknown) => ({ name, roster: r, policy: 'random' });
  try {
    compileNco({ ruleset: 'nco', rules: {}, sides: [side('a', roster), side('b', { name: 'b', nation: 'none', soldiers: [SGT] })] });
    return '';
  } catch (e) {
    if (e instanceof ConfigError) return e.allowed;
    throw e;
  }
}

const playedCache = new Map<string, string>();
function unplayed(key: string): string {
  let r = playedCache.get(key);
  if (r === undefined) playedCache.set(key, (r = unplayedReason(key)));
  return r;
}

/** Validated sweep settings every generator call reads. */
interface Plan {
  rules: NcoRules;
  overrides: CostOverrides;
  nations: readonly Nation[];
  band: number;
  vps: number;
  sps: number;
  fitted: ReadonlySet<string>;
  grenadesPlayed: boolean;
  /** Played items a Medic or Chaplain takes for free (part of the profile, not a feature). */
  freeItems: readonly string[];
}

function chooseFeatures(raw: 'all' | string[], nations: readonly Nation[]): string[] {
  const usable = (k: string): boolean => groupOf(k) !== 'types' || nations.some((n) => !n.forbidden.includes(k as Profile['id']));
  if (raw === 'all') return COST_KEYS.filter((k) => usable(k) && unplayed(k) === '');
  const out = new Set<string>();
  raw.forEach((name, i) => {
    const keys = (FEATURE_GROUPS as readonly string[]).includes(name) ? COST_KEYS.filter((k) => groupOf(k) === name) : [name];
    if (!COST_KEYS.includes(name) && keys.length === 1 && keys[0] === name) {
      throw new ConfigError(`features[${i}]`, name, `expected a group (${FEATURE_GROUPS.join(', ')}) or a feature id: ${COST_KEYS.join(', ')}`);
    }
    for (const k of keys) {
      const why = unplayed(k);
      if (keys.length === 1 && why) throw new ConfigError(`features[${i}]`, name, `is not played by the engine yet (${why})`);
      if (keys.length === 1 && !usable(k)) throw new ConfigError(`features[${i}]`, name, 'is forbidden to every nation of roster.nations');
      if (!why && usable(k)) out.add(k);
    }
  });
  return COST_KEYS.filter((k) => out.has(k));
}

function prepare(spec: BalanceSpec): BalanceSweep {
  const budget = parseOrThrow(budgetSchema, spec.budget ?? {}, ['budget']);
  const opts = parseOrThrow(rosterOptionsSchema, spec.roster ?? {}, ['roster']);
  const overrides = parseOrThrow(costOverridesSchema, spec.cost_overrides, ['cost_overrides']);
  const rawRules = (spec.rules ?? {}) as Record<string, unknown>;
  for (const k of ['roster_vps', 'roster_sps', 'cost_overrides']) {
    if (rawRules !== null && typeof rawRules === 'object' && k in rawRules) {
      const where = k === 'cost_overrides' ? 'the top-level "cost_overrides"' : `budget.${k.slice(7)}`;
      throw new ConfigError(`rules.${k}`, rawRules[k], `is set by the sweep; use ${where} instead`);
    }
  }
  const rules = parseOrThrow(ncoRulesSchema, { ...rawRules, roster_vps: budget.vps, roster_sps: budget.sps, cost_overrides: overrides }, ['rules']);
  const nations = opts.nations.map((id) => nationById(id)!);
  const ids = chooseFeatures(parseOrThrow(featuresSchema, spec.features, ['features']), nations);
  if (ids.length === 0) throw new ConfigError('features', spec.features, 'selects no feature the engine plays');
  const plan: Plan = {
    rules, overrides, nations, band: budget.band, vps: budget.vps, sps: budget.sps, fitted: new Set(ids),
    grenadesPlayed: unplayed(EXTRA_GRENADE_KEY) === '',
    freeItems: ITEM_IDS.filter((k) => !ITEMS.find((i) => i.id === k)!.sergeantOnly && unplayed(k) === ''),
  };
  const features: BalanceFeature[] = ids.map((id) => {
    const g = groupOf(id);
    const pool = g === 'types' ? PROFILES.find((p) => p.id === id)!.pool : g === 'items' ? (ITEMS.find((i) => i.id === id)!.pool === 'vps' ? 'vps' : '') : g === 'weapons' || g === 'grenades' ? '' : 'vps';
    return { id, label: labelOf(id), group: g, cost: price(plan, id), pool };
  });
  const index = new Map(ids.map((id, k) => [id, k]));
  return {
    features,
    forceField: 'roster',
    rules: { roster_vps: budget.vps, roster_sps: budget.sps, cost_overrides: overrides },
    randomRoster: (rand) => randomRoster(plan, rand),
    featureCounts: (roster) => featureCounts(index, roster),
    usage: USAGE,
  };
}

/**
 * Items used up when played, and the rulesInPlay cell that counts one use (rules/items.ts),
 * and the Medic's and Chaplain's passed-on Rally (rules/rites.ts):
 * balance calls one the players hardly use "not exercised" instead of pricing it. The counts
 * include the Medic's and Chaplain's free items, which are not features, so they can only
 * make an item look more used, never less.
 */
const USAGE = [
  ...(['extra-magazine', 'lucky-trinket', 'letters-from-home', 'morphine', 'flask', 'tobacco'] as const).map((id) => ({ feature: id, counter: 'rulesInPlay', label: id })),
  // The Medic and Chaplain fight little: their worth is the Rally they pass on (items 78, 79).
  { feature: 'medic', counter: 'rulesInPlay', label: 'field-medicine' },
  { feature: 'chaplain', counter: 'rulesInPlay', label: 'religious-rites' },
];

function price(plan: Plan, key: string): number {
  return priced(plan.overrides, key, printedCost(key, plan.rules.letters_from_home_cost));
}

type Left = Record<Pool, number>;
type Entry = { type: string; primary?: string; grenades?: number; skills?: string[]; items?: string[] };

function pick<T>(xs: readonly T[], rand: () => number): T {
  return xs[Math.floor(rand() * xs.length)];
}

/** A spending cap drawn uniformly from the integers in [B − floor(band·B), B]. */
function cap(b: number, band: number, rand: () => number): number {
  return b - Math.floor(rand() * (Math.floor(band * b) + 1));
}

function randomRoster(plan: Plan, rand: () => number): unknown {
  const nation = pick(plan.nations, rand);
  const left: Left = { vps: cap(plan.vps, plan.band, rand), sps: cap(plan.sps + nation.bonusSps, plan.band, rand) };
  const soldiers: Entry[] = [dress(plan, PROFILES[0], left, rand)];
  const taken = new Set<string>(['sergeant']);
  // A config holds at most 64 soldiers; "none" has no cap of its own.
  while (soldiers.length < Math.min(nation.maxSoldiers, 32)) {
    const options = PROFILES.filter((p) => plan.fitted.has(p.id) && !nation.forbidden.includes(p.id) && !(p.unique && taken.has(p.id)) && price(plan, p.id) <= left[p.pool]);
    if (options.length === 0) break;
    const p = pick(options, rand);
    left[p.pool] -= price(plan, p.id);
    taken.add(p.id);
    soldiers.push(dress(plan, p, left, rand));
  }
  return { name: 'random', nation: nation.id, soldiers };
}

/** Random options for one soldier of profile `p`, paid from `left`. */
function dress(plan: Plan, p: Profile, left: Left, rand: () => number): Entry {
  const e: Entry = { type: p.id };
  const weapons = p.primary.filter((o) => isDefaultWeapon(p.primary, o) || (plan.fitted.has(o.weapon) && price(plan, o.weapon) <= left[p.pool]));
  const w = pick(weapons, rand);
  e.primary = w.weapon;
  if (!isDefaultWeapon(p.primary, w)) left[p.pool] -= price(plan, w.weapon);
  if (plan.grenadesPlayed) e.grenades = grenades(plan, p, left, rand);
  if (p.skillSlots.free + p.skillSlots.extra > 0) e.skills = skills(plan, p, left, rand);
  if (p.itemSlots > 0) e.items = p.itemsFree ? plan.freeItems.slice(0, p.itemSlots) : items(plan, p, left, rand);
  return e;
}

function grenades(plan: Plan, p: Profile, left: Left, rand: () => number): number {
  const max = p.id === 'engineer' ? plan.rules.engineer_max_grenades : p.grenades.max;
  let g = Math.min(p.grenades.free, max);
  const each = price(plan, EXTRA_GRENADE_KEY);
  while (plan.fitted.has(EXTRA_GRENADE_KEY) && g < max && each <= left[p.pool] && rand() < 0.5) {
    g++;
    left[p.pool] -= each;
  }
  return g;
}

function skills(plan: Plan, p: Profile, left: Left, rand: () => number): string[] {
  const slotKey = `${p.id}-skill-slot`;
  const choosable = (SLOT_SKILL_KEYS as readonly SkillId[]).filter((k) => plan.fitted.has(k) && !p.builtInSkills.includes(k));
  let bought = 0;
  for (let x = 0; x < p.skillSlots.extra && choosable.length > 0 && plan.fitted.has(slotKey); x++) {
    if (price(plan, slotKey) > left.vps || rand() >= 0.5) break;
    bought++;
    left.vps -= price(plan, slotKey);
  }
  const slots = p.skillSlots.free + bought;
  const chosen: SkillId[] = [];
  let used = 0;
  for (;;) {
    const hasIp = p.builtInSkills.includes('inspiring-presence') || chosen.includes('inspiring-presence');
    const options = choosable.filter((k) => !chosen.includes(k) && skillSlotsUsed(k) <= slots - used && (k !== 'inspiring-presence-2' || hasIp) && price(plan, k) <= left.vps);
    // Free slots may stay empty; bought ones are filled while anything fits.
    const mayStop = used >= bought;
    if (options.length === 0) break;
    const k = Math.floor(rand() * (options.length + (mayStop ? 1 : 0)));
    if (k === options.length) break;
    chosen.push(options[k]);
    used += skillSlotsUsed(options[k]);
    left.vps -= price(plan, options[k]);
  }
  // data/roster.ts charges only the extra slots actually used.
  left.vps += (bought - Math.max(0, used - p.skillSlots.free)) * price(plan, slotKey);
  return chosen;
}

function items(plan: Plan, p: Profile, left: Left, rand: () => number): string[] {
  const out: string[] = [];
  for (let x = 0; x < p.itemSlots; x++) {
    if (rand() >= 0.5) continue;
    const options = ITEMS.filter((i) => plan.fitted.has(i.id) && !out.includes(i.id) && (!i.sergeantOnly || p.id === 'sergeant') && price(plan, i.id) <= left[i.pool === 'soldier' ? p.pool : i.pool]);
    if (options.length === 0) break;
    const it = pick(options, rand);
    out.push(it.id);
    left[it.pool === 'soldier' ? p.pool : it.pool] -= price(plan, it.id);
  }
  return out;
}

/** Counts of every fitted feature in a roster (types, non-default weapons, bought grenades and slots, chosen skills, paid items). */
function featureCounts(index: ReadonlyMap<string, number>, json: unknown): number[] {
  const r = parseOrThrow(rosterSchema, json, ['roster']);
  const n = new Array<number>(index.size).fill(0);
  const add = (key: string, k: number): void => {
    const i = index.get(key);
    if (i !== undefined) n[i] += k;
  };
  for (const s of r.soldiers) {
    const p = PROFILES.find((x) => x.id === s.type)!;
    const c = s.count;
    add(p.id, c);
    const w = p.primary.find((o) => o.weapon === (s.primary ?? p.primary.find((d) => d.cost === 0)!.weapon));
    if (w && !isDefaultWeapon(p.primary, w)) add(w.weapon, c);
    add(EXTRA_GRENADE_KEY, c * Math.max(0, s.grenades - p.grenades.free));
    const used = s.skills.reduce((u, k) => u + skillSlotsUsed(k), 0);
    add(`${p.id}-skill-slot`, c * Math.max(0, used - p.skillSlots.free));
    for (const k of s.skills) add(k, c);
    if (!p.itemsFree) for (const k of s.items) add(k, c);
  }
  return n;
}

export const ncoBalance: BalanceProvider = { prepare };
