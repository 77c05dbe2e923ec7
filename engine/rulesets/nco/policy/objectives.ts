/**
 * Scenario decisions of the scripted policies (digest §4.15): which soldiers go for the
 * objectives, targets that matter to the scenario, and the S4 guess. `objective_weight`
 * (0..1) weighs objectives against killing: the share of soldiers sent, whether they move
 * instead of shooting (≥ 0.5), and how much objective-relevant enemies are favoured as
 * targets. S1/S2 (sectors, centre) and S4 are here; the S3/S5/S6 mission plans (pilot,
 * Bomber and drop, intel) and the set-up choices are in missions.ts.
 * Nothing allocates; choices go into g.pick* and scratch slot sp+7.
 */
import { type NcoGame } from '../rules/state.ts';
import { SC_CENTRE, SC_EXTERMINATION, SC_INTEL, SC_RESCUE, SC_SEARCH_DESTROY, SC_SECTORS } from '../scenarios/definitions.ts';
import { M_TABLE } from '../rules/objective-state.ts';
import { markerWithin, syncCarriers } from '../scenarios/objectives.ts';
import { nearestEnemy } from '../rules/nearest.ts';
import { sectorOf } from '../scenarios/scoring.ts';
import { usable } from '../scenarios/setup.ts';
import { bomberOrder, distTo, goTo, guardSlot, intelMove, intelOrder, random, rankTo, rescueMove, rescueOrder } from './missions.ts';

/** Soldiers of side s sent to objectives: ceil(weight × living soldiers). */
function quota(g: NcoGame, s: number): number {
  return Math.ceil(g.obj.weight[s] * g.aliveCount[s] - 1e-9);
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
    if (p >= 0) return goTo(g, i, p, true);
  }
  return false;
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
  if (o.kind === SC_RESCUE) return rescueMove(g, i);
  if (o.kind === SC_INTEL) return intelMove(g, i);
  if (o.kind === SC_SEARCH_DESTROY) return guardSlot(g, i);
  return -1;
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

/**
 * R32: the guess of the opponent's mission at the end. Scripted: the mission the opponent
 * came closest to completing against us (ties: the lower mission). Random: uniform.
 */
export function guessMission(g: NcoGame, s: number): number {
  if (random(g, s)) return g.prng.below(3);
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
