/**
 * NCO army-building data: the 14 soldier profiles (digest items 114–127), the items with their
 * costs (items 80–89) and the skill-slot rules (R23). Pure data; roster.ts holds the logic.
 */
import type { ItemId, ProfileId, SkillId } from './roster-types.ts';
import type { WeaponId } from './weapons.ts';

export type Pool = 'vps' | 'sps';

export interface WeaponOption {
  readonly weapon: WeaponId;
  /** Extra cost, paid from the profile's pool. */
  readonly cost: number;
}

export interface GrenadeRule {
  /** Grenades carried at no cost. */
  readonly free: number;
  /** Cost of each grenade beyond `free`, from the profile's pool. */
  readonly extraCost: number;
  /** Most grenades the profile may carry (0 = none). */
  readonly max: number;
}

export interface SkillSlots {
  /** Slots included in the base cost. */
  readonly free: number;
  /** Slots that may be bought on top. */
  readonly extra: number;
  /** Cost of each bought slot, in vps (only barracks soldiers have slots). */
  readonly extraCost: number;
}

export interface Profile {
  readonly id: ProfileId;
  readonly name: string;
  readonly move: number;
  readonly courage: number;
  readonly health: number;
  readonly psyche: number;
  readonly cost: number;
  readonly pool: Pool;
  readonly specialist: boolean;
  readonly unique: boolean;
  /** Primary weapon choices; the first free one is the default. */
  readonly primary: readonly WeaponOption[];
  /** Whether the profile text offers a Nation-Specific weapon (R22: off unless rules.nation_specific_weapons). */
  readonly nationSpecific: 'free' | 'at-cost' | 'no';
  /** Carries a pistol as secondary weapon. */
  readonly pistol: boolean;
  readonly grenades: GrenadeRule;
  readonly itemSlots: number;
  /** Chaplain and Medic: both items are free. */
  readonly itemsFree: boolean;
  readonly skillSlots: SkillSlots;
  /** Skills printed on the profile; they take no slot. */
  readonly builtInSkills: readonly SkillId[];
}

/** R26: the Engineer's grenade cap (the rulebook sets none). */
export const ENGINEER_MAX_GRENADES = 3;
/** R25: Letters from Home at the item-list price (the worked example prices it at 2). */
export const LETTERS_FROM_HOME_COST = 1;

const RIFLE_SMG: readonly WeaponOption[] = [{ weapon: 'rifle', cost: 0 }, { weapon: 'smg', cost: 0 }];
const RIFLE_SMG_LMG: readonly WeaponOption[] = [...RIFLE_SMG, { weapon: 'lmg', cost: 4 }];
const PISTOL_ONLY: readonly WeaponOption[] = [{ weapon: 'pistol', cost: 0 }];
const NO_GRENADES: GrenadeRule = { free: 0, extraCost: 0, max: 0 };
const ONE_PLUS_ONE: GrenadeRule = { free: 1, extraCost: 4, max: 2 };
const NO_SKILLS: SkillSlots = { free: 0, extra: 0, extraCost: 0 };

type Base = Omit<Profile, 'specialist' | 'pool'>;

function barracks(p: Base): Profile {
  return { ...p, specialist: false, pool: 'vps' };
}
function specialist(p: Base): Profile {
  return { ...p, specialist: true, pool: 'sps' };
}

/** Indexed like PROFILE_IDS in roster-types.ts (checked in the tests). */
export const PROFILES: readonly Profile[] = [
  barracks({
    id: 'sergeant', name: 'Sergeant', move: 5, courage: 6, health: 6, psyche: 6, cost: 0, unique: true,
    primary: RIFLE_SMG, nationSpecific: 'free', pistol: true,
    grenades: { free: 2, extraCost: 4, max: 3 }, itemSlots: 2, itemsFree: false,
    skillSlots: { free: 1, extra: 1, extraCost: 6 }, builtInSkills: ['inspiring-presence'],
  }),
  barracks({
    id: 'veteran-corporal', name: 'Veteran Corporal', move: 5, courage: 5, health: 5, psyche: 6, cost: 20, unique: false,
    primary: RIFLE_SMG, nationSpecific: 'at-cost', pistol: false,
    grenades: ONE_PLUS_ONE, itemSlots: 1, itemsFree: false,
    skillSlots: { free: 1, extra: 1, extraCost: 4 }, builtInSkills: [],
  }),
  barracks({
    id: 'corporal', name: 'Corporal', move: 5, courage: 4, health: 5, psyche: 5, cost: 18, unique: false,
    primary: RIFLE_SMG, nationSpecific: 'at-cost', pistol: false,
    grenades: ONE_PLUS_ONE, itemSlots: 1, itemsFree: false,
    skillSlots: { free: 1, extra: 0, extraCost: 0 }, builtInSkills: [],
  }),
  barracks({
    id: 'veteran-lance-corporal', name: 'Veteran Lance-Corporal', move: 5, courage: 4, health: 4, psyche: 6, cost: 16, unique: false,
    primary: RIFLE_SMG_LMG, nationSpecific: 'at-cost', pistol: false,
    grenades: ONE_PLUS_ONE, itemSlots: 1, itemsFree: false, skillSlots: NO_SKILLS, builtInSkills: [],
  }),
  barracks({
    id: 'lance-corporal', name: 'Lance-Corporal', move: 5, courage: 3, health: 4, psyche: 5, cost: 14, unique: false,
    primary: RIFLE_SMG_LMG, nationSpecific: 'at-cost', pistol: false,
    grenades: { free: 1, extraCost: 0, max: 1 }, itemSlots: 1, itemsFree: false, skillSlots: NO_SKILLS, builtInSkills: [],
  }),
  barracks({
    id: 'hardened-private-1st-class', name: 'Hardened Private 1st Class', move: 5, courage: 3, health: 4, psyche: 4, cost: 12, unique: false,
    primary: RIFLE_SMG, nationSpecific: 'no', pistol: false,
    grenades: NO_GRENADES, itemSlots: 1, itemsFree: false, skillSlots: NO_SKILLS, builtInSkills: [],
  }),
  barracks({
    id: 'private-1st-class', name: 'Private 1st Class', move: 5, courage: 2, health: 3, psyche: 4, cost: 10, unique: false,
    primary: RIFLE_SMG, nationSpecific: 'no', pistol: false,
    grenades: NO_GRENADES, itemSlots: 1, itemsFree: false, skillSlots: NO_SKILLS, builtInSkills: [],
  }),
  barracks({
    id: 'private', name: 'Private', move: 5, courage: 2, health: 3, psyche: 3, cost: 8, unique: false,
    primary: [{ weapon: 'rifle', cost: 0 }], nationSpecific: 'no', pistol: false,
    grenades: NO_GRENADES, itemSlots: 1, itemsFree: false, skillSlots: NO_SKILLS, builtInSkills: [],
  }),
  specialist({
    id: 'engineer', name: 'Engineer', move: 4, courage: 3, health: 5, psyche: 4, cost: 17, unique: false,
    primary: [{ weapon: 'lmg', cost: 0 }, { weapon: 'flamethrower', cost: 3 }, { weapon: 'he', cost: 3 }],
    nationSpecific: 'no', pistol: true,
    grenades: { free: 2, extraCost: 4, max: ENGINEER_MAX_GRENADES }, itemSlots: 1, itemsFree: false,
    skillSlots: NO_SKILLS, builtInSkills: [],
  }),
  specialist({
    id: 'political-officer', name: 'Political Officer', move: 5, courage: 4, health: 4, psyche: 5, cost: 15, unique: true,
    primary: PISTOL_ONLY, nationSpecific: 'no', pistol: false,
    grenades: NO_GRENADES, itemSlots: 2, itemsFree: false, skillSlots: NO_SKILLS,
    builtInSkills: ['idealist', 'ruthless', 'natural-leader'],
  }),
  specialist({
    id: 'marksman', name: 'Marksman', move: 5, courage: 3, health: 4, psyche: 5, cost: 15, unique: false,
    primary: [{ weapon: 'scoped-rifle', cost: 0 }], nationSpecific: 'no', pistol: true,
    grenades: NO_GRENADES, itemSlots: 1, itemsFree: false, skillSlots: NO_SKILLS, builtInSkills: ['covert', 'deadeye'],
  }),
  specialist({
    id: 'chaplain', name: 'Chaplain', move: 6, courage: 2, health: 3, psyche: 6, cost: 13, unique: true,
    primary: PISTOL_ONLY, nationSpecific: 'no', pistol: false,
    grenades: NO_GRENADES, itemSlots: 2, itemsFree: true, skillSlots: NO_SKILLS, builtInSkills: ['covert', 'religious-rites'],
  }),
  specialist({
    id: 'medic', name: 'Medic', move: 6, courage: 2, health: 3, psyche: 5, cost: 12, unique: true,
    primary: PISTOL_ONLY, nationSpecific: 'no', pistol: false,
    grenades: NO_GRENADES, itemSlots: 2, itemsFree: true, skillSlots: NO_SKILLS, builtInSkills: ['covert', 'field-medicine'],
  }),
  specialist({
    id: 'scout', name: 'Scout', move: 6, courage: 2, health: 3, psyche: 4, cost: 8, unique: false,
    primary: [{ weapon: 'scoped-rifle', cost: 0 }, { weapon: 'smg', cost: 0 }], nationSpecific: 'no', pistol: false,
    grenades: NO_GRENADES, itemSlots: 1, itemsFree: false, skillSlots: NO_SKILLS, builtInSkills: ['covert'],
  }),
];

export interface ItemDef {
  readonly id: ItemId;
  readonly name: string;
  readonly cost: number;
  /** 'soldier': paid from the carrier's pool (R24); Intel and Field Map are always vps. */
  readonly pool: Pool | 'soldier';
  readonly sergeantOnly: boolean;
}

/** Indexed like ITEM_IDS in roster-types.ts. */
export const ITEMS: readonly ItemDef[] = [
  { id: 'extra-magazine', name: 'Extra Magazine', cost: 3, pool: 'soldier', sergeantOnly: false },
  { id: 'religious-icon', name: 'Religious Icon', cost: 2, pool: 'soldier', sergeantOnly: false },
  { id: 'service-medal', name: 'Service Medal', cost: 2, pool: 'soldier', sergeantOnly: false },
  { id: 'letters-from-home', name: 'Letters from Home', cost: LETTERS_FROM_HOME_COST, pool: 'soldier', sergeantOnly: false },
  { id: 'morphine', name: 'Morphine', cost: 2, pool: 'soldier', sergeantOnly: false },
  { id: 'flask', name: 'Flask', cost: 1, pool: 'soldier', sergeantOnly: false },
  { id: 'tobacco', name: 'Tobacco', cost: 1, pool: 'soldier', sergeantOnly: false },
  { id: 'lucky-trinket', name: 'Lucky Trinket', cost: 1, pool: 'soldier', sergeantOnly: false },
  { id: 'intel', name: 'Intel', cost: 5, pool: 'vps', sergeantOnly: true },
  { id: 'field-map', name: 'Field Map', cost: 3, pool: 'vps', sergeantOnly: true },
];

/** R23: skills that can never fill a slot (they belong to the Medic and Chaplain profiles). */
export const SLOT_FORBIDDEN_SKILLS: readonly SkillId[] = ['field-medicine', 'religious-rites'];

/** R23: Inspiring Presence (2) is the skill taken twice, so it fills two slots. */
export function skillSlotsUsed(skill: SkillId): number {
  return skill === 'inspiring-presence-2' ? 2 : 1;
}

/**
 * R22 (ASSUMED) Nation-Specific weapon names. Appendix A is missing, so they are off by default:
 * naming one then gives a "not enabled" error instead of "unknown weapon"; the optional table
 * (nation-weapons.ts) gives the last four their stats. The bare 'nation-specific' names none.
 */
export const NATION_SPECIFIC_WEAPON_IDS = [
  'nation-specific', 'semi-automatic-rifle', 'assault-rifle', 'automatic-rifle', 'shotgun',
] as const;

export function profileById(id: string): Profile | undefined {
  return PROFILES.find((p) => p.id === id);
}
