/**
 * Iron Squad unit types and weapons (items 43, 53–63; R2, R6). Plain tables only: the
 * numbers the rulebook prints are constants, the ASSUMED ones are defaults in params.ts.
 */

/** The seven unit types (item 55), then the Local unit an Explore card adds (R6). */
export const T_CAPTAIN = 0;
export const T_RIFLEMAN = 1;
export const T_MG = 2;
export const T_GRENADIER = 3;
export const T_ENGINEER = 4;
export const T_SNIPER = 5;
export const T_MEDIC = 6;
export const T_LOCAL = 7;
export const TYPE_COUNT = 8;
/** Config ids, in type order; "local" cannot be selected (it only comes from Explore cards). */
export const UNIT_IDS = ['captain', 'rifleman', 'machine-gunner', 'grenade-thrower', 'engineer', 'sniper', 'medic'] as const;
export const TYPE_LABELS = [...UNIT_IDS, 'local'] as const;
export type UnitId = (typeof UNIT_IDS)[number];

/** Weapon rows of the accuracy modifier table (item 43). */
export const W_GUN = 0;
export const W_RIFLE = 1;
export const W_SNIPER = 2;
export const W_MG = 3;
export const W_GRENADE = 4;
export const WEAPON_IDS = ['gun', 'rifle', 'sniper', 'machine-gun', 'grenade'] as const;

/** Target-terrain columns of the TAM (item 43): Clear/Sand/Road, Building, High Grass, Forest. */
export const TAM_CLEAR = 0;
export const TAM_BUILDING = 1;
export const TAM_GRASS = 2;
export const TAM_FOREST = 3;
export const TAM_COLUMN_IDS = ['clear', 'building', 'high-grass', 'forest'] as const;

/** Item 43, row-major [weapon][column]. */
export const TAM = Int32Array.of(
  0, -12, -10, -13,
  0, -10, -8, -10,
  0, -8, -6, -8,
  5, 0, -4, -9,
  5, -14, 0, -9,
);
/** [weapon][0 = in favour, 1 = against]. */
export const EAM = Int32Array.of(6, -8, 8, -4, 10, 0, 5, -12, 5, -8);
/** [weapon][distance 0 (Base) .. 4]. */
export const DAM = Int32Array.of(
  0, -4, -8, 0, 0,
  0, -4, -6, -8, 0,
  0, 0, -2, -4, -8,
  6, 4, 0, -10, 0,
  4, 4, -10, 0, 0,
);
/** [weapon][column H4, H3, H2, H1] = index 0..3. */
export const HAM = Int32Array.of(
  0, 0, -4, -8,
  -3, -5, -7, -10,
  -3, -5, -7, -10,
  -5, -9, -13, -15,
  0, -4, -6, -10,
);
export const START_ACCURACY = 35;
/** Item 50: die-roll modifier of faces 1..8 (index 0..7). */
export const DRM = Int32Array.of(-26, -13, 0, 13, 26, 39, 52, 65);

/** Result table (item 51), index 0..7. */
export const R_ATTACKER_HIT = 0;
export const R_NONE = 1;
export const RESULT_LABELS = ['A −1H', '—', 'D −1H', 'D −1H −4MP', 'D −2H', 'D −2H −4MP', 'D −3H', 'D −3H −4MP'] as const;
/** Defender health lost per result index. */
export const RESULT_DAMAGE = Int32Array.of(0, 0, 1, 1, 2, 2, 3, 3);
/** 1 where the result puts a −4MP marker on the defender. */
export const RESULT_MP = Uint8Array.of(0, 0, 0, 1, 0, 1, 0, 1);

/**
 * Final accuracy -> result index. Every modifier is an integer, so the printed bands
 * (<12.5, 13–25.5, 26–38.5 … >90) are FA <= 12, 13..25, 26..38, … , >= 91: 13 wide.
 */
export function resultIndex(fa: number): number {
  if (fa <= 12) return R_ATTACKER_HIT;
  const k = ((fa - 13) / 13) | 0;
  return k >= 6 ? 7 : k + 1;
}

/**
 * HAM column for a unit at `hp` (items 47, 48): normal units 5 none, 4..1 -> H4..H1;
 * explored (Local) units 3 none, 2 -> H3, 1 -> H1. −1 = no modifier.
 */
export function hamColumn(hp: number, local: boolean): number {
  if (local) return hp >= 3 ? -1 : hp === 2 ? 1 : 3;
  return hp >= 5 ? -1 : 4 - hp;
}

/** Weapon row of each unit type (R2; Local = Rifle, R6). */
export const TYPE_WEAPON = Int32Array.of(W_GUN, W_RIFLE, W_MG, W_GRENADE, W_GUN, W_SNIPER, W_GUN, W_RIFLE);

/** Item 74: bot target priority among equal HP (lower = first): Captain, Medic, MG, Sniper, Grenadier, Rifleman, Engineer; Local last. */
export const BOT_PRIORITY = Int32Array.of(0, 5, 2, 4, 6, 3, 1, 7);

/** Item 72: the D8 roll for a solo Regular unit, faces 1..8 -> type. */
export const SOLO_REGULAR_ROLL = Int32Array.of(T_CAPTAIN, T_CAPTAIN, T_SNIPER, T_ENGINEER, T_MEDIC, T_MG, T_RIFLEMAN, T_GRENADIER);

/** Item 67: the three luck dice as integer weights of faces 1..8. */
export const LUCK_DICE = {
  d8: [1, 1, 1, 1, 1, 1, 1, 1],
  'd20-flat': [2, 2, 3, 3, 3, 3, 2, 2],
  'd20-peaked': [1, 2, 3, 4, 4, 3, 2, 1],
} as const;
export type LuckDieId = keyof typeof LUCK_DICE;
export const LUCK_DIE_IDS = Object.keys(LUCK_DICE) as LuckDieId[];
