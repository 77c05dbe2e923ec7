/**
 * The compiled roster: what roster.ts produces from roster JSON and what the rules engine
 * consumes. Codes are small integers; bit masks hold skills and items.
 */
export const PROFILE_IDS = [
  'sergeant', 'veteran-corporal', 'corporal', 'veteran-lance-corporal', 'lance-corporal',
  'hardened-private-1st-class', 'private-1st-class', 'private',
  'engineer', 'political-officer', 'marksman', 'chaplain', 'medic', 'scout',
] as const;
export type ProfileId = (typeof PROFILE_IDS)[number];
export const P_SERGEANT = 0;
export const P_ENGINEER = 8;
export const P_POLITICAL_OFFICER = 9;
export const P_MARKSMAN = 10;
export const P_CHAPLAIN = 11;
export const P_MEDIC = 12;
export const P_SCOUT = 13;
export const PROFILE_COUNT = 14;

/** Skill bits (digest items 71–79). Inspiring Presence (2) is IP1|IP2. */
export const SKILL_IDS = [
  'inspiring-presence', 'inspiring-presence-2', 'ruthless', 'natural-leader', 'idealist',
  'covert', 'deadeye', 'fighting-instinct', 'field-medicine', 'religious-rites',
] as const;
export type SkillId = (typeof SKILL_IDS)[number];
export const S_INSPIRING = 1 << 0;
export const S_INSPIRING_2 = 1 << 1;
export const S_RUTHLESS = 1 << 2;
export const S_NATURAL_LEADER = 1 << 3;
export const S_IDEALIST = 1 << 4;
export const S_COVERT = 1 << 5;
export const S_DEADEYE = 1 << 6;
export const S_FIGHTING_INSTINCT = 1 << 7;
export const S_FIELD_MEDICINE = 1 << 8;
export const S_RELIGIOUS_RITES = 1 << 9;

/** Item bits (digest items 80–89). */
export const ITEM_IDS = [
  'extra-magazine', 'religious-icon', 'service-medal', 'letters-from-home', 'morphine',
  'flask', 'tobacco', 'lucky-trinket', 'intel', 'field-map',
] as const;
export type ItemId = (typeof ITEM_IDS)[number];
export const I_EXTRA_MAGAZINE = 1 << 0;
export const I_RELIGIOUS_ICON = 1 << 1;
export const I_SERVICE_MEDAL = 1 << 2;
export const I_LETTERS = 1 << 3;
export const I_MORPHINE = 1 << 4;
export const I_FLASK = 1 << 5;
export const I_TOBACCO = 1 << 6;
export const I_LUCKY_TRINKET = 1 << 7;
export const I_INTEL = 1 << 8;
export const I_FIELD_MAP = 1 << 9;

export interface CompiledSoldier {
  /** Display name (from the roster, or generated "Corporal 2"). Never used in the hot loop. */
  name: string;
  /** Index into PROFILE_IDS. */
  profile: number;
  move: number;
  /** Courage on the profile, including Service Medal (+1). */
  courage: number;
  health: number;
  /** Maximum psyche, including Religious Icon (+1). */
  psyche: number;
  /** Primary weapon code (weapons.ts W_*); W_PISTOL for pistol-only specialists. */
  primary: number;
  /** Carries a pistol as a secondary weapon. */
  pistol: boolean;
  grenades: number;
  /** Purchase cost in vps and in sps (items and upgrades included). */
  costVps: number;
  costSps: number;
  specialist: boolean;
  sergeant: boolean;
  /** Skill bits, including the profile's built-in skills. */
  skills: number;
  /** Item bits. */
  items: number;
}

export interface CompiledRoster {
  nation: string;
  soldiers: CompiledSoldier[];
  totalVps: number;
  totalSps: number;
  /** The sps budget after the nation's bonus (R27). */
  spsBudget: number;
}
