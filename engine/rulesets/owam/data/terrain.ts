/**
 * Terrain cards (items 8–9, R2). Field (0) is every empty position; the "A" cards of the
 * missions (Château, Bridge, 73A, 11A) use Building or Village values. Letters are the
 * map-layout alphabet of data/missions.ts and `map.layout`.
 */
export const TERRAIN_IDS = [
  'field', 'hill', 'road', 'woods', 'hedgerow', 'building', 'ruins', 'village', 'railroad', 'crater', 'marsh', 'lake',
  'chateau', 'bridge', 'building_73a', 'village_11a',
] as const;
export type TerrainId = (typeof TERRAIN_IDS)[number];
export const T_FIELD = 0, T_HILL = 1, T_ROAD = 2, T_WOODS = 3, T_HEDGE = 4, T_BUILDING = 5, T_RUINS = 6, T_VILLAGE = 7;
export const T_RAIL = 8, T_CRATER = 9, T_MARSH = 10, T_LAKE = 11, T_CHATEAU = 12, T_BRIDGE = 13, T_73A = 14, T_11A = 15;
export const TERRAIN_LETTERS = '.HRWGBUVTCMLXYZQ';

const BLOCK = 1, NO_STEALTH = 2, FAST = 4, NO_MOVE = 8, NO_FAST = 16;
export const TF_BLOCK = BLOCK, TF_NO_STEALTH = NO_STEALTH, TF_FAST = FAST, TF_NO_MOVE = NO_MOVE, TF_NO_FAST = NO_FAST;

/** [attack, defense, flags, range limit (0 none)] per terrain (R2, ASSUMED). */
const TABLE: readonly [number, number, number, number][] = [
  [0, 0, 0, 0], // field (item 9)
  [3, 1, 0, 0], // hill
  [0, 1, FAST, 0], // road
  [0, 2, BLOCK, 2], // woods
  [1, 2, BLOCK, 0], // hedgerow
  [1, 3, BLOCK | NO_STEALTH, 0], // building
  [1, 2, 0, 0], // ruins
  [1, 2, BLOCK, 0], // village
  [0, 0, FAST, 0], // railroad
  [0, 2, 0, 0], // crater
  [-1, 0, NO_FAST, 0], // marsh
  [0, 0, NO_MOVE, 0], // lake: cannot be entered, does not block LOS
  [1, 3, BLOCK | NO_STEALTH, 0], // chateau (Building values)
  [1, 2, BLOCK, 0], // bridge (Village values)
  [1, 3, BLOCK | NO_STEALTH, 0], // 73A (Building)
  [1, 2, BLOCK, 0], // 11A (Village)
];

export const TERRAIN_ATTACK = Int8Array.from(TABLE.map((t) => t[0]));
export const TERRAIN_DEFENSE = Int8Array.from(TABLE.map((t) => t[1]));
export const TERRAIN_FLAGS = Int8Array.from(TABLE.map((t) => t[2]));
export const TERRAIN_RANGE_LIMIT = Int8Array.from(TABLE.map((t) => t[3]));
