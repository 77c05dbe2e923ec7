/**
 * Cover-seeking movement of the scripted policies: whether a soldier already stands at a
 * cover spot (rules/cover-spots.ts derives the spots per map), each spot's distance to the
 * nearest enemy at the start of a turn, and the best spot to move to.
 */
import type { NcoGame } from '../rules/state.ts';
import { W_PISTOL } from '../data/weapons.ts';

/** True when soldier i stands within 1" of a cover spot. */
export function inCoverSpot(g: NcoGame, i: number): boolean {
  const x = g.table.px[i], y = g.table.py[i];
  for (let k = 0; k < g.spotCount; k++) {
    const dx = g.spotX[k] - x, dy = g.spotY[k] - y;
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
  const side = g.side, n = g.n;
  for (let k = 0; k < g.spotCount; k++) {
    const sx = g.spotX[k], sy = g.spotY[k];
    let d0 = 1e18, d1 = 1e18; // nearest enemy of side 0 (= a side-1 soldier) and of side 1
    for (let j = 0; j < n; j++) {
      if (!alive[j]) continue;
      const dx = px[j] - sx, dy = py[j] - sy;
      const d2 = dx * dx + dy * dy;
      if (side[j] === 1) { if (d2 < d0) d0 = d2; } else if (d2 < d1) d1 = d2;
    }
    g.spotEnemyD[k] = Math.sqrt(d0);
    g.spotEnemyD[160 + k] = Math.sqrt(d1);
  }
}

function occupied(g: NcoGame, i: number, k: number): boolean {
  const t = g.table;
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || g.side[j] !== g.side[i]) continue;
    const dx = t.px[j] - g.spotX[k], dy = t.py[j] - g.spotY[k];
    if (dx * dx + dy * dy < 1.2) return true;
  }
  return false;
}

/**
 * The best cover spot for soldier i to move to, written into a scratch slot whose index is
 * returned (−1 if none). Score: how close the spot's distance to the nearest enemy (at the
 * start of the turn) is to the preferred fighting distance (closer with aggression), plus
 * travel. Spots held by a friend are skipped.
 */
export function bestCoverSpot(g: NcoGame, i: number, budget: number): number {
  spotDistances(g);
  const aggression = g.scn.policies[g.side[i]].aggression; // read here: a double argument would box
  const t = g.table;
  const x = t.px[i], y = t.py[i];
  const w = g.primary[i];
  const want = g.scn.weapons.range[w === 0 ? W_PISTOL : w] * (1 - 0.6 * aggression);
  const base = g.side[i] === 0 ? 0 : 160;
  let best = -1;
  for (let tries = 0; tries < 3; tries++) {
    let bestS = 1e9;
    best = -1;
    for (let k = 0; k < g.spotCount; k++) {
      if (g.spotSkip[k] === g.spotStamp) continue;
      const dx = g.spotX[k] - x, dy = g.spotY[k] - y;
      const travel = Math.sqrt(dx * dx + dy * dy);
      if (travel > budget * 3) continue;
      const s = Math.abs(g.spotEnemyD[base + k] - want) + 0.3 * travel;
      if (s < bestS) { bestS = s; best = k; }
    }
    if (best < 0 || !occupied(g, i, best)) break;
    g.spotSkip[best] = g.spotStamp;
  }
  g.spotStamp++;
  if (best < 0) return -1;
  const slot = g.sp + 4;
  t.px[slot] = g.spotX[best];
  t.py[slot] = g.spotY[best];
  return slot;
}
