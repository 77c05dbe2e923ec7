/**
 * Moving a soldier (items 24–27, R2) and the Ambush interrupt on that move (item 32, R5).
 */
import { RC_AMBUSH } from '../data/rule-counters.ts';
import { O_DOWN, O_FIRE, O_HOLD, O_NONE, PHASE_ORDERS, type NcoGame } from './state.ts';
import { fireAt, effectiveRange } from './shooting.ts';
import { ambushWeapon } from './weapon-choice.ts';
import { takeDie } from './dice-bag.ts';
import { lineOfSight } from './terrain/sight.ts';

/**
 * Moves soldier i toward point slot `dest` spending at most `budget` inches (difficult
 * ground and climbing per R2 via the table), stopping within g.router.arg[0] of it (set by
 * the caller: a double argument would box). Enemy ambushers may interrupt the move.
 * Returns false if an Ambush hit cancelled the action.
 */
export function moveSoldier(g: NcoGame, i: number, dest: number, budget: number, run: boolean): boolean {
  const t = g.table;
  const start = g.sp + 1;
  t.px[start] = t.px[i];
  t.py[start] = t.py[i];
  g.router.moveTowardArg(i, dest, budget, run);
  if (g.obj.markers > 1) g.scenarioRules.enforceExclusion(g, i, start); // R33: S5's zone around the own drop
  g.moved[i] = 1;
  g.touched(i);
  if (g.ambushers[1 - g.side[i]] > 0 && !ambushCheck(g, i, start)) return false;
  if (g.obj.markers > 0) { g.scenarioRules.afterMove(g, i); if (!g.alive[i] || g.over) return false; } // items 109, 112
  return true;
}

/**
 * R5: an enemy ambusher with LOS to some point of the path may stop the mover there and
 * fire. The path is sampled every `ambush_path_step_in` along the start→end segment and
 * the policy picks the point; a hit cancels the mover's action and makes his order Down.
 */
function ambushCheck(g: NcoGame, i: number, start: number): boolean {
  const t = g.table;
  const enemy = 1 - g.side[i];
  const probe = g.sp + 2;
  const sx = t.px[start], sy = t.py[start], ex = t.px[i], ey = t.py[i];
  const len = Math.sqrt((ex - sx) * (ex - sx) + (ey - sy) * (ey - sy));
  const stepIn = g.scn.rules.ambush_path_step_in;
  const steps = len > 0 ? Math.ceil(len / stepIn) : 0;
  const edge = g.scn.rules.measure === 'edge' ? 2 * g.r : 0;
  for (let a = 0; a < g.n; a++) {
    if (g.side[a] !== enemy || g.ambush[a] <= 0 || !g.alive[a] || g.brokenNow[a]) continue;
    if (g.phase === PHASE_ORDERS && (g.order[a] !== O_NONE && g.order[a] !== O_HOLD || g.mustDown[a])) continue; // no die left to trigger (or it must be a Down)
    const w = ambushWeapon(g, a);
    if (w === 0) continue;
    const range = effectiveRange(g, w, 0);
    // Pick the visible sample in range that is nearest the ambusher (best odds).
    let bestK = -1, bestD = 1e9;
    for (let k = 0; k <= steps; k++) {
      const f = steps === 0 ? 1 : k / steps;
      t.px[i] = sx + (ex - sx) * f;
      t.py[i] = sy + (ey - sy) * f;
      const dx = t.px[a] - t.px[i], dy = t.py[a] - t.py[i]; // i sits on a probe point: not in g.rd
      const dc = Math.sqrt(dx * dx + dy * dy) - edge;
      const d = dc > 0 ? dc : 0;
      if (d > range || d >= bestD) continue;
      if (lineOfSight(t, g.sight, a, i)) { bestD = d; bestK = k; }
    }
    t.px[i] = ex;
    t.py[i] = ey;
    if (bestK < 0) continue;
    const f = steps === 0 ? 1 : bestK / steps;
    t.px[probe] = sx + (ex - sx) * f;
    t.py[probe] = sy + (ey - sy) * f;
    if (!g.decide.wantsAmbushTrigger(g, a, i)) continue;
    g.count.rulesInPlay.add(g.side[a], RC_AMBUSH);
    t.px[i] = t.px[probe];
    t.py[i] = t.py[probe];
    g.touched(i);
    if (g.phase === PHASE_ORDERS && g.order[a] === O_NONE) takeDie(g, a, O_FIRE); // R5: uses his die
    if (g.ambush[a] > 0) {
      g.ambush[a] = 0;
      g.ambushers[enemy]--;
    }
    g.down[a] = 0;
    g.trackTarget = i; // count hits on the mover only: area weapons also hit bystanders
    g.trackHits = 0;
    fireAt(g, a, i, w, 0);
    g.trackTarget = -1;
    if (g.trackHits > 0 && g.alive[i]) {
      g.order[i] = O_DOWN; // item 32: a hit cancels his action; his order becomes Down
      g.down[i] = 1;
      return false;
    }
    if (!g.alive[i]) return false;
    t.px[i] = ex; // a miss lets the move finish
    t.py[i] = ey;
    g.touched(i);
    return true;
  }
  return true;
}
