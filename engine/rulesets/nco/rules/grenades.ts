/**
 * Hand grenades (item 47, R18). A grenade is thrown at a point within 8" (no line of sight
 * needed) over terrain no taller than `grenade_max_obstacle_in`; a D6 scatters it along the
 * thrower-to-point line (4–6 on the point, 3 beyond, 2 short, 1 a dud); every soldier,
 * friend or foe, within the blast is hit on a flat 3+ and wounded at +1 with −1 extra
 * psyche; a hit soldier with no order yet goes Down (it resolves as Cover Fire).
 */
import { RC_GRENADE } from '../data/rule-counters.ts';
import { O_NONE, type NcoGame } from './state.ts';
import { W_EXTRA_PSYCHE, W_GRENADE, W_RANGE, W_WOUND_MOD } from '../data/weapons.ts';
import { hitTargetFor, rollHit } from './tohit.ts';
import { applyHits, forceDown } from './damage.ts';
import { offerReactiveDown } from './shooting.ts';
import { EPS } from '../../../geometry/flags.ts';

/** Scratch point slots (offsets from g.sp): the aim point the policy chose, and where it lands. */
export const GRENADE_AIM = 5;
export const GRENADE_LAND = 6;

/** Scatter die faces (item 47): what a face does to the landing point. */
export const SCATTER_DUD = 1;
export const SCATTER_SHORT = 2;
export const SCATTER_BEYOND = 3;


/**
 * Whether soldier i can throw at point slot p: within range (from his base edge under R3)
 * and no terrain piece taller than the limit is thrown over. A tall piece the thrower
 * stands in, or the point lies in, is thrown out of or into (a window), not over.
 */
export function canThrowTo(g: NcoGame, i: number, p: number): boolean {
  const t = g.table;
  const dx = t.px[p] - t.px[i], dy = t.py[p] - t.py[i];
  const d = Math.sqrt(dx * dx + dy * dy) - (g.scn.rules.measure === 'edge' ? g.r : 0);
  if (d > W_RANGE[W_GRENADE] + g.rangeMod) return false;
  if (!t.setSeg(i, p)) return true;
  const max = g.scn.rules.grenade_max_obstacle_in, len = t.seg[4];
  for (let q = 0; q < t.polygonCount; q++) {
    if (t.pHeight[q] <= max || !t.segBoxHits(q) || !t.clip(q)) continue;
    if (t.ct[0] * len < -EPS || (t.ct[1] - 1) * len > EPS) continue; // an end inside: out of or into it
    return false;
  }
  return true;
}

/**
 * Throws one of soldier i's grenades at the point the policy wrote into slot g.sp +
 * GRENADE_AIM (items 47, 23, 29, R18). The grenade is spent even if it is a dud. Returns
 * the number of hits.
 */
export function throwGrenade(g: NcoGame, i: number): number {
  if (g.grenades[i] <= 0) return 0;
  g.grenades[i]--;
  g.count.rulesInPlay.add(g.side[i], RC_GRENADE);
  const roll = g.rng.d6();
  if (roll === SCATTER_DUD) return 0;
  const aim = g.sp + GRENADE_AIM, land = g.sp + GRENADE_LAND;
  landingPoint(g, i, aim, land, roll === SCATTER_BEYOND ? 1 : roll === SCATTER_SHORT ? -1 : 0);
  return blast(g, i, land);
}

/**
 * Writes into slot `out` where a grenade aimed at slot `aim` by soldier i lands: on the
 * point (dir 0), or the scatter distance beyond (1) or short of it (−1) along the line from
 * the thrower (R18); a short throw never lands behind the thrower. (An integer `dir`, not a
 * double distance, crosses the call: V8 would box it.)
 */
export function landingPoint(g: NcoGame, i: number, aim: number, out: number, dir: number): void {
  const t = g.table, shift = dir * g.scn.rules.grenade_scatter_in;
  const dx = t.px[aim] - t.px[i], dy = t.py[aim] - t.py[i];
  const len = Math.sqrt(dx * dx + dy * dy);
  let f = len > EPS ? 1 + shift / len : 1;
  if (f < 0) f = 0;
  t.px[out] = t.px[i] + dx * f;
  t.py[out] = t.py[i] + dy * f;
}

/** Every soldier within the blast of slot `at` is a separate target (item 47). Returns hits. */
function blast(g: NcoGame, thrower: number, at: number): number {
  // A soldier is caught when his base reaches into the blast (R3; centre to centre: his centre).
  const t = g.table, reach = g.scn.rules.grenade_blast_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0), reach2 = reach * reach;
  const ax = t.px[at], ay = t.py[at];
  const hitsThrower = g.scn.rules.grenade_hits_thrower;
  // Nested attacks (a hit can cause a snap and its response fire) stack their target lists.
  const list = g.list2, base = g.listTop;
  let m = base;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || (j === thrower && !hitsThrower)) continue;
    const dx = t.px[j] - ax, dy = t.py[j] - ay;
    if (dx * dx + dy * dy <= reach2) list[m++] = j;
  }
  g.listTop = m;
  for (let k = base; k < m; k++) offerReactiveDown(g, thrower, list[k], W_GRENADE, 0, true); // item 20
  const tn = hitTargetFor(W_GRENADE, 0), max = g.scn.rules.max_hit_target;
  let hits = 0;
  for (let k = base; k < m; k++) {
    const j = list[k];
    if (!g.alive[j] || !rollHit(g.rng, tn, max)) continue;
    hits++;
    if (j === g.trackTarget) g.trackHits++;
    applyHits(g, j, 1, W_WOUND_MOD[W_GRENADE], W_EXTRA_PSYCHE[W_GRENADE], thrower);
    if (g.alive[j] && g.order[j] === O_NONE) forceDown(g, j); // resolves as Cover Fire (item 22)
  }
  g.listTop = base;
  return hits;
}
