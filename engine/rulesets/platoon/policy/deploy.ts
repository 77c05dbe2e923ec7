/** §4.2 deployment: each side within `deploy_depth_in` of its long edge (R23); side 0 at the bottom (y = 0). */
import type { PlatoonGame } from '../rules/state.ts';
import { insidePiece } from '../rules/sight.ts';
import { COVER_NONE, NO_STAR, T_BUILDING } from '../data/tables.ts';
import { mayEnter } from '../rules/movement.ts';
import { deploySlot, rankOfKind, SLOT_ONE } from '../../../dice.ts';

/** (x, y) lies on no terrain piece unit u may not enter; guns may deploy on No* pieces ("dug in", item 24). */
export function clearSpot(g: PlatoonGame, u: number, x: number, y: number): boolean {
  g.table.q[0] = x; g.table.q[1] = y;
  return clearSpotQ(g, u);
}

/** clearSpot of the point in table.q (hot callers: double arguments box when a call is not inlined). */
export function clearSpotQ(g: PlatoonGame, u: number): boolean {
  for (let p = 0; p < g.table.polygonCount; p++) {
    if (!g.table.insideQ(p) || mayEnter(g, u, p, false)) continue;
    if (g.scn.terrainCode[g.category[p] * 5 + g.scn.moveClass[u]] !== NO_STAR) return false;
  }
  return true;
}

/**
 * Units spread along the edge, each at its own deploySlot (its kind and its rank among that
 * kind, from one per-game draw: no unit's place depends on another kind's units), with
 * random jitter from env.policy, at the zone's front for `aggressive` and its back for
 * `cautious`, nudged into a cover piece of the zone when the policy weighs cover. Side 1
 * deploys as the 180° rotation of side 0 about the table's centre (the shipped maps are
 * point-symmetric), so a mirror match is seat-fair by construction.
 */
export function deploySide(g: PlatoonGame, s: number): void {
  deploy(g, s, false);
}

/** The random player: each unit uniformly in the zone. */
export function deployRandomly(g: PlatoonGame, s: number): void {
  deploy(g, s, true);
}

/** A scripted unit moves to a cover piece of its zone whose centre is nearer than this (inches, |dx| + |dy|). */
const COVER_REACH_IN = 6;

function deploy(g: PlatoonGame, s: number, uniform: boolean): void {
  const scn = g.scn, T = g.table, W = T.width, H = T.height, depth = scn.rules.deploy_depth_in, p = scn.policies[s];
  const first = s === 0 ? 0 : scn.count[0], n = scn.count[s];
  const base = g.prng.below(SLOT_ONE);
  for (let i = 0; i < n; i++) {
    const u = first + i;
    let x: number, y: number;
    if (uniform) {
      x = 1 + g.prng.float() * (W - 2);
      y = 1 + g.prng.float() * (depth - 2);
    } else {
      // The line spans two thirds of the table; officers stand behind its middle.
      const span = (W * 2) / 3;
      x = (W - span) / 2 + (deploySlot(base, scn.kind[u], rankOfKind(scn.kind, first, u)) / SLOT_ONE) * span + (g.prng.float() - 0.5) * 2.2;
      let front = p.coverWeight < 2 ? 0.8 : 0.3;
      if (scn.rank[u] > 0) { x = W / 2 + (g.prng.float() - 0.5) * 4; front = 0.15; }
      y = depth * front + (g.prng.float() - 0.5) * 2;
      if (x < 1) x = 1; else if (x > W - 1) x = W - 1;
      if (y < 1) y = 1; else if (y > depth - 1) y = depth - 1;
    }
    // (x, y) are in the side's own frame (its edge at y = 0); side 1's table point is the 180°
    // rotation (W − x, H − y), so every choice below mirrors exactly.
    const mx = s === 0 ? 0 : W, my = s === 0 ? 0 : H, sg = s === 0 ? 1 : -1;
    // Cover: the nearest cover piece whose centre lies in the zone (infantry only).
    if (p.coverWeight >= 2 && !g.isVehicle(u)) {
      let bd = COVER_REACH_IN;
      for (let c = 0; c < T.polygonCount; c++) {
        if (g.pieces.cover[c] === COVER_NONE && g.category[c] !== T_BUILDING) continue;
        // Guns dig in on No* pieces (item 24); they cannot move once there.
        if (scn.moveClass[u] !== 0 && scn.terrainCode[g.category[c] * 5 + scn.moveClass[u]] !== NO_STAR) continue;
        const tx = (T.bx0[c] + T.bx1[c]) / 2, ty = (T.by0[c] + T.by1[c]) / 2;
        const cx = mx + sg * tx, cy = my + sg * ty;
        if (cy > depth || !insidePiece(g, c, tx, ty)) continue;
        const d = Math.abs(cx - x) + Math.abs(cy - y);
        if (d < bd) { bd = d; x = cx + (g.prng.float() - 0.5); y = cy + (g.prng.float() - 0.5); }
      }
    }
    // Never on a piece the unit may not enter (item 23): step toward the home edge until clear.
    for (let k = 0; k < 24 && !clearSpot(g, u, mx + sg * x, my + sg * y); k++) y -= 0.5;
    if (y < 0.5) y = 0.5;
    g.x[u] = mx + sg * x;
    g.y[u] = my + sg * y;
    g.hx[u] = 0;
    g.hy[u] = s === 0 ? 1 : -1;
  }
}
