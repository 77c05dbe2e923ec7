/**
 * The NCO code as it stood before issue 14's speed-ups, for test/nco-perf-equivalence:
 * sight, cover, movement cost, nearest enemy, sergeantWith, the activation order, the
 * order walk, A*'s expand and walk, touched()'s distances, the cover spots' enemy distances,
 * bestCoverSpot and inCoverSpot. Test-only; may allocate.
 */
import { COVER, DIFFICULT, EPS, IMPASSABLE, NEG_EPS, OBSCURING } from '../engine/geometry/flags.ts';
import type { Table } from '../engine/geometry/table.ts';
import type { NcoMoveCost } from '../engine/rulesets/nco/rules/terrain/move-cost.ts';
import type { SightRules } from '../engine/rulesets/nco/rules/terrain/sight.ts';
import { O_NONE, type NcoGame } from '../engine/rulesets/nco/rules/state.ts';
import { bestWeapon } from '../engine/rulesets/nco/rules/weapon-choice.ts';
import { effectiveRange, F_COVER_ORDER, hitChance } from '../engine/rulesets/nco/rules/shooting.ts';
import { W_AS_COVER_FIRE, W_PISTOL } from '../engine/rulesets/nco/data/weapons.ts';
import { objectiveTargetValue } from '../engine/rulesets/nco/policy/objectives.ts';
import { grenadeOption } from '../engine/rulesets/nco/policy/grenades.ts';
import { CHANCE_ONE, noncombatant } from '../engine/rulesets/nco/policy/targets.ts';

export function nearEdgePlain(t: Table, s: SightRules, e: number, slot: number): boolean {
  const wx = t.px[slot] - t.vx[e], wy = t.py[slot] - t.vy[e];
  const ex = t.ex[e], ey = t.ey[e];
  const u = Math.min(Math.max((wx * ex + wy * ey) / (ex * ex + ey * ey), 0), 1);
  const qx = wx - u * ex, qy = wy - u * ey;
  return qx * qx + qy * qy <= s.edgeWindow * s.edgeWindow + EPS;
}

export function losPlain(t: Table, s: SightRules, a: number, b: number): boolean {
  if (!t.setSeg(a, b)) return true;
  const len = t.seg[4];
  for (let p = 0; p < t.polygonCount; p++) {
    if ((t.pFlags[p] & OBSCURING) === 0 || !t.segBoxHits(p) || !t.clip(p)) continue;
    const aIn = t.ct[0] * len < NEG_EPS;
    const bIn = (t.ct[1] - 1) * len > EPS;
    if (aIn) {
      if (bIn) continue;
      if (!nearEdgePlain(t, s, t.ce[1], a)) return false;
    } else if (!bIn || !nearEdgePlain(t, s, t.ce[0], b)) return false;
  }
  return true;
}

export function inCoverPlain(t: Table, sr: SightRules, shooter: number, target: number, alive: Uint8Array, nModels: number): boolean {
  const s = t.seg;
  const point = !t.setSeg(shooter, target);
  t.q[0] = t.px[target];
  t.q[1] = t.py[target];
  const len = s[4];
  const near = sr.coverProximity + EPS;
  for (let p = 0; p < t.polygonCount; p++) {
    const f = t.pFlags[p];
    if ((f & (COVER | OBSCURING)) === 0) continue;
    const inside = (f & COVER) !== 0 && t.insideQ(p);
    if (point) {
      if (inside) return true;
      continue;
    }
    if (!t.segBoxHits(p) || !t.clip(p)) continue;
    const t1 = Math.min(t.ct[1], 1);
    if ((1 - t1) * len <= near) return true;
  }
  if (point) return false;
  const ax = s[0], ay = s[1], dx = s[2], dy = s[3];
  const inv = 1 / (len * len);
  const r2 = t.baseRadius * t.baseRadius;
  for (let i = 0; i < nModels; i++) {
    if (alive[i] === 0 || i === shooter || i === target) continue;
    const wx = t.px[i] - ax, wy = t.py[i] - ay;
    const u = Math.min(Math.max((wx * dx + wy * dy) * inv, 0), 1);
    const qx = wx - u * dx, qy = wy - u * dy;
    if (qx * qx + qy * qy < r2) return true;
  }
  return false;
}

/** NcoMoveCost.eval before its per-mode piece lists: [allowed, extra]. */
export function evalPlain(T: Table, m: NcoMoveCost, run: boolean): [boolean, number] {
  const len = T.seg[4];
  if (len <= EPS) return [true, 0];
  const bit = run ? 2 : 1;
  const cross: [number, number, number][] = [];
  for (let p = 0; p < T.polygonCount; p++) {
    const fl = T.pFlags[p], h = T.pHeight[p];
    const relevant = (h > 0 ? 3 : 0) | (fl & IMPASSABLE ? 3 : 0) | (fl & DIFFICULT ? 2 : 0);
    if ((relevant & bit) === 0 || !T.segBoxHits(p) || !T.clip(p)) continue;
    if (fl & IMPASSABLE) return [false, 0];
    if (run && fl & DIFFICULT) return [false, 0];
    if (h > 0) cross.push([p, T.ct[0], T.ct[1]]);
  }
  if (cross.length === 0) return [true, 0];
  let cur = 0;
  const ev: [number, number][] = [];
  const active = cross.map(() => 0);
  const push = (t: number, k: number): void => {
    let j = ev.length;
    ev.push([0, 0]);
    while (j > 0 && ev[j - 1][0] > t) { ev[j] = ev[j - 1]; j--; }
    ev[j] = [t, k];
  };
  cross.forEach(([p, t0, t1], k) => {
    const startIn = t0 * len < NEG_EPS;
    const endIn = (t1 - 1) * len > EPS;
    active[k] = startIn ? 1 : 0;
    if (startIn && T.pHeight[p] > cur) cur = T.pHeight[p];
    if (!startIn) push(Math.max(t0, 0), k);
    if (!endIn) push(Math.min(t1, 1), k);
  });
  let extra = 0;
  for (let i = 0; i < ev.length; ) {
    const tt = ev[i][0];
    while (i < ev.length && ev[i][0] - tt <= EPS) { active[ev[i][1]] ^= 1; i++; }
    let h = 0;
    cross.forEach(([p], k) => { if (active[k] && T.pHeight[p] > h) h = T.pHeight[p]; });
    const d = h - cur;
    if (d === 0) continue;
    const ad = Math.abs(d);
    let c = 0;
    if (ad > m.waistHeight + EPS) {
      if (m.climbRequiresRun && !run) return [false, 0];
      c = ad;
    } else if (d > 0) c = m.waistHighCost;
    cur = h;
    extra += c;
  }
  return [true, extra];
}

export function nearestPlain(g: NcoGame, i: number, visibleOnly: boolean): number {
  let best = -1, bestD = 1e9;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] === g.side[i]) continue;
    const d = g.dd[i * g.n + j];
    if (d >= bestD) continue;
    if (visibleOnly && !losPlain(g.table, g.sight, i, j)) continue;
    bestD = d;
    best = j;
  }
  return best;
}

export function sergeantPlain(g: NcoGame, s: number, item: number): number {
  for (let i = 0; i < g.n; i++) if (g.side[i] === s && (g.itemsLeft[i] & item) !== 0) return g.alive[i] ? i : -1;
  return -1;
}

export function actOrderPlain(g: NcoGame): number[] {
  const score: number[] = [];
  for (let i = 0; i < g.n; i++) {
    let best = 1e9;
    if (g.alive[i]) for (let j = 0; j < g.n; j++) if (g.alive[j] && g.side[j] !== g.side[i] && g.dd[i * g.n + j] < best) best = g.dd[i * g.n + j];
    score.push(best);
  }
  const act = score.map((_, i) => i);
  for (let a = 1; a < act.length; a++) { // the same stable insertion sort
    const v = act[a];
    let b = a - 1;
    while (b >= 0 && score[act[b]] > score[v]) { act[b + 1] = act[b]; b--; }
    act[b + 1] = v;
  }
  // The fast order keeps each side's soldiers in the side's index range: this order filtered by side.
  return [...act.filter((i) => g.side[i] === 0), ...act.filter((i) => g.side[i] === 1)];
}

/** The soldier chooseOrder hands the die to for a scripted side, by the full walk it made: [pick, rally]. */
export function pickPlain(g: NcoGame, s: number): [number, boolean] {
  let i = -1, waiting = -1;
  for (let k = 0; k < g.n; k++) {
    const j = g.actOrder[k];
    if (g.side[j] !== s || !g.alive[j] || g.order[j] !== O_NONE) continue;
    if (g.mustRally[j]) return [j, true];
    if (g.ambush[j] > 0) { if (waiting < 0) waiting = j; continue; }
    if (i < 0) i = j;
  }
  return [i < 0 ? waiting : i, false];
}

export { PlainRouter } from './router-plain.ts';


/** touched(a)'s distances as it computed them (one loop, both directions per pair), into copies of dd and rd. */
export function touchedPlain(g: NcoGame, a: number): { dd: Float64Array; rd: Float64Array } {
  const n = g.n, px = g.table.px, py = g.table.py;
  const dd = g.dd.slice(), rd = g.rd.slice();
  const edge = g.scn.rules.measure === 'edge' ? 2 * g.r : 0;
  for (let j = 0; j < n; j++) {
    const dx = px[j] - px[a], dy = py[j] - py[a];
    const d = Math.sqrt(dx * dx + dy * dy);
    const e = d - edge;
    dd[a * n + j] = dd[j * n + a] = d;
    rd[a * n + j] = rd[j * n + a] = e > 0 ? e : 0;
  }
  return { dd, rd };
}

/** Each spot's nearest enemy per side by a scan of every soldier that checks side and alive. */
export function spotDistancesPlain(g: NcoGame, px: Float64Array, py: Float64Array, alive: Uint8Array): number[] {
  const out: number[] = [];
  for (let k = 0; k < g.spotCount; k++) {
    let d0 = 1e18, d1 = 1e18;
    for (let j = 0; j < g.n; j++) {
      if (!alive[j]) continue;
      const dx = px[j] - g.spotX[k], dy = py[j] - g.spotY[k];
      const d2 = dx * dx + dy * dy;
      if (g.side[j] === 1) { if (d2 < d0) d0 = d2; } else if (d2 < d1) d1 = d2;
    }
    out.push(Math.sqrt(d0), Math.sqrt(d1));
  }
  return out;
}

/**
 * bestCoverSpot's choice (spot index, −1 for none) by the full rescan per try with a scan of
 * every soldier for friends, on the turn's spot distances `dist` (spotDistancesPlain's);
 * `retried` says a friend held the first choice.
 */
export function coverSpotPlain(g: NcoGame, i: number, budget: number, want: number, dist: number[]): { best: number; retried: boolean } {
  const x = g.table.px[i], y = g.table.py[i], side = g.side[i];
  const skip = new Set<number>();
  let best = -1;
  for (let tries = 0; tries < 3; tries++) {
    let bestS = 1e9;
    best = -1;
    for (let k = 0; k < g.spotCount; k++) {
      if (skip.has(k)) continue;
      const dx = g.spotX[k] - x, dy = g.spotY[k] - y;
      const travel = Math.sqrt(dx * dx + dy * dy);
      if (travel > budget * 3) continue;
      const s = Math.abs(dist[2 * k + side] - want) + 0.3 * travel;
      if (s < bestS) { bestS = s; best = k; }
    }
    let held = false;
    for (let j = 0; j < g.n && best >= 0; j++) {
      if (j === i || !g.alive[j] || g.side[j] !== g.side[i]) continue;
      const dx = g.table.px[j] - g.spotX[best], dy = g.table.py[j] - g.spotY[best];
      if (dx * dx + dy * dy < 1.2) held = true;
    }
    if (best < 0 || !held) break;
    skip.add(best);
  }
  return { best, retried: skip.size > 0 };
}

/** Soldier i stands within 1" of a cover spot, by a scan of the spots. */
export function inCoverSpotPlain(g: NcoGame, i: number): boolean {
  for (let k = 0; k < g.spotCount; k++) {
    const dx = g.spotX[k] - g.table.px[i], dy = g.spotY[k] - g.table.py[i];
    if (dx * dx + dy * dy <= 1) return true;
  }
  return false;
}

// ---- target choice before issue 14's shot memos (policy/targets.ts, policy/best-shooter.ts) ----

/** bestTarget as it stood: every enemy asked afresh (bestWeapon, friendsInBlast, weights). */
export function bestTargetPlain(g: NcoGame, i: number, flags: number): number {
  const p = g.scn.policies[g.side[i]];
  let best = -1, bestW = 0, bestV = 0;
  const pw = g.primary[i];
  let reach = pw !== 0 ? effectiveRange(g, pw, 0) : 0;
  if (g.scn.pistol[i]) { const pr = effectiveRange(g, W_PISTOL, 0); if (pr > reach) reach = pr; }
  const row = i * g.n;
  const lo = g.side[i] === 0 ? g.split : 0, hi = g.side[i] === 0 ? g.n : g.split;
  for (let j = lo; j < hi; j++) {
    if (!g.alive[j] || g.rd[row + j] > reach || !g.los(i, j)) continue;
    const w = bestWeapon(g, i, j, flags);
    if (w === 0) continue;
    let v = g.lastChance;
    if (W_AS_COVER_FIRE[w] === 1 || (flags & F_COVER_ORDER) !== 0) {
      const reachB = g.scn.rules.cover_fire_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0);
      let f = 0;
      for (let k = 0; k < g.n; k++) {
        if (k === i || !g.alive[k] || g.side[k] !== g.side[i] || g.dd[j * g.n + k] > reachB) continue;
        f += 20 * hitChance(g, i, k, w, flags);
      }
      v -= f;
      if (v <= 0) continue;
    }
    if (p.targetPriority === 1) {
      const den = g.maxHealth[j] + g.maxPsyche[j];
      v = ((v * (den + g.maxHealth[j] - g.health[j] + g.maxPsyche[j] - g.psyche[j])) / den) | 0;
    } else if (p.targetPriority === 2) v = ((v * (20 + g.scn.killValue[j])) / 40) | 0;
    else if (p.targetPriority === 3) v = ((v * 4 * g.scn.killValue[j]) / (10 * (g.health[j] + 1))) | 0;
    v = objectiveTargetValue(g, i, j, v);
    if (v > bestV) { bestV = v; best = j; bestW = w; }
  }
  g.pickTarget = best;
  g.pickWeapon = bestW;
  return grenadeOption(g, i, flags, bestV);
}

/** bestShooter as it stood: bestTargetPlain for every candidate. */
export function bestShooterPlain(g: NcoGame, s: number, fallback: number): number {
  const p = g.scn.policies[s];
  const min = (0.55 - 0.35 * p.aggression) * CHANCE_ONE;
  let best = fallback, bestV = 0;
  for (let j = s === 0 ? 0 : g.split, hi = s === 0 ? g.split : g.n; j < hi; j++) {
    if (!g.alive[j] || g.order[j] !== O_NONE || g.ambush[j] > 0 || g.mustDown[j] || g.obj.offTable[j] !== 0 || noncombatant(g, j)) continue;
    const v = bestTargetPlain(g, j, 0);
    if (v >= min && v > bestV) { bestV = v; best = j; }
  }
  return best;
}
