/**
 * Forces (items 14–25, R3): nations and divisions, rank templates, weapon damage grids
 * and the 12-soldier division roster. Every value the rulebook lost is ASSUMED (R3).
 */
import { BLUE, GREEN, RED } from './cards.ts';
import { NATIONS, type NationId } from './nations.ts';
export { NATIONS, type NationId };
/** Item 14: divisions per nation; item 18: historically accurate soldier cap per division. */
export const DIVISIONS: Record<NationId, { id: string; historical: number }[]> = {
  usa: [{ id: '5th_rangers', historical: 12 }, { id: '101st_airborne', historical: 12 }],
  germany: [{ id: '352nd_infantry', historical: 10 }, { id: '15th_infantry', historical: 10 }],
  poland: [{ id: '6th_infantry', historical: 12 }, { id: '3rd_carpathian', historical: 10 }],
  red_army: [{ id: '45th_rifle', historical: 12 }, { id: '70th_guards', historical: 10 }],
  finland: [{ id: 'ii_corps_5th', historical: 10 }],
};
/** Item 15, R23: Axis = 1, Allies = 0, either = −1 (the Red Army; Finland per rules.finland_side). */
export const NATION_SIDE: Record<NationId, number> = { usa: 0, germany: 1, poland: 0, red_army: -1, finland: -2 };

/** Ranks low → high (item 21). A Leader is any rank above Private. */
export const RANKS = ['private', 'pfc', 'corporal', 'sergeant', 'captain'] as const;
export const RANK_PRIVATE = 0;
/** R3: Resolve / Vitality / Discipline colour / points by rank. */
export const RANK_RESOLVE = [6, 7, 8, 9, 9];
export const RANK_VITALITY = [10, 11, 11, 12, 12];
export const RANK_DISCIPLINE = [BLUE, GREEN, GREEN, RED, RED];
export const RANK_POINTS = [5, 7, 9, 10, 11];

/** Weapons (R3): each has a normal grid and, for sniper and MG, a scoped/crewed grid. */
export const WEAPONS = ['smg', 'bolt_rifle', 'semi_rifle', 'sniper', 'mg', 'pistol'] as const;
export type WeaponId = (typeof WEAPONS)[number];
export const W_SMG = 0, W_BOLT = 1, W_SEMI = 2, W_SNIPER = 3, W_MG = 4, W_PISTOL = 5;
export const MAX_RANGE = 7;
/** Grid strings by range 1..7 ("" = N/A). */
const GRIDS: Record<WeaponId, [string[], string[] | null]> = {
  smg: [['BGG', 'BG', 'GR', '', '', '', ''], null],
  bolt_rifle: [['GG', 'BG', 'BG', 'GR', 'RR', '', ''], null],
  semi_rifle: [['BG', 'BG', 'BG', 'GR', 'G', '', ''], null],
  sniper: [['G', 'GR', 'GG', 'BG', 'BG', 'BR', ''], ['GR', 'BG', 'BB', 'BB', 'BG', 'BG', 'B']],
  mg: [['BG', 'BG', 'BG', 'GG', 'GR', 'RR', ''], ['BBG', 'BBG', 'BB', 'BG', 'BG', 'GG', '']],
  pistol: [['GR', 'R', '', '', '', '', ''], null],
};
const COL: Record<string, number> = { R: RED, G: GREEN, B: BLUE };

/**
 * Grid table: grid index g = weapon * 2 + (alt ? 1 : 0); entry e = g * 7 + (range − 1);
 * GRID_LEN[e] dice (0 = N/A), GRID_DIE[e * 3 + k] their colours.
 */
export const GRID_LEN = new Int8Array(WEAPONS.length * 2 * MAX_RANGE);
export const GRID_DIE = new Int8Array(WEAPONS.length * 2 * MAX_RANGE * 3);
export const HAS_ALT = Uint8Array.from(WEAPONS.map((w) => (GRIDS[w][1] ? 1 : 0)));
WEAPONS.forEach((w, wi) => {
  for (let alt = 0; alt < 2; alt++) {
    const g = GRIDS[w][alt] ?? GRIDS[w][0];
    for (let r = 0; r < MAX_RANGE; r++) {
      const e = (wi * 2 + alt) * MAX_RANGE + r;
      GRID_LEN[e] = g[r].length;
      for (let k = 0; k < g[r].length; k++) GRID_DIE[e * 3 + k] = COL[g[r][k]];
    }
  }
});

export function gridString(weapon: number, alt: boolean, range: number): string {
  const w = GRIDS[WEAPONS[weapon]];
  return ((alt ? w[1] : null) ?? w[0])[range - 1] ?? '';
}

/** Colonel-level traits (items 24–25, R20). */
export const TRAITS = ['command_radius', 'foolhardy', 'camouflage', 'fatalist', 'trigger_happy', 'noisy', 'medic', 'no_disengage'] as const;
export type TraitId = (typeof TRAITS)[number];
export const TR_COMMAND_RADIUS = 1, TR_FOOLHARDY = 2, TR_CAMOUFLAGE = 4, TR_FATALIST = 8, TR_TRIGGER_HAPPY = 16, TR_NOISY = 32, TR_MEDIC = 64, TR_NO_DISENGAGE = 128;

export interface SoldierCard {
  number: number;
  rank: (typeof RANKS)[number];
  weapon: WeaponId;
  traits: TraitId[];
}

/** R3: the default 12-soldier roster of every division (2 SMG, 6 rifles, 1 sniper, 1 MG, 2 semi-auto). */
export const DEFAULT_ROSTER: SoldierCard[] = [
  { number: 1, rank: 'captain', weapon: 'smg', traits: [] },
  { number: 2, rank: 'sergeant', weapon: 'smg', traits: [] },
  { number: 3, rank: 'sergeant', weapon: 'bolt_rifle', traits: [] },
  { number: 4, rank: 'corporal', weapon: 'mg', traits: [] },
  { number: 5, rank: 'corporal', weapon: 'bolt_rifle', traits: [] },
  { number: 6, rank: 'corporal', weapon: 'semi_rifle', traits: [] },
  { number: 7, rank: 'pfc', weapon: 'sniper', traits: [] },
  { number: 8, rank: 'pfc', weapon: 'bolt_rifle', traits: [] },
  { number: 9, rank: 'pfc', weapon: 'semi_rifle', traits: [] },
  { number: 10, rank: 'private', weapon: 'bolt_rifle', traits: [] },
  { number: 11, rank: 'private', weapon: 'bolt_rifle', traits: [] },
  { number: 12, rank: 'private', weapon: 'bolt_rifle', traits: [] },
];

/** The weapon-keyed and rank-keyed ids `rules.cost_overrides` accepts (D17). */
export const COST_KEYS: readonly string[] = [...RANKS, ...WEAPONS];

/** A soldier card's squad points (item 17, R3): its rank's points, plus any D17 override of its rank or weapon. */
export function cardPoints(card: { rank: string; weapon: string }, overrides: Readonly<Record<string, number>> | undefined): number {
  const printed = RANK_POINTS[RANKS.indexOf(card.rank as (typeof RANKS)[number])];
  return (overrides?.[card.rank] ?? printed) + (overrides?.[card.weapon] ?? 0);
}

/** Item 24: the two known soldiers (Eisenberg: German Captain; Vasiliev: Red Army scoped sniper). */
export function rosterOf(nation: NationId): SoldierCard[] {
  const r = DEFAULT_ROSTER.map((s) => ({ ...s, traits: [...s.traits] }));
  if (nation === 'germany') r[0].traits = ['command_radius', 'foolhardy'];
  if (nation === 'red_army') r[6].traits = ['camouflage', 'fatalist'];
  return r;
}
