/**
 * Footprints larger than a base, and facing, on the tape-measure table: an oriented
 * rectangle (centre, heading unit vector, length, width), the 90° quadrant of a point
 * around a heading, pivots by quarter turns, a segment entering a circle. Written for the
 * platoon ruleset's vehicles (R17, items 21–22, 30); any ruleset with vehicles or
 * facing can use it. Pure functions of numbers, no allocation.
 */

/** 90° arc quadrants around a heading: front, side, rear (R17). */
export const ARC_Q_FRONT = 0;
export const ARC_Q_SIDE = 1;
export const ARC_Q_REAR = 2;

/** Which 90° quadrant of a body at (cx, cy) heading (hx, hy) the point (px, py) lies in. */
export function quadrantOf(cx: number, cy: number, hx: number, hy: number, px: number, py: number): number {
  const dx = px - cx, dy = py - cy;
  const along = dx * hx + dy * hy, across = Math.abs(dx * -hy + dy * hx);
  if (along >= across) return ARC_Q_FRONT;
  if (-along >= across) return ARC_Q_REAR;
  return ARC_Q_SIDE;
}

/** Distance from (px, py) to the rectangle of length L and width W centred at (cx, cy) along (hx, hy); 0 inside. */
export function rectDistance(cx: number, cy: number, hx: number, hy: number, L: number, W: number, px: number, py: number): number {
  const dx = px - cx, dy = py - cy;
  let a = Math.abs(dx * hx + dy * hy) - L / 2, b = Math.abs(-dx * hy + dy * hx) - W / 2;
  if (a < 0) a = 0;
  if (b < 0) b = 0;
  return Math.sqrt(a * a + b * b);
}

/** 90° pivots needed to turn heading (hx, hy) toward direction (dx, dy): 0, 1 or 2 (item 21). */
export function pivotsNeeded(hx: number, hy: number, dx: number, dy: number): number {
  const l = Math.sqrt(dx * dx + dy * dy);
  if (l === 0) return 0;
  const cos = (hx * dx + hy * dy) / l;
  return cos >= 0.9999 ? 0 : cos >= -1e-9 ? 1 : 2;
}

/**
 * Writes into out[0..1] the heading after turning (hx, hy) toward (dx, dy) by at most
 * `pivots` × 90°; a full turn is made when the pivots suffice.
 */
export function turnToward(hx: number, hy: number, dx: number, dy: number, pivots: number, out: Float64Array): void {
  const l = Math.sqrt(dx * dx + dy * dy);
  if (l === 0 || pivots <= 0) { out[0] = hx; out[1] = hy; return; }
  const ux = dx / l, uy = dy / l;
  if (pivots >= pivotsNeeded(hx, hy, dx, dy)) { out[0] = ux; out[1] = uy; return; }
  // One quarter turn toward the side the direction lies on.
  const cross = hx * uy - hy * ux;
  if (cross >= 0) { out[0] = -hy; out[1] = hx; } else { out[0] = hy; out[1] = -hx; }
}

/** Parameter t in [0, 1] where segment a→b first comes within r of (cx, cy), or 2 if never (t=0 if it starts within). */
export function segmentCircleEntry(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, r: number): number {
  const dx = bx - ax, dy = by - ay, fx = ax - cx, fy = ay - cy;
  const c = fx * fx + fy * fy - r * r;
  if (c <= 0) return 0;
  const a = dx * dx + dy * dy;
  if (a === 0) return 2;
  const b = 2 * (fx * dx + fy * dy);
  const disc = b * b - 4 * a * c;
  if (disc < 0) return 2;
  const t = (-b - Math.sqrt(disc)) / (2 * a);
  return t >= 0 && t <= 1 ? t : 2;
}
