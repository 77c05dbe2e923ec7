/**
 * Mission rules (items 76–79, 102–112, R4, R16, R19, R24): top-of-round events, tokens by
 * border colour, the Supply Truck, Lu, paratroopers, objectives and immediate wins.
 */
import { M_BRIDGES, M_CHATEAU, M_FLAG, M_KOTH, M_NIMH, M_ROAD, M_SKY } from '../data/missions.ts';
import { T_BUILDING, T_FIELD, T_RUINS } from '../data/terrain.ts';
import { flip } from './ccs.ts';
import { drift } from './cds.ts';
import { removeSoldier } from './forces.ts';
import { ftAt } from './map.ts';
import { WOUNDED, type OwamGame } from './state.ts';
import { disciplineCheck } from './checks.ts';
import { inCommand, leaderless } from './forces.ts';
import { cell, ft, traceEvent } from './trace-log.ts';

export const WIN_POINTS = 0, WIN_OBJECTIVE = 1, WIN_IMMEDIATE = 2, WIN_ANNIHILATION = 3;
export const WIN_CLASSES = ['points', 'objective points', 'immediate', 'annihilation'] as const;
/** Road to Ruin: the Allies (side 0) attack the Axis (side 1) truck; Not in My House: side 0 attacks. */
export const ATTACKER = 0;

/** Item 54, R16: Smoke drifts by a wind flip (only if there is smoke), then flips or goes. */
export function smokeAndShells(g: OwamGame): void {
  let any = false;
  for (let c = 0; c < g.cells; c++) if (g.smoke[c]) any = true;
  if (any) {
    const d = flip(g, g.scn.wind);
    for (let c = 0; c < g.cells; c++) {
      if (g.smoke[c] !== 2) continue;
      g.smoke[c] = 0;
      const to = d <= 4 ? drift(g, c, d) : c;
      if (to >= 0) g.smoke[to] = 3; // mark as moved this phase
    }
    for (let c = 0; c < g.cells; c++) g.smoke[c] = g.smoke[c] === 3 ? 1 : g.smoke[c] === 1 ? 0 : g.smoke[c];
  }
  // Item 79: yellow → red → removed.
  for (let c = 0; c < g.cells; c++) if (g.star[c]) g.star[c]--;
}

/** Item 78: a Satchel Charge explodes at the top of the next round. */
export function satchels(g: OwamGame): void {
  for (let c = 0; c < g.cells; c++) {
    if (!g.satchel[c]) continue;
    g.satchel[c] = 0;
    if (g.trace !== null) traceEvent(g, `the Satchel Charge at ${cell(g, c)} explodes`);
    explode(g, c, -1);
  }
}

/** Item 78: every FT there: ok → wounded, suppressed → wounded, wounded → dies; entrenchment gone; Building/Ruins → Field. */
export function explode(g: OwamGame, c: number, only: number): void {
  if (only >= 0) { removeSoldier(g, only, true, -1); return; }
  for (let f = 0; f < 8; f++) {
    if (!g.fAlive[f] || g.fCell[f] !== c) continue;
    for (let k = g.fSize[f] - 1; k >= 0 && g.fAlive[f]; k--) {
      const s = g.member(f, k);
      if (g.cond[s] === WOUNDED) removeSoldier(g, s, true, -1);
      else g.cond[s] = WOUNDED;
    }
  }
  g.entrench[c] = 0;
  if (g.terrain[c] === T_BUILDING || g.terrain[c] === T_RUINS) g.terrain[c] = T_FIELD;
  if (g.scn.mission === M_BRIDGES && c === g.scn.objective) endNow(g, 0, WIN_IMMEDIATE, 3);
}

/** Item 78: the in-command soldier of an FT in a charged terrain may try to disarm it (free, once per turn). */
export function disarm(g: OwamGame, f: number): void {
  const c = g.fCell[f];
  if (c < 0 || !g.satchel[c]) return;
  const ic = inCommand(g, f);
  if (ic < 0) return;
  if (g.trace !== null) traceEvent(g, `${ft(g, f)} tries to disarm the Satchel Charge at ${cell(g, c)}`);
  if (disciplineCheck(g, ic, leaderless(g, f), 0, 2)) g.satchel[c] = 0;
  else { g.satchel[c] = 0; removeSoldier(g, ic, true, -1); } // explodes early, killing only him
}

/** Item 108, R19: the green truck moves one card along its column toward 11A each Assessment. */
export function truckMoves(g: OwamGame): void {
  if (g.scn.mission !== M_ROAD || g.truckState !== 0 || g.truckCell < 0) return;
  const step = g.row(g.scn.objective2) < g.row(g.truckCell) ? -g.scn.cols : g.scn.cols;
  g.truckCell += step;
  if (g.truckCell === g.scn.objective2) endNow(g, 1 - ATTACKER, WIN_IMMEDIATE, 4);
}

/** Item 108: an Attack Order's total against the truck (from the same or an adjacent card). */
export function hitTruck(g: OwamGame, total: number): void {
  if (g.truckState === 0 && total >= 8) g.truckState = 1;
  else if (g.truckState === 1 && total >= 9) { g.truckState = 2; endNow(g, ATTACKER, WIN_IMMEDIATE, 4); }
}

/** Item 108: a damaged truck's terrain held by the attacker alone for a whole round is captured. */
export function truckCapture(g: OwamGame): void {
  if (g.scn.mission !== M_ROAD || g.truckState !== 1) return;
  const held = ftAt(g, ATTACKER, g.truckCell) >= 0 && ftAt(g, 1 - ATTACKER, g.truckCell) < 0;
  if (!held) { g.truckHeldRound = -1; return; }
  if (g.truckHeldRound < 0) g.truckHeldRound = g.round;
  else if (g.round > g.truckHeldRound) endNow(g, ATTACKER, WIN_IMMEDIATE, 4);
}

/** Item 105: alone on the enemy flag at the end of a round wins at once. */
export function flagCheck(g: OwamGame): void {
  if (g.scn.mission !== M_FLAG) return;
  const f0 = g.scn.objective, f1 = g.scn.objective2;
  if (ftAt(g, 0, f1) >= 0 && ftAt(g, 1, f1) < 0) endNow(g, 0, WIN_IMMEDIATE, 3);
  else if (ftAt(g, 1, f0) >= 0 && ftAt(g, 0, f0) < 0) endNow(g, 1, WIN_IMMEDIATE, 3);
}

/** Item 107: Lu carried back to her carrier's starting terrain. */
export function luHome(g: OwamGame): boolean {
  const f = g.luCarrier;
  return g.scn.mission === M_CHATEAU && f >= 0 && g.fAlive[f] === 1 && g.fCell[f] === g.fHome[f];
}

export function endNow(g: OwamGame, winner: number, cls: number, reason: number): void {
  if (g.over) return;
  g.over = true;
  g.winner = winner;
  g.winClass = cls;
  g.endReason = reason;
}

function aloneOn(g: OwamGame, side: number, c: number): boolean {
  return ftAt(g, side, c) >= 0 && ftAt(g, 1 - side, c) < 0;
}

/** R4, R24: objective points at the end of the game, by mission. */
export function objectivePoints(g: OwamGame): void {
  const m = g.scn.mission, p = g.scn.rules.objective_pts, o = g.scn.objective;
  if (m === M_KOTH) { if (aloneOn(g, 0, o)) g.objPts[0] += p; else if (aloneOn(g, 1, o)) g.objPts[1] += p; }
  else if (m === M_NIMH) { if (aloneOn(g, ATTACKER, o)) g.objPts[ATTACKER] += p; else g.objPts[1 - ATTACKER] += p; }
  else if (m === M_BRIDGES) g.objPts[1] += p;
  else if (m === M_SKY) { if (aloneOn(g, 0, g.scn.objective2)) g.objPts[0] += p; }
  else if (m === M_CHATEAU) {
    if (luHome(g)) g.objPts[0] += g.scn.rules.lu_pts; else g.objPts[1] += g.scn.rules.lu_pts;
  }
}
