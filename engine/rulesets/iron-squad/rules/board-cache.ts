/**
 * Derived board tables the policy reads in its hot loops (issue 14), kept here for
 * board.ts's size: the hex-distance table (static per layout) and the count of face-down
 * neighbours per hex (per game: counted at setup, kept up to date as tiles turn face up).
 */
import type { HexGrid } from '../../../geometry/hex.ts';
import type { IronBoard } from './board.ts';

/** Largest board (hexes) with a distance table (size² bytes; also cols + rows < 256, so a distance fits a byte). */
export const DIST_TABLE_MAX_HEXES = 1600;

/** grid.distance of every pair, row a at a * size; empty when the board is too large. */
export function distanceTable(grid: HexGrid): Uint8Array {
  const n = grid.size;
  const t = new Uint8Array(n <= DIST_TABLE_MAX_HEXES && grid.cols + grid.rows < 256 ? n * n : 0);
  if (t.length === 0) return t;
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) t[a * n + b] = grid.distance(a, b);
  return t;
}

/** b.hiddenNb from scratch (after setup): each face-down hex counts for its neighbours. */
export function countHiddenNeighbours(b: IronBoard): void {
  const nb = b.grid.nb, cnt = b.hiddenNb;
  cnt.fill(0);
  for (let h = 0; h < b.size; h++) {
    if (b.hidden[h] === 0) continue;
    for (let d = 0; d < 6; d++) {
      const v = nb[h * 6 + d];
      if (v >= 0) cnt[v]++;
    }
  }
}

/** Turns hex h face up: its neighbours have one face-down neighbour fewer. */
export function unhide(b: IronBoard, h: number): void {
  if (b.hidden[h] === 0) return;
  b.hidden[h] = 0;
  const nb = b.grid.nb;
  for (let d = 0; d < 6; d++) {
    const v = nb[h * 6 + d];
    if (v >= 0) b.hiddenNb[v]--; // during setup the counts are stale until setup() recounts them
  }
}

/** grid.distance(a, c) by one load (no data-dependent branches) when the board has the table; row a is contiguous, so loops over c should hold a fixed. */
export function dist(b: IronBoard, a: number, c: number): number {
  const t = b.distTable;
  return t.length !== 0 ? t[a * b.size + c] : b.grid.distance(a, c);
}

/** True when b.revealableSlots(h) would find a slot: some neighbour of h is face down. */
export function hasRevealable(b: IronBoard, h: number): boolean {
  return b.hiddenNb[h] !== 0;
}
