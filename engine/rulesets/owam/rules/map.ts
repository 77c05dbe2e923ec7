/**
 * The terrain-card grid (items 88–94, R5, R6): cards are 1.4 × 1.0 rectangles laid
 * landscape on an integer grid, range is the king-move distance, LOS runs centre to
 * centre (R2: crosshairs at the centres) and is blocked by touching another blocking card
 * except at a single corner point.
 */
import { TERRAIN_FLAGS, TF_BLOCK, TF_NO_MOVE } from '../data/terrain.ts';
import type { OwamGame } from './state.ts';

export const CARD_W = 1.4, CARD_H = 1.0;
const EPS = 1e-9;

export function range(g: OwamGame, a: number, b: number): number {
  const dc = Math.abs(g.col(a) - g.col(b)), dr = Math.abs(g.row(a) - g.row(b));
  return dc > dr ? dc : dr;
}

export function adjacent(g: OwamGame, a: number, b: number): boolean {
  return a !== b && range(g, a, b) === 1;
}

/** Smoke (yellow) makes a card block LOS (R16). */
export function blocksLos(g: OwamGame, c: number): boolean {
  return (TERRAIN_FLAGS[g.terrain[c]] & TF_BLOCK) !== 0 || g.smoke[c] === 2;
}

export function enterable(g: OwamGame, c: number): boolean {
  return (TERRAIN_FLAGS[g.terrain[c]] & TF_NO_MOVE) === 0;
}

/**
 * Item 89, R5: the open segment between the two centres against the closed rectangle of
 * every other blocking card (Liang–Barsky); a contact of zero length (a corner) does not block.
 */
export function los(g: OwamGame, a: number, b: number): boolean {
  if (a === b) return true;
  const ax = (g.col(a) + 0.5) * CARD_W, ay = g.row(a) + 0.5, bx = (g.col(b) + 0.5) * CARD_W, by = g.row(b) + 0.5;
  const c0 = Math.min(g.col(a), g.col(b)), c1 = Math.max(g.col(a), g.col(b)), r0 = Math.min(g.row(a), g.row(b)), r1 = Math.max(g.row(a), g.row(b));
  // The segment and each rectangle go through SEG: eight double arguments to a call V8 does
  // not inline were boxed on every LOS test (docs/gc-audit.md).
  SEG[0] = ax; SEG[1] = ay; SEG[2] = bx - ax; SEG[3] = by - ay;
  for (let r = r0; r <= r1; r++) {
    for (let col = c0; col <= c1; col++) {
      const c = r * g.scn.cols + col;
      if (c === a || c === b || !blocksLos(g, c)) continue;
      SEG[4] = col * CARD_W; SEG[5] = r; SEG[6] = (col + 1) * CARD_W; SEG[7] = r + CARD_H;
      if (segTouches()) return false;
    }
  }
  return true;
}

/** The segment (px, py, dx, dy) and the rectangle (x0, y0, x1, y1) of segTouches. */
const SEG = new Float64Array(8);

/** Does the segment p + t·d, t in [0,1], meet the rectangle in more than a point? */
export function segmentTouches(px: number, py: number, dx: number, dy: number, x0: number, y0: number, x1: number, y1: number): boolean {
  SEG[0] = px; SEG[1] = py; SEG[2] = dx; SEG[3] = dy; SEG[4] = x0; SEG[5] = y0; SEG[6] = x1; SEG[7] = y1;
  return segTouches();
}

/** segmentTouches on the values in SEG. */
function segTouches(): boolean {
  const px = SEG[0], py = SEG[1], dx = SEG[2], dy = SEG[3], x0 = SEG[4], y0 = SEG[5], x1 = SEG[6], y1 = SEG[7];
  let t0 = 0, t1 = 1;
  // Clip against x.
  if (Math.abs(dx) < EPS) {
    if (px < x0 - EPS || px > x1 + EPS) return false;
  } else {
    let ta = (x0 - px) / dx, tb = (x1 - px) / dx;
    if (ta > tb) { const t = ta; ta = tb; tb = t; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
  }
  if (Math.abs(dy) < EPS) {
    if (py < y0 - EPS || py > y1 + EPS) return false;
  } else {
    let ta = (y0 - py) / dy, tb = (y1 - py) / dy;
    if (ta > tb) { const t = ta; ta = tb; tb = t; }
    if (ta > t0) t0 = ta;
    if (tb < t1) t1 = tb;
  }
  // Zero length along the segment = a single point: only a corner can be touched that way.
  const len = Math.sqrt(dx * dx + dy * dy);
  return (t1 - t0) * len > 1e-7;
}

/** Item 91, R6: friendly FTs at e1, e2 flank a target at t (both adjacent, angle in [90°, 180°)). */
export function flanks(g: OwamGame, t: number, e1: number, e2: number): boolean {
  if (!adjacent(g, t, e1) || !adjacent(g, t, e2) || e1 === e2) return false;
  const ax = (g.col(e1) - g.col(t)) * CARD_W, ay = g.row(e1) - g.row(t);
  const bx = (g.col(e2) - g.col(t)) * CARD_W, by = g.row(e2) - g.row(t);
  const dot = ax * bx + ay * by, cross = ax * by - ay * bx;
  if (dot > EPS) return false; // under 90°
  return Math.abs(cross) > EPS; // exactly 180° (collinear, opposite) is excluded
}

/** Item 92, R6: a friendly FT at f lies beyond the target t on the ray from a (within tolerance). */
export function friendlyBeyond(g: OwamGame, a: number, t: number, f: number, tolDeg: number): boolean {
  const tx = (g.col(t) - g.col(a)) * CARD_W, ty = g.row(t) - g.row(a);
  const fx = (g.col(f) - g.col(a)) * CARD_W, fy = g.row(f) - g.row(a);
  const lt = Math.sqrt(tx * tx + ty * ty), lf = Math.sqrt(fx * fx + fy * fy);
  if (lf <= lt + EPS || lt < EPS) return false;
  const cos = (tx * fx + ty * fy) / (lt * lf);
  return cos >= Math.cos((tolDeg * Math.PI) / 180) - 1e-12;
}

/** The FT of `side` whose position (origin while on the move, R12) is cell c, or −1. */
export function ftAt(g: OwamGame, side: number, c: number): number {
  for (let k = 0; k < 4; k++) {
    const f = side * 4 + k;
    if (g.fAlive[f] && g.fCell[f] === c) return f;
  }
  return -1;
}

export function anyFtAt(g: OwamGame, c: number): boolean {
  return ftAt(g, 0, c) >= 0 || ftAt(g, 1, c) >= 0;
}
