/** The Iron Squad board's static layout (board.ts builds an IronBoard from it). */
/** The static description a board is built from (board-json.ts and board-gen.ts make one). */
export interface BoardLayout {
  name: string;
  cols: number;
  rows: number;
  /** Terrain of the fixed (non-slot) hexes; slot hexes hold T_HIDDEN. */
  fixedTerrain: Uint8Array;
  /** ZONE_* per hex. */
  zone: Uint8Array;
  /** Slots in order; hexes are indices; label 1..7 for the D8 roll (groups 2, 5), else 0. */
  slots: { group: number; label: number; hexes: number[] }[];
  /** Tiles: terrain per slot position (TERRAIN codes) and the names of their MO hexes in order. */
  tiles: { group: number; terrain: Uint8Array; objectiveNames: string[] }[];
  /** 'rulebook' shuffles and rolls per §2.1; 'as-listed' lays tile k of a group on slot k. */
  placement: 'rulebook' | 'as-listed';
  /** false: every tile starts face up (a variant; the rulebook is true). */
  hiddenTiles: boolean;
}
