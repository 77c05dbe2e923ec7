/**
 * Roster JSON → CompiledRoster: validates a squad against the army-building rules (digest
 * items 4–6, 114–156, R22–R27) and prices every soldier. Data lives in profiles.ts and nations.ts.
 */
import { z } from 'zod';
import { ConfigError, formatPath } from '../../../errors.ts';
import { parseOrThrow } from '../../../validate.ts';
import { NATION_CHOICES, nationById, type Nation } from './nations.ts';
import {
  ENGINEER_MAX_GRENADES, ITEMS, LETTERS_FROM_HOME_COST, NATION_SPECIFIC_WEAPON_IDS, PROFILES,
  SLOT_FORBIDDEN_SKILLS, skillSlotsUsed, type Pool, type Profile,
} from './profiles.ts';
import {
  I_RELIGIOUS_ICON, I_SERVICE_MEDAL, ITEM_IDS, PROFILE_IDS, P_SERGEANT, S_INSPIRING, SKILL_IDS,
  type CompiledRoster, type CompiledSoldier, type ItemId, type SkillId,
} from './roster-types.ts';
import { weaponCode } from './weapons.ts';
import { nsStats, NS_TABLE_KEYS, type NationSpecificTable } from './nation-weapons.ts';
import { EXTRA_GRENADE_KEY, isDefaultWeapon, priced, type CostOverrides } from './costs.ts';

const soldierSchema = z.strictObject({
  type: z.enum(PROFILE_IDS).describe('The soldier\'s profile: a Barracks rank or a Specialist (items 114–156).'),
  /** Defaults to the profile's first free weapon. */
  primary: z.string().min(1).optional().describe('Primary weapon id, which must be one the profile may take; default: the profile\'s first free weapon.'),
  grenades: z.number().int().min(0).default(0).describe('Extra hand grenades bought for this soldier (item 47; Engineers at most rules.engineer_max_grenades).'),
  items: z.array(z.enum(ITEM_IDS)).default([]).describe('Items bought, one copy of each per soldier (R24).'),
  skills: z.array(z.enum(SKILL_IDS)).default([]).describe('Skills in the profile\'s skill slots (R23).'),
  /** Expands to this many identical soldiers. */
  count: z.number().int().min(1).max(50).default(1).describe('Expands to this many identical soldiers.'),
  name: z.string().min(1).max(60).optional().describe('A display name for this soldier.'),
});

/** Roster JSON. `nation` is required so that a forgotten field cannot silently lift the caps. */
export const rosterSchema = z.strictObject({
  name: z.string().min(1).max(80).describe('The squad\'s name, shown in reports.'),
  nation: z.enum(NATION_CHOICES).describe('The squad\'s nation ("none" for generic): sets soldier caps and the national sps bonus (items 4–6, R27).'),
  soldiers: z.array(soldierSchema).min(1).describe('The soldiers, each with profile, weapon, grenades, items and skills.'),
});

export type RosterJson = z.output<typeof rosterSchema>;
type SoldierJson = RosterJson['soldiers'][number];

/** The rules params compileRoster reads; optional ones default to the digest's values. */
export interface RosterRules {
  roster_vps: number;
  roster_sps: number;
  /** R25: default 1 (the worked example, item 128, uses 2). */
  letters_from_home_cost?: number;
  /** R26: default 3. */
  engineer_max_grenades?: number;
  /** Price overrides by cost key (costs.ts); budgets and kill values use the overridden prices. */
  cost_overrides?: CostOverrides;
  /** R22: Nation-Specific weapons allowed (default false) and their table (nation-weapons.ts). */
  nation_specific_weapons?: boolean;
  nation_specific_table?: NationSpecificTable;
}

type Path = readonly (string | number)[];

function fail(path: Path, value: unknown, allowed: string): never {
  throw new ConfigError(formatPath(path), value, allowed);
}

function article(word: string): string {
  return /^[AEIOU]/.test(word) ? 'an' : 'a';
}

function list(xs: readonly string[]): string {
  return xs.map((x) => JSON.stringify(x)).join(', ');
}

/** Costs of one soldier, kept per pool (item 4). */
interface Cost { vps: number; sps: number }

function add(c: Cost, pool: Pool, n: number): void {
  c[pool] += n;
}

function checkPrimary(p: Profile, s: SoldierJson, path: Path, rules: RosterRules, cost: Cost): number {
  const options = p.primary;
  const weapon = s.primary ?? options.find((o) => o.cost === 0)!.weapon;
  const opt = options.find((o) => o.weapon === weapon);
  const allowed = `allowed for ${p.name}: ${list(options.map((o) => o.weapon))}`;
  if (!opt) {
    if ((NATION_SPECIFIC_WEAPON_IDS as readonly string[]).includes(weapon) && p.nationSpecific !== 'no') {
      if (!rules.nation_specific_weapons || !rules.nation_specific_table) {
        fail([...path, 'primary'], weapon, `Nation-Specific weapons (Appendix A) are not enabled (R22; set rules.nation_specific_weapons to true); ${allowed}`);
      }
      return nationSpecific(p, weapon, path, rules.nation_specific_table, cost);
    }
    if ((NATION_SPECIFIC_WEAPON_IDS as readonly string[]).includes(weapon)) {
      fail([...path, 'primary'], weapon, `the ${p.name} may not take a Nation-Specific weapon (R22: only Sergeant, Corporals and Lance-Corporals); ${allowed}`);
    }
    fail([...path, 'primary'], weapon, `is not a weapon this soldier may take; ${allowed}`);
  }
  add(cost, p.pool, isDefaultWeapon(options, opt) ? opt.cost : priced(rules.cost_overrides, opt.weapon, opt.cost));
  return weaponCode(opt.weapon);
}

/** R22: the Sergeant takes a Nation-Specific weapon free, the ranks marked 'at-cost' pay the table's cost. */
function nationSpecific(p: Profile, weapon: string, path: Path, table: NationSpecificTable, cost: Cost): number {
  const t = nsStats(table, weapon);
  if (!t) fail([...path, 'primary'], weapon, `names no weapon; allowed Nation-Specific weapons (R22): ${list(Object.keys(NS_TABLE_KEYS))}`);
  add(cost, p.pool, p.nationSpecific === 'free' ? 0 : t.cost);
  return weaponCode(weapon);
}

function checkGrenades(p: Profile, s: SoldierJson, path: Path, rules: RosterRules, cost: Cost): void {
  const max = p.id === 'engineer' ? (rules.engineer_max_grenades ?? ENGINEER_MAX_GRENADES) : p.grenades.max;
  if (s.grenades > max) {
    const what = max === 0 ? `${p.name} may not carry grenades; allowed 0` : `allowed at most ${max} grenade(s) for ${p.name}`;
    fail([...path, 'grenades'], s.grenades, what);
  }
  add(cost, p.pool, Math.max(0, s.grenades - p.grenades.free) * priced(rules.cost_overrides, EXTRA_GRENADE_KEY, p.grenades.extraCost));
}

function checkSkills(p: Profile, s: SoldierJson, path: Path, rules: RosterRules, cost: Cost): number {
  const slots = p.skillSlots;
  const maxSlots = slots.free + slots.extra;
  if (s.skills.length > 0 && maxSlots === 0) {
    const built = p.builtInSkills.length ? ` (built in: ${list(p.builtInSkills)})` : '';
    fail([...path, 'skills', 0], s.skills[0], `${p.name} has no skill slots${built}; only Sergeant, Veteran Corporal and Corporal may choose skills`);
  }
  let bits = 0;
  for (const b of p.builtInSkills) bits |= 1 << SKILL_IDS.indexOf(b);
  const seen = new Set<SkillId>();
  let used = 0;
  s.skills.forEach((sk, j) => {
    const at = [...path, 'skills', j];
    if (SLOT_FORBIDDEN_SKILLS.includes(sk)) fail(at, sk, `cannot fill a skill slot (Medic/Chaplain only, R23); forbidden: ${list(SLOT_FORBIDDEN_SKILLS)}`);
    if (p.builtInSkills.includes(sk)) fail(at, sk, `is already built into the ${p.name}; remove it`);
    if (seen.has(sk)) fail(at, sk, 'is listed twice; each skill at most once per soldier (take "inspiring-presence-2" to double Inspiring Presence)');
    seen.add(sk);
    used += skillSlotsUsed(sk);
    add(cost, 'vps', priced(rules.cost_overrides, sk, 0));
    bits |= 1 << SKILL_IDS.indexOf(sk);
  });
  if (seen.has('inspiring-presence-2') && !(bits & S_INSPIRING)) {
    fail([...path, 'skills', s.skills.indexOf('inspiring-presence-2')], 'inspiring-presence-2', 'needs "inspiring-presence" on the same soldier (built in or listed)');
  }
  if (used > maxSlots) {
    const buy = slots.extra ? ` (${slots.free} free + ${slots.extra} at ${slots.extraCost} vps)` : '';
    fail([...path, 'skills'], s.skills, `uses ${used} skill slot(s); allowed at most ${maxSlots} for ${p.name}${buy}; "inspiring-presence-2" takes two`);
  }
  add(cost, 'vps', Math.max(0, used - slots.free) * priced(rules.cost_overrides, `${p.id}-skill-slot`, slots.extraCost));
  return bits;
}

function checkItems(p: Profile, s: SoldierJson, path: Path, rules: RosterRules, cost: Cost): number {
  if (s.items.length > p.itemSlots) {
    fail([...path, 'items'], s.items, `allowed at most ${p.itemSlots} item(s) for ${p.name}`);
  }
  let bits = 0;
  s.items.forEach((id: ItemId, j) => {
    const at = [...path, 'items', j];
    const k = ITEM_IDS.indexOf(id);
    const item = ITEMS[k];
    if (item.sergeantOnly && p.id !== 'sergeant') fail(at, id, `is for the Sergeant only; allowed for ${p.name}: every item except "intel", "field-map"`);
    if (bits & (1 << k)) fail(at, id, 'is listed twice; one copy of each item per soldier (R24)');
    bits |= 1 << k;
    if (p.itemsFree) return;
    const price = priced(rules.cost_overrides, id, id === 'letters-from-home' ? (rules.letters_from_home_cost ?? LETTERS_FROM_HOME_COST) : item.cost);
    add(cost, item.pool === 'soldier' ? p.pool : item.pool, price);
  });
  return bits;
}

/** Validates and prices one roster entry; `count` copies are made by the caller. */
function compileEntry(s: SoldierJson, path: Path, rules: RosterRules, nation: Nation): Omit<CompiledSoldier, 'name'> {
  const profile = PROFILE_IDS.indexOf(s.type);
  const p = PROFILES[profile];
  if (nation.forbidden.includes(p.id)) {
    const ok = PROFILE_IDS.filter((id) => !nation.forbidden.includes(id));
    fail([...path, 'type'], s.type, `${nation.name} may not take ${article(p.name)} ${p.name}; allowed: ${list(ok)}`);
  }
  const cost: Cost = { vps: 0, sps: 0 };
  add(cost, p.pool, priced(rules.cost_overrides, p.id, p.cost));
  const primary = checkPrimary(p, s, path, rules, cost);
  checkGrenades(p, s, path, rules, cost);
  const skills = checkSkills(p, s, path, rules, cost);
  const items = checkItems(p, s, path, rules, cost);
  return {
    profile,
    move: p.move,
    courage: p.courage + (items & I_SERVICE_MEDAL ? 1 : 0),
    health: p.health,
    psyche: p.psyche + (items & I_RELIGIOUS_ICON ? 1 : 0),
    primary,
    pistol: p.pistol,
    grenades: s.grenades,
    costVps: cost.vps,
    costSps: cost.sps,
    specialist: p.specialist,
    sergeant: profile === P_SERGEANT,
    skills,
    items,
  };
}

/**
 * Validates roster JSON against the army-building rules and prices every soldier.
 * `path` is the prefix for error paths, e.g. ['sides', 0, 'roster']. Throws ConfigError.
 */
export function compileRoster(json: unknown, rules: RosterRules, path: (string | number)[]): CompiledRoster {
  const r = parseOrThrow(rosterSchema, json, path);
  const nation = nationById(r.nation)!;
  const soldiersPath = [...path, 'soldiers'];

  // Unique profiles (item 5): one entry, count 1. The Sergeant's "exactly one" is checked below.
  const firstOf = new Map<string, number>();
  r.soldiers.forEach((s, i) => {
    const p = PROFILES[PROFILE_IDS.indexOf(s.type)];
    if (!p.unique) return;
    if (s.count > 1) fail([...soldiersPath, i, 'count'], s.count, `the ${p.name} is unique; allowed 1`);
    if (firstOf.has(p.id)) fail([...soldiersPath, i, 'type'], s.type, `the ${p.name} is unique and already taken at soldiers[${firstOf.get(p.id)}]`);
    firstOf.set(p.id, i);
  });

  const compiled = r.soldiers.map((s, i) => compileEntry(s, [...soldiersPath, i], rules, nation));
  if (!firstOf.has('sergeant')) fail(soldiersPath, r.soldiers.map((s) => s.type), 'has no Sergeant; a roster needs exactly one "sergeant"');

  const total = r.soldiers.reduce((n, s) => n + s.count, 0);
  if (total > nation.maxSoldiers) {
    fail(soldiersPath, total, `soldiers in total is over the cap; allowed at most ${nation.maxSoldiers} for ${nation.name} (Sergeant and specialists included, R27)`);
  }

  const soldiers = expand(r.soldiers, compiled);
  const totalVps = soldiers.reduce((n, s) => n + s.costVps, 0);
  const totalSps = soldiers.reduce((n, s) => n + s.costSps, 0);
  const spsBudget = rules.roster_sps + nation.bonusSps;
  if (totalVps > rules.roster_vps) {
    fail(path, totalVps, `total vps is over the budget; allowed at most ${rules.roster_vps} vps (sps are a separate pool)`);
  }
  if (totalSps > spsBudget) {
    const bonus = nation.bonusSps ? `${rules.roster_sps} + ${nation.bonusSps} ${nation.name} bonus; ` : '';
    fail(path, totalSps, `total sps is over the budget; allowed at most ${spsBudget} sps (${bonus}vps are a separate pool)`);
  }
  return { nation: nation.id, soldiers, totalVps, totalSps, spsBudget };
}

/** Applies `count` and names: the given name, else the profile name, numbered when repeated. */
function expand(entries: readonly SoldierJson[], compiled: readonly Omit<CompiledSoldier, 'name'>[]): CompiledSoldier[] {
  const perProfile = new Map<string, number>();
  for (const s of entries) perProfile.set(s.type, (perProfile.get(s.type) ?? 0) + s.count);
  const seen = new Map<string, number>();
  const out: CompiledSoldier[] = [];
  entries.forEach((s, i) => {
    const display = PROFILES[compiled[i].profile].name;
    for (let c = 0; c < s.count; c++) {
      const k = (seen.get(s.type) ?? 0) + 1;
      seen.set(s.type, k);
      let name: string;
      if (s.name !== undefined) name = s.count > 1 ? `${s.name} ${c + 1}` : s.name;
      else name = perProfile.get(s.type)! > 1 ? `${display} ${k}` : display;
      out.push({ name, ...compiled[i] });
    }
  });
  return out;
}
