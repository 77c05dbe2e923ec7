/**
 * The 8 missions (items 102–110, R4). The printed maps are lost: each layout below is
 * ASSUMED (letters of data/terrain.ts TERRAIN_LETTERS; '#' = deal a Terrain card from the
 * core deck, item 106). Side 0 starts on row 0 (north), side 1 on the last row (south);
 * side 0 is the Allies, side 1 the Axis (item 15).
 */
export const MISSION_IDS = [
  'not_in_my_house', 'king_of_the_hill', 'burning_bridges', 'capture_the_flag', 'random_generator', 'chateau', 'road_to_ruin', 'sky_is_falling',
] as const;
export type MissionId = (typeof MISSION_IDS)[number];
export const M_NIMH = 0, M_KOTH = 1, M_BRIDGES = 2, M_FLAG = 3, M_RANDOM = 4, M_CHATEAU = 5, M_ROAD = 6, M_SKY = 7;

/** Mission Combat Operations (items 76–79, section J). */
export const COMBAT_OPS = ['artillery', 'smoke', 'star_shell', 'satchel_charge', 'reinforcements', 'supply_truck'] as const;
export type CombatOpId = (typeof COMBAT_OPS)[number];
export const OP_ARTILLERY = 0, OP_SMOKE = 1, OP_STAR_SHELL = 2, OP_SATCHEL = 3, OP_REINFORCEMENTS = 4, OP_SUPPLY_TRUCK = 5;
export const VISIBILITY = ['sun', 'moon', 'blizzard'] as const;
export const VIS_SUN = 0, VIS_MOON = 1, VIS_BLIZZARD = 2;

export interface MissionCard {
  id: MissionId;
  layout: string[];
  combatOp: CombatOpId;
  visibility: (typeof VISIBILITY)[number];
  visibilityRange: number;
  wind: 'red' | 'green' | 'blue';
  deckTimer: number;
  squadPoints: number;
  /** FT cap per squad (item 19) and per-FT soldier cap (item 104). */
  ftMax: number;
  ftSizeMax: [number, number];
  /** Objective cell as [col, row] (KotH hill, NIMH building, Bridge, DZ, Château), or null. */
  objective: [number, number] | null;
  /** A second cell: Sky is Falling's Bridge, Road to Ruin's 11A. */
  objective2: [number, number] | null;
}

const base = { combatOp: 'artillery' as CombatOpId, visibility: 'sun' as const, visibilityRange: 0, wind: 'green' as const, deckTimer: 1, squadPoints: 75, ftMax: 4, ftSizeMax: [8, 8] as [number, number], objective2: null };

export const MISSIONS: Record<MissionId, MissionCard> = {
  // Item 102: a Building in the defender's (side 1) half.
  not_in_my_house: { ...base, id: 'not_in_my_house', combatOp: 'reinforcements', objective: [1, 4], layout: ['W.G.', '.C.U', 'G..H', '.U.W', '.B.G', 'C..R'] },
  // Item 103: a Hill at the centre of a 5 × 5 map (an even grid has no centre card).
  king_of_the_hill: { ...base, id: 'king_of_the_hill', combatOp: 'smoke', objective: [2, 2], layout: ['W.G.W', '.C.U.', 'G.H.G', '.U.C.', 'W.G.W'] },
  // Item 104: the Bridge in the middle; Axis FTs of 3 arrive one per Debrief.
  burning_bridges: { ...base, id: 'burning_bridges', combatOp: 'satchel_charge', ftSizeMax: [8, 3], objective: [1, 3], layout: ['.W.G', 'C..U', 'G.H.', 'MYLL', '.R.W', 'U.C.'] },
  // Item 105: flags in each start row (side 0's at objective, side 1's at objective2); Artillery.
  capture_the_flag: { ...base, id: 'capture_the_flag', objective: [1, 0], objective2: [2, 5], layout: ['.G.W', 'U.C.', 'H..W', 'W..H', '.C.U', 'W.G.'] },
  // Item 106: terrain dealt from the core deck into the '#' pattern; points only, Artillery.
  random_generator: { ...base, id: 'random_generator', objective: null, layout: ['#.#.', '.#.#', '#.#.', '.#.#', '#.#.', '.#.#'] },
  // Item 107: Lu on the Château (moon 2); the Allies carry her home.
  chateau: { ...base, id: 'chateau', combatOp: 'star_shell', visibility: 'moon', visibilityRange: 2, objective: [1, 4], layout: ['.W.G', 'G..W', '.U.C', 'W..H', '.X.W', 'G.W.'] },
  // Item 108: the Supply Truck runs up column 3 from 73A (south) to 11A (north).
  road_to_ruin: { ...base, id: 'road_to_ruin', combatOp: 'supply_truck', objective: [3, 5], objective2: [3, 0], layout: ['W.GQ', '.C.R', 'G.UR', '.H.R', 'W.CR', '.G.Z'] },
  // Item 109: Allied paratroopers drop on the DZ (objective) and must hold the Bridge (objective2).
  sky_is_falling: { ...base, id: 'sky_is_falling', combatOp: 'smoke', objective: [1, 2], objective2: [2, 4], layout: ['W.G.', '.C.U', 'G...', '.U.W', 'C.Y.', 'W.G.'] },
};
