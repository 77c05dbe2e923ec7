/**
 * Cover-seeking movement of the scripted policies: whether a soldier already stands at a
 * cover spot (rules/cover-spots.ts derives the spots per map), each spot's distance to the
 * nearest enemy at the start of a turn, and the best spot to move to.
 */
import type { NcoGame } from '../rules/state.ts';
import { W_PISTOL } from '../data/weapons.ts';

/** True when soldier i stands within 1" of a cover spot. */
export function inCoverSpot(g: NcoGame, i: number): boolean {
  const x = g.table.px[i], y = g.table.py[i], sx = g.spotX, sy = g.spotY;
  for (let k = 0, m = g.spotCount; k < m; k++) {
    const dx = sx[k] - x, dy = sy[k] - y;
    if (dx * dx + dy * dy <= 1) return true;
  }
  return false;
}

/**
 * Start of a turn: records where the soldiers stand, so each spot's distance to the nearest
 * enemy of each side "at the start of the turn" can be worked out on first use (spotDistances).
 */
export function snapSpotDistances(g: NcoGame): void {
  const px = g.table.px, py = g.table.py;
  for (let j = 0; j < g.n; j++) {
    g.snapX[j] = px[j];
    g.snapY[j] = py[j];
    g.snapAlive[j] = g.alive[j];
  }
  g.spotSnap = 1;
}

/** Fills spotEnemyD from the turn's snapshot the first time a turn needs it. */
function spotDistances(g: NcoGame): void {
  if (g.spotSnap !== 1) return;
  g.spotSnap = 2;
  refreshSpotDistances(g, g.snapX, g.snapY, g.snapAlive);
}

/** Each spot's distance to the nearest enemy of each side, for soldiers at (px, py) alive per `alive`. */
export function refreshSpotDistances(g: NcoGame, px: Float64Array, py: Float64Array, alive: Uint8Array): void {
  const n = g.n, split = g.split, sx = g.spotX, sy = g.spotY, out = g.spotEnemyD, P = g.pack;
  // The living soldiers packed, side 0's in [0, m0), side 1's in [m0, m): a minimum does not
  // depend on the order it is taken in, so these are the numbers of a scan that skips the dead.
  let m = 0, m0 = 0;
  for (let j = 0; j < n; j++) {
    if (j === split) m0 = m;
    if (alive[j]) { P[2 * m] = px[j]; P[2 * m + 1] = py[j]; m++; }
  }
  if (split >= n) m0 = m;
  for (let k = 0, ns = g.spotCount; k < ns; k++) {
    const x = sx[k], y = sy[k];
    let d0 = 1e18, d1 = 1e18; // nearest enemy of side 0 (a side-1 soldier) and of side 1
    for (let j = m0; j < m; j++) {
      const dx = P[2 * j] - x, dy = P[2 * j + 1] - y;
      const d2 = dx * dx + dy * dy;
      if (d2 < d0) d0 = d2;
    }
    for (let j = 0; j < m0; j++) {
      const dx = P[2 * j] - x, dy = P[2 * j + 1] - y;
      const d2 = dx * dx + dy * dy;
      if (d2 < d1) d1 = d2;
    }
    out[k] = Math.sqrt(d0);
    out[160 + k] = Math.sqrt(d1);
  }
}

/** A living friend of soldier i (his side's index range, not i) stands on spot k. */
function occupied(g: NcoGame, i: number, k: number): boolean {
  const px = g.table.px, py = g.table.py, alive = g.alive;
  const x = g.spotX[k], y = g.spotY[k];
  for (let j = g.side[i] === 0 ? 0 : g.split, hi = g.side[i] === 0 ? g.split : g.n; j < hi; j++) {
    if (j === i || !alive[j]) continue;
    const dx = px[j] - x, dy = py[j] - y;
    if (dx * dx + dy * dy < 1.2) return true;
  }
  return false;
}

/**
 * The best cover spot for soldier i to move to, written into a scratch slot whose index is
 * returned (−1 if none). Score: how close the spot's distance to the nearest enemy (at the
 * start of the turn) is to the preferred fighting distance (closer with aggression), plus
 * travel. Spots held by a friend are skipped (at most three tries; the third best is taken
 * even if held). Scores are worked out once into spotScore (Infinity: out of reach or
 * skipped), so a retry only rescans them.
 */
export function bestCoverSpot(g: NcoGame, i: number, budget: number): number {
  spotDistances(g);
  const aggression = g.scn.policies[g.side[i]].aggression; // read here: a double argument would box
  const t = g.table;
  const x = t.px[i], y = t.py[i];
  const w = g.primary[i];
  const want = g.scn.weapons.range[w === 0 ? W_PISTOL : w] * (1 - 0.6 * aggression);
  const base = g.side[i] === 0 ? 0 : 160;
  const sx = g.spotX, sy = g.spotY, ed = g.spotEnemyD, sc = g.spotScore, m = g.spotCount;
  let best = -1, bestS = 1e9;
  const reach = budget * 3;
  // Beyond this squared distance the rounded square root is surely above reach (the margin
  // dwarfs rounding), so the root is skipped; nearer spots are compared as before.
  const far2 = reach * reach * (1 + 1e-9);
  for (let k = 0; k < m; k++) {
    const dx = sx[k] - x, dy = sy[k] - y;
    const d2 = dx * dx + dy * dy;
    if (d2 > far2) { sc[k] = Infinity; continue; }
    const travel = Math.sqrt(d2);
    if (travel > reach) { sc[k] = Infinity; continue; }
    const s = Math.abs(ed[base + k] - want) + 0.3 * travel;
    sc[k] = s;
    if (s < bestS) { bestS = s; best = k; }
  }
  for (let tries = 1; tries < 3; tries++) {
    if (best < 0 || !occupied(g, i, best)) break;
    sc[best] = Infinity;
    best = -1;
    bestS = 1e9;
    for (let k = 0; k < m; k++) {
      const s = sc[k];
      if (s < bestS) { bestS = s; best = k; }
    }
  }
  if (best < 0) return -1;
  const slot = g.sp + 4;
  t.px[slot] = sx[best];
  t.py[slot] = sy[best];
  return slot;
}
