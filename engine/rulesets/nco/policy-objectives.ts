/**
 * Scenario decisions of the scripted policies (digest §4.15): which soldiers go for the
 * objectives (sectors, centre, pilot, intel, the enemy drop), pickups, carriers heading
 * home, the holder's Sergeant killing the pilot, targets that matter to the scenario,
 * drop/token placement, the Bomber and the S4 guess. `objective_weight` (0..1) weighs
 * objectives against killing: the share of soldiers sent, whether they move instead of
 * shooting (≥ 0.5), and how much objective-relevant enemies are favoured as targets.
 * Nothing allocates; choices go into g.pick* and scratch slot sp+7.
 */
import { O_ADVANCE, O_ASSAULT, O_DOWN, O_FIRE, O_RUN, type NcoGame } from './state.ts';
import { POL_RANDOM } from './policy-params.ts';
import { SC_CENTRE, SC_EXTERMINATION, SC_INTEL, SC_RESCUE, SC_SEARCH_DESTROY, SC_SECTORS } from './scenarios.ts';
import { M_TABLE, TARGET_PILOT } from './objective-state.ts';
import { markerDist, markerWithin, pilotSlot, pilotWeapon, syncCarriers, touchesMarker } from './objectives.ts';
import { nearestEnemy } from './policy.ts';
import { sectorOf } from './scoring.ts';
import { tokenSpotLegal, usable } from './scenario-setup.ts';

function random(g: NcoGame, s: number): boolean {
  return g.scn.policies[s].kind === POL_RANDOM;
}

/** Soldiers of side s sent to objectives: ceil(weight × living soldiers). */
function quota(g: NcoGame, s: number): number {
  return Math.ceil(g.obj.weight[s] * g.aliveCount[s] - 1e-9);
}

/** Centre distance from soldier i to point slot p, into g.obj.dist[0] (never returned: it would box). */
function distTo(g: NcoGame, i: number, p: number): void {
  const t = g.table, dx = t.px[i] - t.px[p], dy = t.py[i] - t.py[p];
  g.obj.dist[0] = Math.sqrt(dx * dx + dy * dy);
}

/** How many of i's living, non-carrying comrades stand nearer point slot p (ties by index). */
function rankTo(g: NcoGame, i: number, p: number): number {
  distTo(g, i, p);
  const s = g.side[i], di = g.obj.dist[0];
  let r = 0;
  for (let j = 0; j < g.n; j++) {
    if (j === i || !g.alive[j] || g.side[j] !== s || g.obj.carrying[j] > 0 || g.obj.bomber[s] === j) continue;
    distTo(g, j, p);
    const dj = g.obj.dist[0];
    if (dj < di || (dj === di && j < i)) r++;
  }
  return r;
}

/** Writes marker k into the destination slot sp+7 and returns the slot. */
function markerSlot(g: NcoGame, k: number): number {
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

/** Advance or Run toward slot p: Run when it is beyond one Advance and running is allowed. */
function goTo(g: NcoGame, i: number, p: number, mayRun: boolean): void {
  const move = g.moveIn[i] + g.moveMod;
  distTo(g, i, p);
  g.pickOrder = mayRun && g.obj.dist[0] > move + 1 ? O_RUN : O_ADVANCE;
  g.pickDest = p;
}

/**
 * The scripted order when the scenario asks for one (before shooting is considered):
 * pickups, carriers, the Bomber, the pilot kill, and (weight ≥ 0.5) soldiers on their
 * way to a sector or the centre. Returns false to let the normal procedure decide.
 */
export function objectiveOrder(g: NcoGame, i: number): boolean {
  const o = g.obj;
  if (o.kind === 0 || g.obj.weight[g.side[i]] <= 0) return false;
  syncCarriers(g);
  if (o.kind === SC_RESCUE) return rescueOrder(g, i);
  if (o.kind === SC_SEARCH_DESTROY) return bomberOrder(g, i);
  if (o.kind === SC_INTEL) return intelOrder(g, i);
  // S1/S2: runners with no enemy in sight go straight for the area (weight ≥ 0.5); with an
  // enemy in sight the normal procedure shoots, and moveOrder still heads for the area.
  if ((o.kind === SC_SECTORS || o.kind === SC_CENTRE) && g.obj.weight[g.side[i]] >= 0.5 && nearestEnemy(g, i, true) < 0) {
    const p = areaDest(g, i);
    if (p >= 0) { goTo(g, i, p, true); return true; }
  }
  return false;
}

function rescueOrder(g: NcoGame, i: number): boolean {
  const o = g.obj, s = g.side[i];
  if (o.carrying[i] > 0) { g.pickOrder = O_ADVANCE; g.pickDest = edgeSlot(g, i); return true; } // item 107: Advance or Down only
  if (o.mState[0] !== M_TABLE) return false;
  if (touchesMarker(g, i, 0)) { g.pickOrder = O_DOWN; return true; }
  if (g.scn.sergeant[i] && s === o.holder && g.turn >= g.scn.scenario.killFrom && rescuerAhead(g)) {
    const p = pilotSlot(g);
    if (pilotWeapon(g, i) !== 0 && g.table.los(i, p)) { g.pickOrder = O_FIRE; g.pickTarget = TARGET_PILOT; return true; }
    const move = g.moveIn[i] + g.moveMod;
    g.table.arg[0] = g.r + g.scn.scenario.tokenR;
    if (g.health[i] > 1 && g.table.reachableArg(i, p, 2 * move, true)) { g.pickOrder = O_ASSAULT; g.pickTarget = TARGET_PILOT; return true; }
  }
  const p = pickupSlot(g, i);
  // Item 109: a carrier needs three Advances home from the centre, so the pickup must come
  // by turn 3. Runners Run while unseen; under fire only with weight 1 and only when an
  // Advance now would make the rescue too late (it doubles the rescues but costs more VP
  // than they win). The holder runs for him only while a capture still fits in time.
  if (rankTo(g, i, p) < pilotRunners(g, s) && (s !== o.holder || carryFeasible(g, i, p, 0))) { goTo(g, i, p, unseen(g, i) || (s !== o.holder && g.obj.weight[s] >= 1 && !carryFeasible(g, i, p, 1))); return true; }
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

function bomberOrder(g: NcoGame, i: number): boolean {
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
  goTo(g, i, markerSlot(g, k), late || (commit ? due : !seen));
  return true;
}

function intelOrder(g: NcoGame, i: number): boolean {
  const o = g.obj;
  if (o.carrying[i] < g.scn.scenario.maxPerSoldier) {
    for (let k = 0; k < o.markers; k++) if (o.mState[k] === M_TABLE && touchesMarker(g, i, k)) { g.pickOrder = O_DOWN; return true; }
  }
  if (o.carrying[i] > 0) { goTo(g, i, edgeSlot(g, i), true); return true; } // carry it off (item 112)
  const k = intelTarget(g, i);
  if (k < 0) return false;
  goTo(g, i, markerSlot(g, k), unseen(g, i));
  return true;
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

/**
 * S1/S2: where an assigned soldier should stand (slot sp+7), −2 when he is there already,
 * −1 when he is not among the ceil(weight × squad) soldiers nearest the table centre or it
 * is too early (before the turn ahead of the earliest possible end).
 */
function areaDest(g: NcoGame, i: number): number {
  const t = g.table, s = g.side[i], p = g.sp + 7, sc = g.scn.scenario;
  // Sectors and the centre count only at the end: fight first, close in from the turn before the earliest end.
  if (g.turn < (sc.endAfter > 0 ? sc.endAfter : g.scn.rules.turns) - 1) return -1;
  t.px[p] = t.width / 2;
  t.py[p] = t.height / 2;
  const rank = rankTo(g, i, p);
  if (rank >= quota(g, s)) return -1;
  if (g.obj.kind === SC_CENTRE) {
    // a ring around the centre by rank, so the squad does not pile onto one point (item 105)
    const rad = rank === 0 ? 0 : 1.5 + 0.5 * rank, ang = rank * 2.4;
    for (let k = 0; k < 6; k++) {
      t.px[p] = t.width / 2 + Math.cos(ang + k) * rad;
      t.py[p] = t.height / 2 + Math.sin(ang + k) * rad;
      if (usable(g, p)) break;
    }
    distTo(g, i, p);
    return g.obj.dist[0] <= 1.5 ? -2 : p;
  }
  const k = bestSector(g, i);
  if (k === sectorOf(g, i)) return -2;
  const cw = t.width / 3, ch = t.height / 3, col = k % 3, row = (k / 3) | 0;
  for (let tries = 0; tries < 5; tries++) {
    t.px[p] = (col + 0.5) * cw + (((i + tries) % 3) - 1) * 2.5;
    t.py[p] = (row + 0.5) * ch + ((((i + tries) / 3) | 0) % 3 - 1) * 2.5;
    if (usable(g, p)) return p;
  }
  return -1;
}

/**
 * Item 104: the sector worth most to soldier i: its bonus, full if he is needed there to
 * hold it (a quarter otherwise), divided by 1 + distance/8".
 */
function bestSector(g: NcoGame, i: number): number {
  const o = g.obj, sc = g.scn.scenario, cnt = o.cnt, s = g.side[i], t = g.table;
  cnt.fill(0);
  for (let j = 0; j < g.n; j++) if (g.alive[j]) cnt[g.side[j] * 9 + sectorOf(g, j)]++;
  const mine = sectorOf(g, i);
  let best = mine, bestV = -1e9;
  for (let k = 0; k < 9; k++) {
    const row = (k / 3) | 0, col = k % 3;
    const own = g.edge[s] === 0 ? row : 2 - row;
    const others = cnt[s * 9 + k] - (k === mine ? 1 : 0);
    const needed = others < cnt[(1 - s) * 9 + k] + sc.holdMargin;
    const dx = (col + 0.5) * (t.width / 3) - t.px[i], dy = (row + 0.5) * (t.height / 3) - t.py[i];
    const d = k === mine ? 0 : Math.sqrt(dx * dx + dy * dy);
    const v = (sc.sectorBonus[own * 3 + col] * (needed ? 1 : 0.25)) / (1 + d / 8);
    if (v > bestV) { bestV = v; best = k; }
  }
  return best;
}

/** moveOrder's hook: an objective destination slot, −2 to hold (Down) where he is, −1 for none. */
export function objectiveMove(g: NcoGame, i: number): number {
  const o = g.obj;
  if (o.kind === 0 || g.obj.weight[g.side[i]] <= 0) return -1;
  if (o.kind === SC_SECTORS || o.kind === SC_CENTRE) return areaDest(g, i);
  if (o.kind === SC_RESCUE && o.mState[0] === M_TABLE) {
    const s = g.side[i], p = pickupSlot(g, i);
    return rankTo(g, i, p) < pilotRunners(g, s) && (s !== o.holder || carryFeasible(g, i, p, 0)) ? p : -1;
  }
  if (o.kind === SC_INTEL) {
    const k = intelTarget(g, i);
    return k < 0 ? -1 : markerSlot(g, k);
  }
  if (o.kind === SC_SEARCH_DESTROY) return guardSlot(g, i);
  return -1;
}

/**
 * S5 (item 111, R33): while the enemy Bomber is within two Runs of our drop, the soldier
 * nearest the guard spot (1" outside the 6" exclusion, between the drop and the Bomber)
 * goes there to shoot him; −1 when there is no threat or he is not the guard.
 */
function guardSlot(g: NcoGame, i: number): number {
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

/**
 * Target value with the scenario's interest (integer in, integer out): enemy carriers of
 * the pilot or intel, the enemy Bomber while our drop stands, and the targets of our S4
 * mission count more: × (1 + 3 × weight) for carriers and the Bomber, × (1 + weight / 2) for S4.
 */
export function objectiveTargetValue(g: NcoGame, i: number, j: number, v: number): number {
  const o = g.obj;
  if (o.kind === 0) return v;
  const s = g.side[i], w = g.obj.weight[s];
  if (w <= 0) return v;
  let m = 0; // extra weight in twentieths per unit of objective_weight
  if (o.kind === SC_RESCUE || o.kind === SC_INTEL) { if (o.carrying[j] > 0) m = 60; }
  else if (o.kind === SC_SEARCH_DESTROY) { if (o.bomber[1 - s] === j && o.mState[s] === M_TABLE && markerWithin(g, j, s, 18)) m = 60; } // a Bomber closing on our drop
  else if (o.kind === SC_EXTERMINATION) {
    const mis = o.mission[s];
    if (mis === 2 ? g.scn.sergeant[j] === 1 : mis === 1 ? g.scn.specialist[j] === 1 : g.scn.sergeant[j] === 0 && g.scn.specialist[j] === 0) m = 10;
  }
  return m === 0 ? v : ((v * (20 + ((m * w) | 0))) / 20) | 0;
}

/** Item 112: a carrier at his own edge leaves with the intel (random: a coin). */
export function wantsLeave(g: NcoGame, i: number): boolean {
  return random(g, g.side[i]) ? g.rng.below(2) === 0 : true;
}

/**
 * R32: the guess of the opponent's mission at the end. Scripted: the mission the opponent
 * came closest to completing against us (ties: the lower mission). Random: uniform.
 */
export function guessMission(g: NcoGame, s: number): number {
  if (random(g, s)) return g.rng.below(3);
  const sc = g.scn.scenario;
  let regs = 0, regsDead = 0, specsDead = 0, sgtDead = 0;
  for (let i = 0; i < g.n; i++) {
    if (g.side[i] !== s) continue;
    const dead = !g.alive[i] && g.diedTurn[i] > 0 ? 1 : 0;
    if (g.scn.sergeant[i]) sgtDead = dead;
    else if (g.scn.specialist[i]) specsDead += dead;
    else { regs++; regsDead += dead; }
  }
  const p0 = regsDead / Math.max(1, Math.ceil(sc.regShare * regs)), p1 = specsDead / Math.max(1, sc.specNeeded), p2 = sgtDead;
  return p2 > p0 && p2 > p1 ? 2 : p1 > p0 ? 1 : 0;
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
  return random(g, s) ? g.list[g.rng.below(m)] : best;
}

/** Item 111: the drop's x. Scripted: the middle of the edge (nearest the squad), else uniform; off blocked ground. */
export function chooseDropX(g: NcoGame, s: number): number {
  const sc = g.scn.scenario, t = g.table, p = g.sp + 6;
  const lo = sc.dropMinSide + sc.tokenR, hi = t.width - sc.dropMinSide - sc.tokenR;
  const x0 = random(g, s) ? lo + (g.rng.below(1 << 20) / (1 << 20)) * (hi - lo) : t.width / 2;
  t.py[p] = g.edge[s] === 0 ? g.r : t.height - g.r;
  for (let k = 0; k < 40; k++) {
    const x = x0 + (k & 1 ? -1 : 1) * ((k + 1) >> 1) * 0.5;
    if (x < lo || x > hi) continue;
    t.px[p] = x;
    if (usable(g, p)) return x;
  }
  return x0;
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
    const pick = pass === 1 ? g.rng.below(count) : -1;
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
