/**
 * Hex directions, clockwise from north (flat-topped hexes, cube coordinates):
 * 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW. Cube offsets (dq, dr); ds = -dq-dr.
 */
export const DIR_DQ: Int32Array = Int32Array.of(0, 1, 1, 0, -1, -1);
export const DIR_DR: Int32Array = Int32Array.of(-1, -1, 0, 1, 1, 0);
export const DIRECTION_NAMES = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
