/**
 * High ground for the scripted players (item 70: a shooter at least rules.high_ground_in
 * above his target gets +1 to hit). A climb needs a Run (R2) and cover-seeking skips tall
 * pieces (rules/cover-spots.ts), so without this the bonus almost never came into play.
 * Candidate spots are the centres of the climbable pieces tall enough for the bonus.
 */
import { IMPASSABLE } from '../../../geometry/flags.ts';
import type { NcoGame } from '../rules/state.ts';
import { effectiveRange } from '../rules/shooting.ts';
import { lineOfSight } from '../rules/terrain/sight.ts';
import { W_PISTOL } from '../data/weapons.ts';

/** Scratch point slot for the chosen spot (sp + 5: the other policy slots are 3 and 4). */
const SLOT = 5;

/** True when soldier i stands high enough to get item 70's +1 against a soldier on the ground. */
export function onHighGround(g: NcoGame, i: number): boolean {
  return g.elevC[i] > 0 && g.elevC[i] >= g.scn.rules.high_ground_in;
}

/**
 * A high-ground spot soldier i can Run to within his policy's share of a Run (the climb's
 * height counted, R2) from which an enemy standing lower is in range and sight; the one
 * seeing most enemies, then the nearest. Written into a scratch slot whose index is
 * returned (−1 if none, or if he already stands on high ground).
 */
export function highGroundSpot(g: NcoGame, i: number): number {
  const p = g.scn.policies[g.side[i]];
  if (p.highGroundRun <= 0 || onHighGround(g, i)) return -1;
  const t = g.table, hg = g.scn.rules.high_ground_in;
  const run = 2 * (g.moveIn[i] + g.moveMod);
  const reach = run * p.highGroundRun;
  const w = g.primary[i] === 0 ? W_PISTOL : g.primary[i];
  const range = effectiveRange(g, w, 0);
  const edge = g.scn.rules.measure === 'edge' ? 2 * g.r : 0;
  const slot = g.sp + SLOT, x = t.px[i], y = t.py[i];
  const lo = g.side[i] === 0 ? g.split : 0, hi = g.side[i] === 0 ? g.n : g.split;
  let bestN = 0, bestD = 1e9, bx = 0, by = 0;
  for (let q = 0; q < t.polygonCount; q++) {
    const h = t.pHeight[q];
    if (h <= 0 || h < hg || (t.pFlags[q] & IMPASSABLE) !== 0) continue;
    let cx = 0, cy = 0;
    const s = t.pStart[q], c = t.pCount[q];
    for (let k = 0; k < c; k++) { cx += t.vx[s + k]; cy += t.vy[s + k]; }
    cx /= c; cy /= c;
    const d = Math.sqrt((cx - x) * (cx - x) + (cy - y) * (cy - y));
    if (d + h > reach || d > bestD && bestN > 0) continue;
    t.px[slot] = cx;
    t.py[slot] = cy;
    t.elevQ(slot);
    if (t.q[2] < hg || friendThere(g, i, slot)) continue;
    const top = t.q[2];
    let m = 0;
    for (let j = lo; j < hi; j++) {
      if (!g.alive[j] || top - g.elevC[j] < hg) continue;
      const dd = Math.sqrt((t.px[j] - cx) * (t.px[j] - cx) + (t.py[j] - cy) * (t.py[j] - cy)) - edge;
      if (dd > range || !lineOfSight(t, g.sight, slot, j)) continue;
      m++;
    }
    if (m > bestN || m === bestN && m > 0 && d < bestD) { bestN = m; bestD = d; bx = cx; by = cy; }
  }
  if (bestN === 0) return -1;
  t.px[slot] = bx;
  t.py[slot] = by;
  g.router.arg[0] = 0;
  if (!g.router.reachableArg(i, slot, run, true)) return -1;
  return slot;
}

/** A friend of i already stands within a base of point `slot` (an index: a double argument would box). */
function friendThere(g: NcoGame, i: number, slot: number): boolean {
  const t = g.table, r2 = 4 * g.r * g.r, x = t.px[slot], y = t.py[slot];
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || g.side[j] !== g.side[i]) continue;
    const dx = t.px[j] - x, dy = t.py[j] - y;
    if (dx * dx + dy * dy < r2) return true;
  }
  return false;
}
