/**
 * The scripted policies' mission plans for S3, S5 and S6 (digest items 107–112, R33, R34):
 * the pilot rescue (runners, pickup spot, carry home, the holder's Sergeant killing the
 * pilot), the Bomber and the guard of our drop, intel runners and carriers, and the
 * set-up choices (Bomber, drop, intel tokens). Also the destination helpers the area orders
 * of objectives.ts share (that file imports this one, never the reverse).
 * Nothing allocates; choices go into g.pick* and scratch slot sp+7.
 */
import { O_ADVANCE, O_ASSAULT, O_DOWN, O_FIRE, O_RUN, type NcoGame } from '../rules/state.ts';
import { M_TABLE, TARGET_PILOT } from '../rules/objective-state.ts';
import { markerDist, markerWithin, pilotArg, pilotSlot, pilotWeapon, touchesMarker } from '../scenarios/objectives.ts';
import { nearestEnemy } from '../rules/nearest.ts';
import { lineOfSight } from '../rules/terrain/sight.ts';
import { tokenSpotLegal, usable } from '../scenarios/setup.ts';

/** True when side s plays the random policy. */
export function random(g: NcoGame, s: number): boolean {
  return g.scn.policies[s].random;
}

/** Centre distance from soldier i to point slot p, into g.obj.dist[0] (never returned: it would box). */
export function distTo(g: NcoGame, i: number, p: number): void {
  const t = g.table, dx = t.px[i] - t.px[p], dy = t.py[i] - t.py[p];
  g.obj.dist[0] = Math.sqrt(dx * dx + dy * dy);
}

/**
 * How many of i's living comrades who are free to go stand nearer point slot p (ties by
 * index): carriers, the Bomber and the Walking Wounded (who cannot move, item 28) are not.
 */
export function rankTo(g: NcoGame, i: number, p: number): number {
  distTo(g, i, p);
  const s = g.side[i], di = g.obj.dist[0];
  let r = 0;
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || g.side[j] !== s || g.obj.carrying[j] > 0 || g.obj.bomber[s] === j || g.health[j] === 1) continue;
    distTo(g, j, p);
    const dj = g.obj.dist[0];
    if (dj < di || (dj === di && j < i)) r++;
  }
  return r;
}

/** Writes marker k into the destination slot sp+7 and returns the slot. */
export function markerSlot(g: NcoGame, k: number): number {
  const p = g.sp + 7;
  g.table.px[p] = g.obj.mx[k];
  g.table.py[p] = g.obj.my[k];
  return p;
}

/** Slot sp+7 on soldier i's own edge straight behind him (shifted sideways off blocked ground). */
function edgeSlot(g: NcoGame, i: number): number {
  const t = g.table, p = g.sp + 7;
  t.py[p] = g.edge[g.side[i]] === 0 ? g.r : t.height - g.r;
  for (let k = 0; k < 12; k++) {
    const x = t.px[i] + (k & 1 ? -1 : 1) * ((k + 1) >> 1) * 2;
    t.px[p] = x < g.r ? g.r : x > t.width - g.r ? t.width - g.r : x;
    if (usable(g, p)) break;
  }
  return p;
}

/**
 * Advance or Run toward slot p: Run when it is beyond one Advance and running is allowed.
 * False (no order chosen) for a Walking Wounded soldier, who may do neither (item 28).
 */
export function goTo(g: NcoGame, i: number, p: number, mayRun: boolean): boolean {
  if (g.health[i] === 1) return false;
  const move = g.moveIn[i] + g.moveMod;
  distTo(g, i, p);
  g.pickOrder = mayRun && g.obj.dist[0] > move + 1 ? O_RUN : O_ADVANCE;
  g.pickDest = p;
  return true;
}

// S3: the pilot.

/** objectiveOrder's S3 part (items 107–109): carrier home, pickup, the pilot kill, runners. */
export function rescueOrder(g: NcoGame, i: number): boolean {
  const o = g.obj, s = g.side[i];
  if (o.carrying[i] > 0) { // item 107: Advance or Down only; Walking Wounded, Down only (item 28)
    if (!goTo(g, i, edgeSlot(g, i), false)) g.pickOrder = O_DOWN;
    return true;
  }
  if (o.mState[0] !== M_TABLE) return false;
  if (touchesMarker(g, i, 0)) { g.pickOrder = O_DOWN; return true; }
  if (g.scn.sergeant[i] && s === o.holder && g.turn >= g.scn.scenario.killFrom && rescuerAhead(g)) {
    const p = pilotSlot(g);
    if (pilotWeapon(g, i) !== 0 && lineOfSight(g.table, g.sight, i, p)) { g.pickOrder = O_FIRE; g.pickTarget = TARGET_PILOT; return true; }
    const move = g.moveIn[i] + g.moveMod;
    pilotArg(g);
    if (g.health[i] > 1 && g.router.reachableArg(i, p, 2 * move, true)) { g.pickOrder = O_ASSAULT; g.pickTarget = TARGET_PILOT; return true; }
  }
  const p = pickupSlot(g, i);
  // Item 109: a carrier needs three Advances home from the centre, so the pickup must come
  // by turn 3. Runners Run while unseen; under fire only with weight 1 and only when an
  // Advance now would make the rescue too late (it doubles the rescues but costs more VP
  // than they win). The holder runs for him only while a capture still fits in time.
  if (rankTo(g, i, p) < pilotRunners(g, s) && (s !== o.holder || carryFeasible(g, i, p, 0))) return goTo(g, i, p, unseen(g, i) || (s !== o.holder && g.obj.weight[s] >= 1 && !carryFeasible(g, i, p, 1)));
  return false;
}

/**
 * Can soldier i still get the pilot home in time from pickup slot p: Runs to p, a Down
 * to pick up, then one Advance per remaining turn (item 107) to his own edge?
 */
function carryFeasible(g: NcoGame, i: number, p: number, advanced: number): boolean {
  distTo(g, i, p);
  const t = g.table, move = g.moveIn[i] + g.moveMod, d = g.obj.dist[0] - advanced * move; // advanced 1: after an Advance now
  const reach = advanced + (d <= 0.05 ? 0 : d <= move ? 1 : Math.ceil(d / (2 * move)));
  const home = g.edge[g.side[i]] === 0 ? t.py[p] - g.r : t.height - g.r - t.py[p];
  return (g.scn.rules.turns - g.turn - reach) * move >= home - 0.05;
}

/**
 * Slot sp+7 where a pilot runner should stop: just inside base contact on the pilot's side
 * toward the runner's own edge, so the carry home starts an inch nearer (item 109: from the
 * centre three Advances barely reach the edge).
 */
function pickupSlot(g: NcoGame, i: number): number {
  const t = g.table, sc = g.scn.scenario, p = markerSlot(g, 0);
  const y = t.py[p] + (g.edge[g.side[i]] === 0 ? -1 : 1) * (g.r + sc.tokenR + sc.contactTol - 0.01);
  t.py[p] = y < g.r ? g.r : y > t.height - g.r ? t.height - g.r : y;
  if (!usable(g, p)) { t.px[p] = g.obj.mx[0]; t.py[p] = g.obj.my[0]; }
  return p;
}

/** Runners Run only while no enemy can see them (R: a Run allows no shot and no cover). */
function unseen(g: NcoGame, i: number): boolean {
  return nearestEnemy(g, i, true) < 0;
}

/** Soldiers sent for the pilot: 1, or 2 with a high weight. */
function pilotRunners(g: NcoGame, s: number): number {
  return g.obj.weight[s] >= 0.5 ? 2 : 1;
}

/** The holder kills the pilot when a rescuer is nearer to him than any other holder soldier, or time runs out. */
function rescuerAhead(g: NcoGame): boolean {
  const o = g.obj;
  if (g.turn >= g.scn.rules.turns - 1) return true;
  let dr = 1e9, dh = 1e9;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j]) continue;
    markerDist(g, j, 0);
    const d = o.dist[0];
    if (g.side[j] === o.holder) { if (!g.scn.sergeant[j] && d < dh) dh = d; } else if (d < dr) dr = d;
  }
  return dr < dh;
}

/** objectiveMove's S3 part: the pickup slot for one of the pilot's runners, else −1. */
export function rescueMove(g: NcoGame, i: number): number {
  const o = g.obj;
  if (o.mState[0] !== M_TABLE) return -1;
  const s = g.side[i], p = pickupSlot(g, i);
  return rankTo(g, i, p) < pilotRunners(g, s) && (s !== o.holder || carryFeasible(g, i, p, 0)) ? p : -1;
}

// S5: the Bomber and the guard of our drop.

/** objectiveOrder's S5 part (item 111): the Bomber's Down at the enemy drop, or his approach. */
export function bomberOrder(g: NcoGame, i: number): boolean {
  const o = g.obj, s = g.side[i], k = 1 - s;
  if (o.bomber[s] !== i || o.mState[k] !== M_TABLE) return false;
  if (touchesMarker(g, i, k)) { g.pickOrder = O_DOWN; return true; } // item 111
  markerDist(g, i, k);
  const d = o.dist[0], sc = g.scn.scenario;
  // With weight ≥ 0.5, while his squad is not outnumbered, he commits (+75 and the game
  // ends at once, item 111): he fights with the squad while there is time and Runs for the
  // drop just in time — when this Run reaches contact, or when the Runs still needed plus
  // the Down would not fit in the turns left otherwise (Running early, alone, got him
  // killed). Otherwise he sneaks: Runs while unseen, fights on while seen until within two
  // moves, goes for it in the last two turns.
  const move = g.moveIn[i] + g.moveMod, gap = d - (g.r + sc.tokenR + sc.contactTol);
  const seen = !unseen(g, i), late = g.turn >= g.scn.rules.turns - 1;
  const commit = g.obj.weight[s] >= 0.5 && g.aliveCount[s] >= g.aliveCount[1 - s];
  if (!commit && seen && !late && gap > 2 * move) return false;
  const due = Math.ceil(gap / (2 * move)) + 1 >= g.scn.rules.turns - g.turn + 1 || gap <= 2 * move;
  if (commit && !due && !late) return false; // fights with the squad (which closes in anyway) until the Run is due
  return goTo(g, i, markerSlot(g, k), late || (commit ? due : !seen));
}

/**
 * S5 (item 111, R33): while the enemy Bomber is within two Runs of our drop, the soldier
 * nearest the guard spot (1" outside the 6" exclusion, between the drop and the Bomber)
 * goes there to shoot him; −1 when there is no threat or he is not the guard.
 */
export function guardSlot(g: NcoGame, i: number): number {
  const o = g.obj, s = g.side[i], b = o.bomber[1 - s], t = g.table, sc = g.scn.scenario;
  if (b < 0 || !g.alive[b] || o.mState[s] !== M_TABLE || !markerWithin(g, b, s, 4 * (g.moveIn[b] + g.moveMod) + 2)) return -1;
  markerDist(g, b, s);
  const d = o.dist[0], p = g.sp + 7;
  const r = sc.exclusion + (g.scn.rules.measure === 'edge' ? g.r + sc.tokenR : 0) + 1;
  if (d <= r) return -1; // he is already inside the ring: shoot, do not run to it
  t.px[p] = o.mx[s] + ((t.px[b] - o.mx[s]) / d) * r;
  t.py[p] = o.my[s] + ((t.py[b] - o.my[s]) / d) * r;
  if (!usable(g, p) || rankTo(g, i, p) >= 1) return -1;
  distTo(g, i, p);
  return o.dist[0] <= 1 ? -2 : p;
}

// S6: intel.

/** objectiveOrder's S6 part (item 112): pickups, carrying off, runners to the nearest free token. */
export function intelOrder(g: NcoGame, i: number): boolean {
  const o = g.obj;
  if (o.carrying[i] < g.scn.scenario.maxPerSoldier) {
    for (let k = 0; k < o.markers; k++) if (o.mState[k] === M_TABLE && touchesMarker(g, i, k)) { g.pickOrder = O_DOWN; return true; }
  }
  if (o.carrying[i] > 0) return goTo(g, i, edgeSlot(g, i), true); // carry it off (item 112); Walking Wounded: fight or Rally first
  const k = intelTarget(g, i);
  if (k < 0) return false;
  return goTo(g, i, markerSlot(g, k), unseen(g, i));
}

/** The nearest free token soldier i is among the first runners for, or −1. */
function intelTarget(g: NcoGame, i: number): number {
  const o = g.obj, runners = 1; // one runner per token: five tokens would otherwise take the whole squad
  let best = -1, bestD = 1e9;
  for (let k = 0; k < o.markers; k++) {
    if (o.mState[k] !== M_TABLE) continue;
    markerDist(g, i, k);
    const d = o.dist[0];
    if (d >= bestD || rankTo(g, i, markerSlot(g, k)) >= runners) continue;
    bestD = d;
    best = k;
  }
  return best;
}

/** objectiveMove's S6 part: the slot of the token soldier i runs for, else −1. */
export function intelMove(g: NcoGame, i: number): number {
  const k = intelTarget(g, i);
  return k < 0 ? -1 : markerSlot(g, k);
}

// Set-up choices and the S6 exit (called by the rules code).

/** Item 112: a carrier at his own edge leaves with the intel (random: a coin). */
export function wantsLeave(g: NcoGame, i: number): boolean {
  return random(g, g.side[i]) ? g.prng.below(2) === 0 : true;
}

/** Item 111: the Bomber, a non-specialist. Scripted: the sturdiest, quickest non-Sergeant. */
export function chooseBomber(g: NcoGame, s: number): number {
  const start = g.scn.sideStart[s], end = s === 0 ? g.scn.sideStart[1] : g.n;
  let m = 0, best = -1, bestV = -1;
  for (let i = start; i < end; i++) {
    if (g.scn.specialist[i]) continue;
    g.list[m++] = i;
    const v = (g.scn.sergeant[i] ? 0 : 1000) + g.maxHealth[i] * 10 + g.moveIn[i];
    if (v > bestV) { bestV = v; best = i; }
  }
  if (m === 0) return -1;
  return random(g, s) ? g.list[g.prng.below(m)] : best;
}

/**
 * Item 111: side s's drop x, into g.obj.mx[s] (a returned double would box). Scripted: the
 * middle of the edge (nearest the squad), else uniform; off blocked ground.
 */
export function chooseDropX(g: NcoGame, s: number): void {
  const sc = g.scn.scenario, t = g.table, p = g.sp + 6;
  const lo = sc.dropMinSide + sc.tokenR, hi = t.width - sc.dropMinSide - sc.tokenR;
  const x0 = random(g, s) ? lo + (g.prng.below(1 << 20) / (1 << 20)) * (hi - lo) : t.width / 2;
  t.py[p] = g.edge[s] === 0 ? g.r : t.height - g.r;
  for (let k = 0; k < 40; k++) {
    const x = x0 + (k & 1 ? -1 : 1) * ((k + 1) >> 1) * 0.5;
    if (x < lo || x > hi) continue;
    t.px[p] = x;
    if (usable(g, p)) { g.obj.mx[s] = x; return; }
  }
  g.obj.mx[s] = x0;
}

/**
 * The scripted token spot: grid rows from the own edge inward, each row from the middle
 * outward (lower x first), the first legal spot (the best by that order; stops early).
 */
function firstTokenSpot(g: NcoGame, s: number, k: number, slack: number, nx: number, ny: number): boolean {
  const t = g.table, p = g.sp + 6, mid = t.width / 2;
  for (let r = 0; r < ny; r++) {
    t.py[p] = g.edge[s] === 0 ? 1 + r : ny - r;
    for (let c = 0; c < 2 * nx; c++) {
      const d = c >> 1;
      const x = Math.round(mid) + ((c & 1) === 0 ? -d : d);
      if ((c & 1) === 1 && d === 0) continue; // the middle column once
      if (x < 1 || x > nx) continue;
      t.px[p] = x;
      if (!tokenSpotLegal(g, p, k, slack)) continue;
      g.obj.mx[k] = x;
      g.obj.my[k] = t.py[p];
      return true;
    }
  }
  return false;
}

/**
 * Item 112, R34: a spot for side s's token k on a 1" grid, minimums relaxed by `slack`.
 * Scripted: nearest its own edge (then nearest the middle); random: uniform over legal
 * spots. Writes mx/my[k]; false when none is legal.
 */
export function chooseTokenSpot(g: NcoGame, s: number, k: number, slack: number): boolean {
  const t = g.table, p = g.sp + 6, o = g.obj;
  const rnd = random(g, s);
  const nx = Math.floor(t.width) - 1, ny = Math.floor(t.height) - 1;
  if (!rnd) return firstTokenSpot(g, s, k, slack, nx, ny);
  let count = 0, best = -1, bestV = 1e18;
  for (let pass = 0; pass < (rnd ? 2 : 1); pass++) {
    const pick = pass === 1 ? g.prng.below(count) : -1;
    let c = 0;
    for (let a = 0; a < nx * ny; a++) {
      t.px[p] = 1 + (a % nx);
      t.py[p] = 1 + ((a / nx) | 0);
      if (!tokenSpotLegal(g, p, k, slack)) continue;
      if (pass === 1) { if (c++ === pick) { best = a; break; } continue; }
      count++;
      const own = g.edge[s] === 0 ? t.py[p] : t.height - t.py[p];
      const v = own * 100 + Math.abs(t.px[p] - t.width / 2);
      if (v < bestV) { bestV = v; best = a; }
    }
    if (count === 0) return false;
  }
  o.mx[k] = 1 + (best % nx);
  o.my[k] = 1 + ((best / nx) | 0);
  return true;
}
