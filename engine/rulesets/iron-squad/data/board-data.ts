/**
 * Iron Squad terrain and board data (items 11–18, 25–26, 34, 36; R3–R5, R18). Plain
 * tables; the generator's ASSUMED numbers (R4) are defaults of `boardGenSchema` in
 * board-gen.ts, not constants here.
 */

/** Terrain codes per hex (Uint8). */
export const T_CLEAR = 0;
export const T_FOREST = 1;
export const T_HILLS = 2;
export const T_WATER = 3;
export const T_BUILDING = 4;
export const T_ROCK = 5;
export const T_HIGH_GRASS = 6;
export const T_ROAD = 7;
export const T_SAND = 8;
/** A Mission Objective (red-bordered hex): a Building for MP and LOS, never explored (item 16, R7). */
export const T_OBJECTIVE = 9;
/** A hex of a face-down (unrevealed) tile: its terrain is unknown until revealed. */
export const T_HIDDEN = 10;
export const TERRAIN_COUNT = 11;

export const TERRAIN_IDS = ['clear', 'forest', 'hills', 'water', 'building', 'rock', 'high-grass', 'road', 'sand', 'objective', 'hidden'] as const;
export type TerrainId = (typeof TERRAIN_IDS)[number];

/**
 * One character per terrain in board JSON rows and tile strings: C clear, F forest,
 * H hills, W water, B building, X rock, G high grass, R road, S sand, O mission
 * objective; '?' marks a hex of a tile slot (its terrain comes from the tile).
 */
export const TERRAIN_CHARS = 'CFHWBXGRSO';
export const SLOT_CHAR = '?';

/** MP to enter (item 25); 255 = impassable. Road's entry is from off the road (R18: as Clear). */
export const TERRAIN_MP = Uint8Array.of(3, 4, 5, 255, 3, 255, 4, 3, 4, 3, 255);
/** MP per hex along the road, road hex to adjacent road hex (items 25–26, R18). */
export const ROAD_ALONG_MP = 2;

/** Blocks LOS (item 34; MO hexes count as Buildings; a hidden hex blocks under R5). */
export const TERRAIN_BLOCKS_LOS = Uint8Array.of(0, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1);
/** Ground level (item 36: Hills are high ground, everything else low). */
export const TERRAIN_LEVEL = Int8Array.of(0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0);

/**
 * TAM column of a target standing on each terrain (item 43; units.ts TAM_*): Clear, Sand and
 * Road 0; Building and MO 1 (R3); High Grass 2; Forest 3; Hills -2 = the rules parameter
 * `hills_tam_column` (R3); -1 = no unit can stand there.
 */
export const TERRAIN_TAM_COLUMN = Int8Array.of(0, 3, -2, -1, 1, -1, 2, 0, 0, 1, -1);

/** Tile groups (item 11): how each group is laid at setup (items 12–14). */
export const GROUP_COUNT = 6;
/** Groups 1 and 6: shuffled, all laid face up, "N" to the north (rotation 0). */
export const GK_FACE_UP = 0;
/** Groups 2 and 5: Mission-Objective tiles placed by a D8 on the slot labelled n; the rest face down. */
export const GK_OBJECTIVE_ROLL = 1;
/** Groups 3 and 4: all face down. */
export const GK_HIDDEN = 2;
/** Kind per group number 1..6 (index 0 unused). */
export const GROUP_KIND = Int8Array.of(-1, GK_FACE_UP, GK_OBJECTIVE_ROLL, GK_HIDDEN, GK_HIDDEN, GK_OBJECTIVE_ROLL, GK_FACE_UP);
/** Who places the Mission-Objective tiles of a group (item 13): Germany group 2, USA group 5. */
export const SIDE_USA = 0;
export const SIDE_GERMANY = 1;

/** Deployment zone per hex (item 6): USA north of the northern road, Germany south of the southern one. */
export const ZONE_USA = 0;
export const ZONE_GERMANY = 1;
export const ZONE_NONE = 2;

/** Explore card codes (item 18). */
export const CARD_EMPTY = 0;
export const CARD_UNIT_USA = 1;
export const CARD_UNIT_GERMANY = 2;

/** Names for generated Mission Objectives (item 16 names three; the rest are ours). */
export const OBJECTIVE_NAMES = [
  'Lighthouse', 'Airport', 'Dock', 'Church', 'Farmhouse', 'Mill', 'Bridge house', 'Radio station', 'Depot', 'Chateau',
  'Signal tower', 'Bunker',
] as const;
