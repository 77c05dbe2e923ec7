/** The rulebook's small tables (digest items 5–24, 26–30, 62–66), as constants. */

/** Items 5–10: the order die faces (1 Fire … 6 Down); 0 = no order yet. */
export const NO_ORDER = 0;
export const FIRE = 1;
export const ADVANCE = 2;
export const RUN = 3;
export const AMBUSH = 4;
export const RALLY = 5;
export const DOWN = 6;
export const ORDER_LABELS = ['none', 'Fire', 'Advance', 'Run', 'Ambush', 'Rally', 'Down'] as const;

/** Items 13–15: quality → Morale. Index 0 Inexperienced, 1 Regular, 2 Veteran. */
export const QUALITY_IDS = ['inexperienced', 'regular', 'veteran'] as const;
export const INEXPERIENCED = 0;
export const MORALE = Int32Array.of(8, 9, 10);
/** Item 28: damage value of infantry/artillery by quality (3+, 4+, 5+). */
export const INFANTRY_DV = Int32Array.of(3, 4, 5);

/** Items 16–19: officer ranks (index 1..4; 0 = not an officer). */
export const RANK_IDS = ['none', 'second-lieutenant', 'first-lieutenant', 'captain', 'major'] as const;
export const RANK_BONUS = Int32Array.of(0, 1, 2, 3, 4);
export const RANK_EXTRA_ORDERS = Int32Array.of(0, 1, 2, 3, 4);
export const RANK_RANGE = Float64Array.of(0, 6, 6, 12, 12);

/** Movement classes (items 20–23; R20 artillery). */
export const MV_INFANTRY = 0;
export const MV_ARTILLERY = 1;
export const MV_WHEELED = 2;
export const MV_HALFTRACK = 3;
export const MV_TRACKED = 4;
export const MOVE_CLASS_IDS = ['infantry', 'artillery', 'wheeled', 'half-tracked', 'tracked'] as const;
/** Item 20 (R20: artillery Advance 6", no Run). */
export const ADVANCE_RATE = Float64Array.of(6, 6, 12, 9, 9);
export const RUN_RATE = Float64Array.of(12, 0, 24, 18, 18);
/** Item 21: 90° pivots on Advance / on Run (vehicles). */
export const PIVOTS_ADVANCE = Int32Array.of(0, 0, 2, 2, 1);
export const PIVOTS_RUN = Int32Array.of(0, 0, 1, 1, 0);

/** Terrain categories of a map piece (item 23). */
export const T_OPEN = 0;
export const T_ROUGH = 1;
export const T_OBSTACLE = 2;
export const T_BUILDING = 3;
export const T_ROAD = 4;
export const TERRAIN_IDS = ['open', 'rough', 'obstacle', 'building', 'road'] as const;

/** Item 24: terrain codes. */
export const OK = 0;
export const NO_RUN = 1;
export const NO = 2;
export const ROAD_X2 = 3;
/** OK* (anti-tank obstacles stop vehicles), No* (guns only deployed there), No(!) (tank demolition, disabled: R18). */
export const OK_STAR = 4;
export const NO_STAR = 5;
export const NO_BANG = 6;

/**
 * Item 23 as [category][move class]: Infantry / Artillery / Wheeled / Half-track / Tracked.
 * Half-tracks use the Tracked column except Obstacles (R20 `halftrack_obstacle`, patched by compile).
 */
export const TERRAIN_TABLE: readonly (readonly number[])[] = [
  [OK, OK, OK, OK, OK],
  [NO_RUN, NO_STAR, NO, NO_RUN, NO_RUN],
  [NO_RUN, NO, NO, OK_STAR, OK_STAR],
  [OK, NO_STAR, NO, NO_BANG, NO_BANG],
  [OK, OK, ROAD_X2, ROAD_X2, ROAD_X2],
];

/** Cover classes (R10). */
export const COVER_NONE = 0;
export const COVER_SOFT = 1;
export const COVER_HARD = 2;

/** Item 27: to-hit modifiers. */
export const HIT_BASE = 3;
export const MOD_POINT_BLANK = 1;
export const MOD_PIN = -1;
export const MOD_LONG = -1;
export const MOD_INEXPERIENCED = -1;
export const MOD_MOVING = -1;
export const MOD_DOWN = -2;
export const MOD_SMALL = -1;
export const MOD_SOFT = -1;
export const MOD_HARD = -2;

/** Items 28–29: vehicle classes and damage values. */
export const VC_NONE = 0; // not a vehicle
export const VC_SOFT = 1;
export const VC_ARMOURED_CAR = 2;
export const VC_LIGHT = 3;
export const VC_MEDIUM = 4;
export const VC_HEAVY = 5;
export const VC_SUPER_HEAVY = 6;
export const VEHICLE_CLASS_IDS = ['none', 'soft-skin', 'armoured-car', 'light-tank', 'medium-tank', 'heavy-tank', 'super-heavy-tank'] as const;
export const VEHICLE_DV = Int32Array.of(0, 6, 7, 8, 9, 10, 11);

/** Item 30 / R17: facings. */
export const FACE_FRONT = 0;
export const FACE_SIDE = 1;
export const FACE_REAR = 2;
export const FACE_TOP = 3;
export const FACING_IDS = ['front', 'side', 'rear', 'top'] as const;
export const FACING_PEN = Int32Array.of(0, 1, 2, 1);

/** Items 62–66: the vehicle damage table. */
export const VD_STUNNED = 1;
export const VD_IMMOBILISED = 2;
export const VD_ON_FIRE = 3;
export const VD_KNOCKED_OUT = 4;
/** A table roll (already modified) → its result. */
export function vehicleDamageResult(roll: number): number {
  return roll <= 1 ? VD_STUNNED : roll === 2 ? VD_IMMOBILISED : roll === 3 ? VD_ON_FIRE : VD_KNOCKED_OUT;
}

/** R17 damage grades. */
export const GRADE_NONE = 0;
export const GRADE_SUPERFICIAL = 1;
export const GRADE_FULL = 2;
export const GRADE_MASSIVE = 3;
