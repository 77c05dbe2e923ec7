/** Battlefield and deployment (items 1, 2, 7, R1): map per game, roll-off, edges, positions. */
import { IMPASSABLE } from '../../../geometry/table.ts';
import type { NcoGame } from './state.ts';
import { computeCoverSpots } from './cover-spots.ts';
import { MapGenerator } from './terrain/mapgen.ts';

/** True if point slot i lies inside an impassable terrain piece (an index, so no double boxes). */
export function blocked(g: NcoGame, i: number): boolean {
  const t = g.table;
  const x = t.px[i], y = t.py[i];
  for (let p = 0; p < t.polygonCount; p++) {
    if ((t.pFlags[p] & IMPASSABLE) === 0) continue;
    if (x < t.bx0[p] - g.r || x > t.bx1[p] + g.r || y < t.by0[p] - g.r || y > t.by1[p] + g.r) continue;
    const s = t.pStart[p], c = t.pCount[p];
    let inside = true;
    for (let k = 0; k < c; k++) {
      const k2 = k + 1 === c ? 0 : k + 1;
      const ax = t.vx[s + k], ay = t.vy[s + k];
      const ux = t.vx[s + k2] - ax, uy = t.vy[s + k2] - ay;
      const cross = ux * (y - ay) - uy * (x - ax); // CCW polygon: ≥ 0 inside
      if (cross < -g.r * Math.sqrt(ux * ux + uy * uy)) { inside = false; break; } // r-padded so bases clear walls
    }
    if (inside) return true;
  }
  return false;
}

/** Count of cover spots inside a deployment zone (edge 0 = y near 0, edge 1 = y near H). */
function zoneCover(g: NcoGame, edge: number, depth: number): number {
  let c = 0;
  const h = g.table.height;
  for (let k = 0; k < g.spotCount; k++) {
    const y = g.spotY[k];
    if (edge === 0 ? y <= depth + 2 : y >= h - depth - 2) c++;
  }
  return c;
}

/**
 * Item 7: both roll a D6 (ties re-roll); the higher picks an edge (the one with more cover
 * in its zone; ties keep the south edge), the lower deploys first on the opposite edge.
 * Soldiers spread along the edge, within the zone depth (3", or the rules value).
 */
export function deploy(g: NcoGame): void {
  const depth = g.scn.rules.deploy_depth_in;
  let a = 0, b = 0;
  while (a === b) { a = g.rng.d6(); b = g.rng.d6(); }
  const winner = a > b ? 0 : 1;
  const pick = zoneCover(g, 1, depth) > zoneCover(g, 0, depth) ? 1 : 0;
  g.edge[winner] = pick;
  g.edge[1 - winner] = 1 - pick;
  g.deployedFirst = 1 - winner;
  const t = g.table;
  const w = t.width, h = t.height, r = g.r;
  for (let s = 0; s < 2; s++) {
    const start = g.scn.sideStart[s], end = s === 0 ? g.scn.sideStart[1] : g.n;
    const count = end - start;
    const gap = w / count;
    for (let k = 0; k < count; k++) {
      const i = start + k;
      // Jitter stays below (gap − 2r)/2 either way so neighbouring bases never overlap.
      const slack = gap - 2 * r - 0.01;
      // Integer draws scaled to [0, 1): rng.float()'s double result could box here.
      const u1 = g.rng.below(1 << 20) / (1 << 20), u2 = g.rng.below(1 << 20) / (1 << 20);
      let x = (k + 0.5) * gap + (u1 - 0.5) * (slack > 0 ? slack : 0);
      const inset = r + u2 * Math.max(0, depth - 2 * r);
      t.px[i] = x;
      t.py[i] = g.edge[s] === 0 ? inset : h - inset;
      // Step sideways out of impassable terrain (buildings on the edge).
      for (let tries = 0; tries < 40 && blocked(g, i); tries++) {
        x += (tries & 1 ? -1 : 1) * (tries + 1) * 0.5;
        if (x < r) x = r;
        if (x > w - r) x = w - r;
        t.px[i] = x;
      }
    }
  }
  g.touchedAll();
}

/** Lays out the map for this game: a fresh generated map from the game's seed, or the fixed one. */
export function setupMap(g: NcoGame): void {
  if (g.generator && g.genOpts) {
    g.generator.generate(g.router, g.rng, g.genOpts);
    computeCoverSpots(g);
  }
}

/**
 * Once per game object, after construction: the table and NCO's sight and movement rules
 * (R1–R3), the fixed map and its cover spots or the map generator; then every scalar is
 * sealed as what each game starts from (engine/state.ts).
 */
export function prepareGame(g: NcoGame): void {
  const scn = g.scn, r = scn.rules;
  g.table.setOptions({ width: r.table_size_in, height: r.table_size_in, baseRadius: r.base_radius_in });
  g.move.setOptions({ climbRequiresRun: r.climb_requires_run, waistHeight: r.waist_height_in, waistHighCost: r.waist_high_cost_in }); // R2
  g.sight.edgeWindow = r.edge_window_in; // R1
  g.sight.coverProximity = r.cover_proximity_in;
  if (scn.map) {
    g.table.loadMap(scn.map);
    computeCoverSpots(g);
  } else if (scn.generate) {
    g.generator = g.st.cache(new MapGenerator()); // scratch rebuilt for every map: nothing to reset
    g.genOpts = { ...scn.generate, deploy_depth_in: r.deploy_depth_in, waist_height_in: r.waist_height_in };
  }
  g.st.seal(g);
  g.st.seal(g.obj);
  g.st.seal(g.bag);
}
