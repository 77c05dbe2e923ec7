/**
 * Point-cost keys of NCO army building and `rules.cost_overrides`, so a designer can ask
 * "what if a Private cost 30 vps?". The keys are also the feature ids of `squadsim balance`.
 * An override replaces the printed price wherever roster.ts charges it (budget and scoring).
 */
import { z } from 'zod';
import { ITEMS, PROFILES } from './profiles.ts';
import { ITEM_IDS, SKILL_IDS } from './roster-types.ts';

/** Weapons that are bought as a non-default choice of a profile (the default is never charged here). */
export const WEAPON_UPGRADE_KEYS = ['smg', 'lmg', 'flamethrower', 'he'] as const;
/** Skills that can fill a slot (Field Medicine and Religious Rites never can, R23). */
export const SLOT_SKILL_KEYS = SKILL_IDS.filter((s) => s !== 'field-medicine' && s !== 'religious-rites');
/** Profiles that may buy an extra skill slot. */
export const SKILL_SLOT_KEYS = PROFILES.filter((p) => p.skillSlots.extra > 0).map((p) => `${p.id}-skill-slot`);
export const EXTRA_GRENADE_KEY = 'extra-grenade';

/** Every key `rules.cost_overrides` accepts. The Sergeant is mandatory and free, so he has none. */
export const COST_KEYS: readonly string[] = [
  ...PROFILES.filter((p) => p.id !== 'sergeant').map((p) => p.id),
  ...WEAPON_UPGRADE_KEYS,
  EXTRA_GRENADE_KEY,
  ...SKILL_SLOT_KEYS,
  ...SLOT_SKILL_KEYS,
  ...ITEM_IDS,
];

export type CostOverrides = Readonly<Record<string, number>>;

/** `rules.cost_overrides`: key → price (in the pool the rulebook charges it from). */
export const costOverridesSchema = z
  .record(z.string(), z.number().int().min(0).max(1000))
  .superRefine((o, ctx) => {
    for (const k of Object.keys(o)) {
      if (!COST_KEYS.includes(k)) {
        ctx.addIssue({ code: 'custom', path: [k], message: `unknown cost key ${JSON.stringify(k)}; allowed keys: ${COST_KEYS.join(', ')}` });
      }
    }
  })
  .default({})
  .describe(`price overrides by key (profile ids, weapon upgrades, ${EXTRA_GRENADE_KEY}, <profile>-skill-slot, skills, items); allowed keys: ${COST_KEYS.join(', ')}`);

/** The price charged for `key`: the override if one is set, else the printed price. */
export function priced(overrides: CostOverrides | undefined, key: string, printed: number): number {
  const o = overrides?.[key];
  return o === undefined ? printed : o;
}

/** The printed price of a key, read from the profile and item tables (letters-from-home: R25's `lettersCost`). */
export function printedCost(key: string, lettersCost: number): number {
  const p = PROFILES.find((x) => x.id === key);
  if (p) return p.cost;
  if (key === EXTRA_GRENADE_KEY) return PROFILES.find((x) => x.grenades.max > x.grenades.free && x.grenades.extraCost > 0)!.grenades.extraCost;
  const slot = PROFILES.find((x) => `${x.id}-skill-slot` === key);
  if (slot) return slot.skillSlots.extraCost;
  const item = ITEMS.find((i) => i.id === key);
  if (item) return key === 'letters-from-home' ? lettersCost : item.cost;
  if ((SLOT_SKILL_KEYS as readonly string[]).includes(key)) return 0;
  for (const x of PROFILES) {
    const opt = x.primary.find((o) => o.weapon === key);
    if (opt && !isDefaultWeapon(x.primary, opt)) return opt.cost;
  }
  throw new Error(`unknown cost key ${key}`);
}

/** A profile's default weapon (its first free one) is part of the profile, never an upgrade. */
export function isDefaultWeapon(options: readonly { weapon: string; cost: number }[], opt: { weapon: string; cost: number }): boolean {
  return opt === options.find((o) => o.cost === 0);
}
