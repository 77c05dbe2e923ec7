/** Ambush (item 8, R5, R26): enemy units on Ambush may interrupt a unit starting an action. */
import { AMBUSH, DOWN, FIRE } from '../data/tables.ts';
import { MAX_SAMPLES, type PlatoonGame } from './state.ts';
import { placed } from './movement.ts';
import { shoot } from './shooting.ts';
import { traceHalted } from './trace-log.ts';

/**
 * Unit m starts an action going from where it stands to (ex, ey) (a Fire: the same point).
 * Each enemy Ambush unit, nearest first (R26), may fire once at one of the points sampled
 * every `ambush_sample_in` inches along the way (R5); m is placed there for the shot.
 * Returns false if m did not survive or was halted: a vehicle whose die a shot turned to
 * Down (Crew Stunned, Immobilised, On Fire put out: items 63–65, "halted and cannot take a
 * further action that turn") stops where it was hit, and its action (the rest of the move,
 * an Advance's or a Fire's shot) is not taken; later ambushers fire at it there. Otherwise
 * true, with m at the last ambush point (the caller moves it on).
 */
export function springAmbushes(g: PlatoonGame, m: number, ex: number, ey: number): boolean {
  AMBUSH_END[0] = ex; AMBUSH_END[1] = ey;
  return springAmbushesTo(g, m);
}

/**
 * springAmbushes to (AMBUSH_END[0], AMBUSH_END[1]); coordinates travel in typed arrays
 * because double arguments are boxed on every call V8 does not inline (docs/gc-audit.md).
 */
export const AMBUSH_END = new Float64Array(2);
const PATH = new Float64Array(4);

export function springAmbushesTo(g: PlatoonGame, m: number): boolean {
  const scn = g.scn, enemy = 1 - scn.side[m];
  let ex = AMBUSH_END[0], ey = AMBUSH_END[1], halted = false;
  // R26: nearest first, chosen by repeated minimum (no sort, no allocation).
  let last = -1, lastD = -1;
  for (;;) {
    let a = -1, best = Infinity;
    for (let v = 0; v < g.n; v++) {
      if (g.alive[v] === 0 || scn.side[v] !== enemy || g.order[v] !== AMBUSH) continue;
      const dx = g.x[v] - g.x[m], dy = g.y[v] - g.y[m], d = dx * dx + dy * dy;
      if ((d > lastD || (d === lastD && v > last)) && d < best) { best = d; a = v; }
    }
    if (a < 0) return !halted;
    last = a; lastD = best;
    PATH[0] = g.x[m]; PATH[1] = g.y[m]; PATH[2] = ex; PATH[3] = ey;
    const n = samplePathXY(g);
    const k = g.decide[enemy].ambushPoint(g, a, m, n);
    if (k < 0 || k >= n) continue;
    g.x[m] = g.sampleX[k]; g.y[m] = g.sampleY[k];
    placed(g, m);
    g.order[a] = FIRE; // the ambush is spent
    g.count.ambushShots.add(enemy);
    shoot(g, a, m, false, 0);
    if (g.alive[m] === 0) return false;
    // Items 63–65: only a vehicle damage result turns the die of a unit in action to Down.
    if (!halted && g.order[m] === DOWN) {
      halted = true;
      ex = g.x[m]; ey = g.y[m];
      g.count.ambushHalts.add(scn.side[m]);
      if (g.trace !== null) traceHalted(g, m);
    }
  }
}

/** Points every `ambush_sample_in` inches from (ax, ay) to (bx, by), both ends included, into g.sampleX/Y. */
export function samplePath(g: PlatoonGame, ax: number, ay: number, bx: number, by: number): number {
  PATH[0] = ax; PATH[1] = ay; PATH[2] = bx; PATH[3] = by;
  return samplePathXY(g);
}

function samplePathXY(g: PlatoonGame): number {
  const ax = PATH[0], ay = PATH[1], bx = PATH[2], by = PATH[3], dx = bx - ax, dy = by - ay, len = Math.sqrt(dx * dx + dy * dy);
  let n = Math.floor(len / g.scn.rules.ambush_sample_in) + 2;
  if (len < 1e-6) n = 1;
  if (n > MAX_SAMPLES) n = MAX_SAMPLES;
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : i / (n - 1);
    g.sampleX[i] = ax + dx * t;
    g.sampleY[i] = ay + dy * t;
  }
  return n;
}
