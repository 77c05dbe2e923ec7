/**
 * The rulebook's tables as the digest reads them (items 33–46, R1–R3, R9, R14, R20):
 * profiles, weapons, vehicles and the points catalogue. Every lost number (Skill dice,
 * Damage dice, vehicle Defense dice) is an ASSUMED default the config may override
 * (data/params.ts); these arrays are only the defaults.
 */

/** Unit types: the four combatant profiles (items 33–36), the vehicles and the drone (R14). */
export const TYPE_IDS = ['average', 'poor', 'non-combatant', 'specialist', 'truck', 'apc', 'light-tank', 'tank', 'drone'] as const;
export type TypeId = (typeof TYPE_IDS)[number];
export const T_AVERAGE = 0, T_POOR = 1, T_NONCOMBATANT = 2, T_SPECIALIST = 3, T_TRUCK = 4, T_APC = 5, T_LIGHT_TANK = 6, T_TANK = 7, T_DRONE = 8;
export const TYPE_LABELS = ['Average combatant', 'Poorly-trained combatant', 'Non-combatant', 'Specialist combatant', 'Truck/Jeep', 'APC', 'Light tank', 'Tank', 'Drone'];
/** Troops (may trade the Action for a second Move, item 5) are the four profiles. */
export const isTroop = (t: number): boolean => t <= T_SPECIALIST;
export const isVehicle = (t: number): boolean => t >= T_TRUCK && t <= T_TANK;

/** Items 33–36 and R1: Move, Skill die, Defense. */
export const PROFILE_DEFAULTS: Record<'average' | 'poor' | 'non-combatant' | 'specialist', { move: number; skill: number; defense: number }> = {
  average: { move: 8, skill: 8, defense: 4 },
  poor: { move: 8, skill: 6, defense: 3 },
  'non-combatant': { move: 5, skill: 4, defense: 2 },
  specialist: { move: 8, skill: 8, defense: 4 },
};

/** R14: vehicles and the drone. defense_die 0 = a plain Defense number (`defense`). */
export const VEHICLE_DEFAULTS: Record<'truck' | 'apc' | 'light-tank' | 'tank' | 'drone', { move: number; defense_die: number; defense: number; tracked: boolean; skill: number; weapons: WeaponId[] }> = {
  truck: { move: 16, defense_die: 6, defense: 0, tracked: false, skill: 8, weapons: [] },
  apc: { move: 12, defense_die: 8, defense: 0, tracked: true, skill: 8, weapons: ['mmg'] },
  'light-tank': { move: 10, defense_die: 10, defense: 0, tracked: true, skill: 8, weapons: ['autocannon', 'mmg'] },
  tank: { move: 8, defense_die: 12, defense: 0, tracked: true, skill: 8, weapons: ['main-gun', 'mmg'] },
  drone: { move: 16, defense_die: 0, defense: 2, tracked: false, skill: 8, weapons: [] },
};

/** Items 39–46 (+ the R14 tank main gun). */
export const WEAPON_IDS = ['rifle', 'lmg', 'mmg', 'bayonet', 'grenade', 'autocannon', 'mortar', 'at-rocket', 'main-gun'] as const;
export type WeaponId = (typeof WEAPON_IDS)[number];
export const W_RIFLE = 0, W_LMG = 1, W_MMG = 2, W_BAYONET = 3, W_GRENADE = 4, W_AUTOCANNON = 5, W_MORTAR = 6, W_AT_ROCKET = 7, W_MAIN_GUN = 8;
export const WEAPON_LABELS = ['Rifle', 'Light machine gun', 'Medium machine gun', 'Bayonet', 'Grenade', 'Autocannon', '60 mm mortar', 'Anti-tank rocket', 'Tank main gun'];

export interface WeaponRow {
  range: number;
  difficulty: number;
  /** Damage die sides (R2, ASSUMED). */
  damage: number;
  /** Attacks per Action (item 17); 1 = no Fan. */
  fan: number;
  /** Explosive radius in inches (item 15); 0 = not explosive. */
  radius: number;
  /** Minimum range (R3's alternative reading of the mortar's 12). */
  min_range: number;
  /** Crew size including the gunner (R9); 1 = not crew-served. */
  crew: number;
  /** May fire indirectly at a passed target (R12). */
  indirect: boolean;
}

/** Rulebook columns with R2 damage dice, R3 readings (AT rocket Fan 1) and R9 crews. */
export const WEAPON_DEFAULTS: Record<WeaponId, WeaponRow> = {
  rifle: { range: 36, difficulty: 3, damage: 6, fan: 1, radius: 0, min_range: 0, crew: 1, indirect: false },
  lmg: { range: 36, difficulty: 4, damage: 6, fan: 2, radius: 0, min_range: 0, crew: 2, indirect: false },
  mmg: { range: 48, difficulty: 5, damage: 8, fan: 4, radius: 0, min_range: 0, crew: 3, indirect: false },
  bayonet: { range: 1, difficulty: 2, damage: 4, fan: 1, radius: 0, min_range: 0, crew: 1, indirect: false },
  grenade: { range: 12, difficulty: 2, damage: 6, fan: 1, radius: 3, min_range: 0, crew: 1, indirect: false },
  autocannon: { range: 64, difficulty: 6, damage: 10, fan: 4, radius: 0, min_range: 0, crew: 3, indirect: false },
  mortar: { range: 72, difficulty: 5, damage: 8, fan: 2, radius: 12, min_range: 0, crew: 2, indirect: true },
  'at-rocket': { range: 36, difficulty: 5, damage: 12, fan: 1, radius: 0, min_range: 0, crew: 2, indirect: false },
  'main-gun': { range: 72, difficulty: 5, damage: 12, fan: 1, radius: 0, min_range: 0, crew: 1, indirect: false },
};

/** R10: weapons every combatant is trained on. */
export const BASIC_WEAPONS: readonly WeaponId[] = ['rifle', 'bayonet', 'grenade'];

/** R20 points catalogue (ASSUMED, tunable). */
export const COST_DEFAULTS = {
  type: { average: 10, poor: 7, 'non-combatant': 3, specialist: 14, truck: 20, apc: 40, 'light-tank': 60, tank: 90, drone: 12 } as Record<TypeId, number>,
  weapon: { rifle: 0, lmg: 6, mmg: 10, bayonet: 0, grenade: 2, autocannon: 15, mortar: 10, 'at-rocket': 8, 'main-gun': 0 } as Record<WeaponId, number>,
  kit: { radio: 3, armour: 3, nvg: 2, medic: 4, ew: 6, commander: 5 },
};
