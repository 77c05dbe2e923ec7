/**
 * Scenario bonus points added to the final score (items 104, 105, 110, 113, R29, R30,
 * R32), and the scenario accumulators. Pilot and supply-drop bonuses are earned during
 * play (objectives.ts); this adds every bonus to g.vp once, at the end of the game.
 */
import type { NcoGame } from '../rules/state.ts';
import {
  B_CENTRE, B_GUESS, B_INTEL, B_MISSION, B_SECTORS, E_GUESS, E_MISSION, E_SECTORS,
  SC_CENTRE, SC_EXTERMINATION, SC_INTEL, SC_SECTORS,
} from './definitions.ts';
import { M_CARRIED, M_OFF } from '../rules/objective-state.ts';
import { syncCarriers } from './objectives.ts';

/** Missions (item 110): 0 kill half the regulars, 1 kill 3 specialists, 2 kill the Sergeant. */
export const MISSION_REGULARS = 0, MISSION_SPECIALISTS = 1, MISSION_SERGEANT = 2;

/** Adds the scenario's bonuses to g.vp and records them; called once per game before the outcome. */
export function scoreScenario(g: NcoGame): void {
  const o = g.obj, c = g.count;
  c.gameLength.add(g.turn > 0 ? g.turn - 1 : 0);
  if (o.kind === 0) return;
  syncCarriers(g);
  if (o.kind === SC_SECTORS) scoreSectors(g);
  else if (o.kind === SC_CENTRE) scoreCentre(g);
  else if (o.kind === SC_EXTERMINATION) scoreMissions(g);
  else if (o.kind === SC_INTEL) scoreIntel(g);
  for (let s = 0; s < 2; s++) {
    for (let k = 0; k < 7; k++) g.vp[s] += o.bonus[s * 7 + k];
    c.scenarioBonus.addRow(o.bonus, s * 7, 7, s); // rows of doubles: addBy would box each one
    c.objectiveEvents.addRow(o.events, s * 9, 9, s);
  }
}

/** Sector 0..8 (row × 3 + column, row 0 at y = 0) holding the base centre (R29); a boundary belongs to the higher sector. */
export function sectorOf(g: NcoGame, i: number): number {
  const t = g.table;
  let c = Math.floor((t.px[i] * 3) / t.width), r = Math.floor((t.py[i] * 3) / t.height);
  c = c < 0 ? 0 : c > 2 ? 2 : c;
  r = r < 0 ? 0 : r > 2 ? 2 : r;
  return r * 3 + c;
}

/** Item 104: a sector is held with at least hold_margin more soldiers than the opponent in it. */
function scoreSectors(g: NcoGame): void {
  const o = g.obj, sc = g.scn.scenario, cnt = o.cnt;
  cnt.fill(0);
  for (let i = 0; i < g.n; i++) if (g.alive[i]) cnt[g.side[i] * 9 + sectorOf(g, i)]++;
  for (let s = 0; s < 2; s++) {
    for (let k = 0; k < 9; k++) {
      if (cnt[s * 9 + k] < cnt[(1 - s) * 9 + k] + sc.holdMargin) continue;
      const row = (k / 3) | 0, col = k % 3;
      const own = g.edge[s] === 0 ? row : 2 - row; // rows counted from the side's own edge
      o.bonus[s * 7 + B_SECTORS] += sc.sectorBonus[own * 3 + col];
      o.events[s * 9 + E_SECTORS]++;
    }
  }
}

const CAT_SERGEANT = 0, CAT_REGULAR = 1, CAT_SPECIALIST = 2;

function category(g: NcoGame, i: number): number {
  return g.scn.sergeant[i] ? CAT_SERGEANT : g.scn.specialist[i] ? CAT_SPECIALIST : CAT_REGULAR;
}

/** Item 105, R30: survivors of a category sorted by distance to the centre, compared rank by rank. */
function pairsWon(g: NcoGame, cat: number, side: number): number {
  const o = g.obj, t = g.table, a = o.scratch, n = g.n;
  const cx = t.width / 2, cy = t.height / 2;
  let na = 0, nb = 0;
  for (let i = 0; i < n; i++) {
    if (!g.alive[i] || category(g, i) !== cat) continue;
    const dx = t.px[i] - cx, dy = t.py[i] - cy;
    const d = Math.sqrt(dx * dx + dy * dy);
    // own distances in a[0..na), the opponent's in a[n+1 ..): insertion-sorted as they come
    let k: number, base: number;
    if (g.side[i] === side) { k = na++; base = 0; } else { k = nb++; base = n + 1; }
    while (k > 0 && a[base + k - 1] > d) { a[base + k] = a[base + k - 1]; k--; }
    a[base + k] = d;
  }
  const unmatched = g.scn.scenario.unmatchedWins;
  let won = 0;
  const m = na > nb ? na : nb;
  for (let k = 0; k < m; k++) {
    if (k >= na || k >= nb) { if (unmatched && k < na) won++; continue; }
    if (a[k] < a[n + 1 + k]) won++;
  }
  return won;
}

function scoreCentre(g: NcoGame): void {
  const o = g.obj, sc = g.scn.scenario;
  for (let s = 0; s < 2; s++) {
    let b = pairsWon(g, CAT_SERGEANT, s) > 0 ? sc.sgtBonus : 0;
    const r = pairsWon(g, CAT_REGULAR, s) * sc.regBonus;
    b += r < sc.regCap ? r : sc.regCap;
    const p = pairsWon(g, CAT_SPECIALIST, s) * sc.specBonus;
    b += p < sc.specCap ? p : sc.specCap;
    o.bonus[s * 7 + B_CENTRE] += b;
  }
}

/** Whether side s completed mission m against the opponent (item 110, R32). */
export function missionDone(g: NcoGame, s: number, m: number): boolean {
  const sc = g.scn.scenario, e = 1 - s;
  let regs = 0, regsKilled = 0, specsKilled = 0, enemySgtDead = false, ownSgtFit = false;
  for (let i = 0; i < g.n; i++) {
    const dead = !g.alive[i] && g.diedTurn[i] > 0;
    if (g.side[i] === e) {
      if (g.scn.sergeant[i]) { if (dead) enemySgtDead = true; }
      else if (g.scn.specialist[i]) { if (dead) specsKilled++; }
      else { regs++; if (dead) regsKilled++; }
    } else if (g.scn.sergeant[i] && g.alive[i] && g.health[i] >= g.maxHealth[i]) ownSgtFit = true;
  }
  if (m === MISSION_REGULARS) return regsKilled >= Math.ceil(sc.regShare * regs - 1e-9);
  if (m === MISSION_SPECIALISTS) return specsKilled >= sc.specNeeded;
  return enemySgtDead && ownSgtFit;
}

function scoreMissions(g: NcoGame): void {
  const o = g.obj, sc = g.scn.scenario;
  for (let s = 0; s < 2; s++) o.guess[s] = g.decide.guessMission(g, s); // R32: guessed at the end, before the reveal
  for (let s = 0; s < 2; s++) {
    if (missionDone(g, s, o.mission[s])) { o.bonus[s * 7 + B_MISSION] += sc.missionBonus; o.events[s * 9 + E_MISSION]++; }
    if (o.guess[s] === o.mission[1 - s]) { o.bonus[s * 7 + B_GUESS] += sc.guessBonus; o.events[s * 9 + E_GUESS]++; }
  }
}

/** Item 113: 3 of 5 secured (off the table or held by a living soldier), and each carried off. */
function scoreIntel(g: NcoGame): void {
  const o = g.obj, sc = g.scn.scenario;
  for (let s = 0; s < 2; s++) {
    let secured = 0, b = 0;
    for (let k = 0; k < o.markers; k++) {
      if (o.mState[k] === M_OFF && o.mBy[k] === s) { secured++; b += k === 0 ? sc.centreCarryBonus : sc.carryBonus; }
      else if (o.mState[k] === M_CARRIED && g.side[o.mCarrier[k]] === s) secured++;
    }
    if (secured >= sc.secureCount) b += sc.secureBonus;
    o.bonus[s * 7 + B_INTEL] += b;
  }
}
