/**
 * Scenario setup after the normal deployment (items 8, 105, 106, 110–112, R31, R34): S2's
 * left-edge deployment, S5's drops and Bombers (and the zone around each drop), the S3
 * pilot and his wander, S4's secret missions, S6's intel tokens, and the alternative
 * deployment that starts every model off the table.
 */
import type { NcoGame } from '../rules/state.ts';
import { SC_CENTRE, SC_EXTERMINATION, SC_INTEL, SC_RESCUE, SC_SEARCH_DESTROY } from './definitions.ts';
import { M_TABLE } from '../rules/objective-state.ts';
import { blocked } from '../rules/setup.ts';

/** Off-table soldiers wait this far behind their edge (out of every weapon's reach). */
const OFF_TABLE_IN = 200;

/**
 * True when a walking soldier can stand on point slot p: not in impassable terrain nor on
 * a piece taller than waist height (as rules/cover-spots.ts): a route there would fail.
 */
export function usable(g: NcoGame, p: number): boolean {
  if (blocked(g, p)) return false;
  const t = g.table;
  t.q[0] = t.px[p];
  t.q[1] = t.py[p];
  for (let k = 0; k < t.polygonCount; k++) if (t.pHeight[k] > g.move.waistHeight && t.insideQ(k)) return false;
  return true;
}

/** Runs after deploy(): everything the scenario adds before turn 1. */
export function setupScenario(g: NcoGame): void {
  const o = g.obj, sc = g.scn.scenario;
  o.holder = g.deployedFirst; // item 106: the side that deployed first holds the territory
  if (o.kind === SC_CENTRE && sc.leftEdge) leftEdgeDeployment(g);
  else if (o.kind === SC_SEARCH_DESTROY) supplyDrops(g);
  else if (o.kind === SC_RESCUE) placePilot(g);
  else if (o.kind === SC_EXTERMINATION) { o.mission[0] = (g.rng.d6() - 1) >> 1; o.mission[1] = (g.rng.d6() - 1) >> 1; }
  else if (o.kind === SC_INTEL) placeIntel(g);
  if (sc.alternativeDeployment) offTable(g);
  if (o.kind !== 0 || sc.alternativeDeployment) for (let i = 0; i < g.n; i++) g.touched(i);
}

/** A uniform draw in [0, 1) from integers (rng.float()'s double could box). */
function unit(g: NcoGame): number {
  return g.rng.below(1 << 20) / (1 << 20);
}

/** x of the table edge to side s's left, facing the enemy: side edge 0 faces +y, so its left is x = 0 (R31). */
export function leftEdgeX(g: NcoGame, s: number): number {
  return g.edge[s] === 0 ? 0 : g.table.width;
}

/**
 * Item 105: the last `left_edge_share` of each squad (in roster order) deploys along the
 * edge to its left, within the zone depth, spread from its own corner over `left_edge_reach`
 * of the edge between the two deployment zones (default the friendly half).
 */
function leftEdgeDeployment(g: NcoGame): void {
  const t = g.table, r = g.r, depth = g.scn.rules.deploy_depth_in, h = t.height;
  for (let s = 0; s < 2; s++) {
    const start = g.scn.sideStart[s], end = s === 0 ? g.scn.sideStart[1] : g.n, count = end - start;
    const left = Math.round(g.scn.scenario.leftShare * count);
    const y0 = depth + r + 0.01, span = (h - 2 * y0) * g.scn.scenario.leftReach;
    const gap = span / (left > 0 ? left : 1);
    const lx = leftEdgeX(g, s);
    for (let k = 0; k < left; k++) {
      const i = end - left + k;
      const inset = r + unit(g) * Math.max(0, depth - 2 * r);
      t.px[i] = lx === 0 ? inset : t.width - inset;
      const along = y0 + (k + 0.5) * gap; // from the own corner
      t.py[i] = g.edge[s] === 0 ? along : h - along;
      for (let tries = 0; tries < 40 && blocked(g, i); tries++) t.py[i] += (tries & 1 ? -1 : 1) * (tries + 1) * 0.5;
    }
  }
}

/** Item 111: each side's drop touches its own edge, ≥ drop_min_side_in from both side edges; then the Bombers. */
function supplyDrops(g: NcoGame): void {
  const o = g.obj, sc = g.scn.scenario, h = g.table.height;
  o.markers = 2;
  for (let s = 0; s < 2; s++) {
    g.decide.chooseDropX(g, s); // o.mx[s]
    o.my[s] = g.edge[s] === 0 ? sc.tokenR : h - sc.tokenR;
    o.mOwner[s] = s;
    o.mState[s] = M_TABLE;
  }
  for (let s = 0; s < 2; s++) clearExclusion(g, s);
  for (let s = 0; s < 2; s++) o.bomber[s] = g.decide.chooseBomber(g, s);
}

/** R33: re-spreads side s's zone along its edge, leaving out the band within the exclusion of its drop. */
function clearExclusion(g: NcoGame, s: number): void {
  const t = g.table, r = g.r, sc = g.scn.scenario, o = g.obj;
  const lim = sc.exclusion + (g.scn.rules.measure === 'edge' ? r + sc.tokenR : 0) + 0.01;
  const a0 = r, a1 = Math.max(r, o.mx[s] - lim), b0 = Math.min(t.width - r, o.mx[s] + lim), b1 = t.width - r;
  const la = a1 - a0, lb = b1 - b0, total = la + lb;
  const start = g.scn.sideStart[s], end = s === 0 ? g.scn.sideStart[1] : g.n, count = end - start;
  for (let k = 0; k < count; k++) {
    const i = start + k;
    const u = ((k + 0.5) / count) * total;
    t.px[i] = u < la ? a0 + u : b0 + (u - la);
    for (let tries = 0; tries < 40 && blocked(g, i); tries++) t.px[i] += (tries & 1 ? -1 : 1) * (tries + 1) * 0.5;
  }
}

/**
 * Item 106, R31: the pilot starts at the centre and wanders on a D6, directions seen from
 * the rescuer (the side that deployed second): 1 far toward the centre of the holder's
 * edge; 2–3 near toward the rescuer edge's left corner; 4–5 near toward its right corner;
 * 6 far toward the centre of the rescuer's edge. Returns the roll (for tests).
 */
export function placePilot(g: NcoGame): number {
  const o = g.obj, sc = g.scn.scenario, t = g.table;
  const rescuer = 1 - o.holder;
  const cx = t.width / 2, cy = t.height / 2;
  const fy = g.edge[rescuer] === 0 ? 0 : t.height; // the rescuer's (friendly) edge
  const roll = g.rng.d6();
  let tx = cx, ty = t.height - fy, d = sc.wanderFar; // 1: the enemy edge's centre
  if (roll === 6) ty = fy;
  else if (roll >= 2) {
    d = sc.wanderNear;
    const lx = leftEdgeX(g, rescuer);
    tx = roll <= 3 ? lx : t.width - lx;
    ty = fy;
  }
  const dx = tx - cx, dy = ty - cy, len = Math.sqrt(dx * dx + dy * dy);
  o.markers = 1;
  o.mState[0] = M_TABLE;
  o.mx[0] = cx + (dx / len) * d;
  o.my[0] = cy + (dy / len) * d;
  freeSpot(g, 0);
  return roll;
}

/** ASSUMED: a marker that lands where no one can walk (impassable or above waist height) moves to the nearest free spot (1" rings). */
function freeSpot(g: NcoGame, k: number): void {
  const o = g.obj, t = g.table, p = g.sp + 6;
  t.px[p] = o.mx[k];
  t.py[p] = o.my[k];
  if (usable(g, p)) return;
  for (let ring = 1; ring < 18; ring++) {
    for (let a = 0; a < 16; a++) {
      const x = o.mx[k] + ring * Math.cos((a * Math.PI) / 8), y = o.my[k] + ring * Math.sin((a * Math.PI) / 8);
      if (x < g.r || y < g.r || x > t.width - g.r || y > t.height - g.r) continue;
      t.px[p] = x;
      t.py[p] = y;
      if (usable(g, p)) { o.mx[k] = x; o.my[k] = y; return; }
    }
  }
}

/**
 * Item 112, R34: the centre token, then each player's tokens placed alternately starting
 * with the deployment-roll winner; with no legal spot every minimum is relaxed by
 * relax_step_in until one exists.
 */
function placeIntel(g: NcoGame): void {
  const o = g.obj, sc = g.scn.scenario, t = g.table;
  o.markers = 1;
  o.mx[0] = t.width / 2;
  o.my[0] = t.height / 2;
  o.mState[0] = M_TABLE;
  freeSpot(g, 0);
  const first = 1 - g.deployedFirst;
  for (let round = 0; round < sc.tokensPer; round++) {
    for (let q = 0; q < 2; q++) {
      const s = q === 0 ? first : 1 - first, k = o.markers;
      let slack = 0;
      while (!g.decide.chooseTokenSpot(g, s, k, slack) && slack < 40) slack += sc.relaxStep;
      o.mOwner[k] = s;
      o.mState[k] = M_TABLE;
      o.markers++;
    }
  }
}

/** True when (px, py) of point slot p is a legal token spot given the markers so far, minimums less `slack`. */
export function tokenSpotLegal(g: NcoGame, p: number, k: number, slack: number): boolean {
  const o = g.obj, sc = g.scn.scenario, t = g.table;
  const x = t.px[p], y = t.py[p], rr = sc.tokenR;
  if (x < rr || y < rr || x > t.width - rr || y > t.height - rr) return false;
  const edgeMin = sc.minEdge - slack; // both deployment edges are y = 0 and y = height
  if (y < edgeMin || t.height - y < edgeMin) return false;
  const cx = x - t.width / 2, cy = y - t.height / 2;
  if (Math.sqrt(cx * cx + cy * cy) < sc.minCentre - slack) return false;
  for (let m = 0; m < k; m++) { // centre to centre, the centre token included
    const dx = x - o.mx[m], dy = y - o.my[m];
    if (Math.sqrt(dx * dx + dy * dy) < sc.minBetween - slack) return false;
  }
  return usable(g, p);
}

/** Item 8: every model starts off the table behind his own edge, entering on his first order. */
function offTable(g: NcoGame): void {
  const o = g.obj, t = g.table;
  for (let i = 0; i < g.n; i++) {
    o.entryX[i] = t.px[i];
    o.offTable[i] = 1;
    t.py[i] = g.edge[g.side[i]] === 0 ? -OFF_TABLE_IN : t.height + OFF_TABLE_IN;
  }
}

/** Item 8: the soldier's base is put touching his own edge; his move is then measured from there. */
export function enterTable(g: NcoGame, i: number): void {
  const o = g.obj, t = g.table;
  o.offTable[i] = 0;
  t.px[i] = o.entryX[i];
  t.py[i] = g.edge[g.side[i]] === 0 ? g.r : t.height - g.r;
  g.touched(i);
}
