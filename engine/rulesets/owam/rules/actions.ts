/**
 * Standard Actions other than Attack (items 40–46, 52, R12, R14, R15): Maneuver and move
 * completion, Rally, Entrench, the Engineering Actions, Recognition and the Terrain action.
 */
import { SO_ENTRENCH, SO_MANEUVER, SO_RALLY } from '../data/cards.ts';
import { M_CHATEAU, VIS_BLIZZARD } from '../data/missions.ts';
import { HAS_ALT, W_MG, W_SNIPER } from '../data/soldiers.ts';
import { TERRAIN_FLAGS, TF_FAST, TF_NO_FAST, TF_NO_STEALTH } from '../data/terrain.ts';
import { drawCard, spend, takeFromHand } from './ccs.ts';
import { disciplineCheck, flipW3, noisyFt } from './checks.ts';
import { rally } from './fire.ts';
import { addMember, dropMember, inCommand, leaderless, merge } from './forces.ts';
import { adjacent, enterable, ftAt, los } from './map.ts';
import { survives } from './stack.ts';
import { HAND_MAX, SUPPRESSED, WOUNDED, type OwamGame } from './state.ts';
import { lit } from './attack.ts';
import { startAssault } from './assault.ts';
import { ft, traceEvent, traceFlip, traceMoved, traceOrder } from './trace-log.ts';
import { A_CREW, A_ENTRENCH, A_MANEUVER, A_RALLY, A_RECOGNITION, A_REDRAW, A_STEALTH, A_TERRAIN, A_TRANSFER, A_TRUCK } from '../data/counters.ts';

/** Items 41, 52, 43, 93, R12: may FT f maneuver into cell d? */
export function canMoveTo(g: OwamGame, f: number, d: number): boolean {
  const c = g.fCell[f];
  if (c < 0 || !adjacent(g, c, d) || !enterable(g, d)) return false;
  if (g.fDest[f] >= 0 && g.fDest[f] !== d) return false;
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    if (g.cond[s] === SUPPRESSED) return false; // item 52
    if (g.feeds[s] >= 0 || (g.altFrom[s] >= 0 && HAS_ALT[g.scn.sWeapon[s]])) return false; // item 43
  }
  const side = g.sideOfFt(f), fr = ftAt(g, side, d);
  if (fr >= 0 && g.fSize[fr] + g.fSize[f] > 8) return false; // item 93
  if (g.truckCell === d && ftAt(g, 1 - side, d) >= 0) return false; // item 80: no assault at the truck
  return true;
}

/** Item 41: one Maneuver: on the move, or completing (second Maneuver, fast-move terrain). */
export function maneuverStep(g: OwamGame, f: number, d: number): void {
  if (g.fDest[f] === d) { completeMove(g, f); return; }
  g.fDest[f] = d;
  g.fMovedRound[f] = g.round;
  g.fManeuvers[f]++;
  const fl = TERRAIN_FLAGS[g.terrain[d]];
  if ((fl & TF_FAST) && !(fl & TF_NO_FAST) && g.scn.visibility !== VIS_BLIZZARD) completeMove(g, f);
}

/** Plays Maneuver card i of FT f toward d (W2 may cancel it). */
export function maneuver(g: OwamGame, f: number, d: number, i: number): void {
  const side = g.sideOfFt(f), card = g.hand[g.player(side) * HAND_MAX + i];
  if (g.trace !== null) traceOrder(g, f, SO_MANEUVER, card, d);
  spend(g, side, i);
  g.count.actions.add(side, A_MANEUVER);
  if (!survives(g, side, card)) return;
  if (g.fDest[f] === d) g.fManeuvers[f]++;
  maneuverStep(g, f, d);
}

/** Items 41, 43, 93, 80, R15: the FT arrives: stealth, entrenchment search, merge or assault, Lu. */
export function completeMove(g: OwamGame, f: number): void {
  const d = g.fDest[f];
  if (d < 0) return;
  const side = g.sideOfFt(f), from = g.fCell[f];
  // R12: an illegal destination cancels the move.
  const fr = ftAt(g, side, d);
  if (!enterable(g, d) || (fr >= 0 && g.fSize[fr] + g.fSize[f] > 8)) { g.fDest[f] = -1; g.fCover[f] = 0; return; }
  g.fDest[f] = -1;
  g.fCover[f] = 0;
  g.fCell[f] = d;
  g.fMovedRound[f] = g.round;
  g.fEntrenched[f] = 0;
  if (g.trace !== null) traceMoved(g, f, from);
  if (TERRAIN_FLAGS[g.terrain[d]] & TF_NO_STEALTH) g.fStealth[f] = 0;
  if (g.placed[d] === 0) g.placed[d] = 1; // item 9: a Field card is laid
  if (fr >= 0) { merge(g, f, fr); return; }
  if (g.entrench[d]) {
    const ic = inCommand(g, f);
    if (g.trace !== null) traceEvent(g, `${ft(g, f)} searches the entrenchment it found`);
    g.fEntrenched[f] = ic >= 0 && disciplineCheck(g, ic, leaderless(g, f), 0, 2) ? 1 : 0;
  }
  if (g.scn.mission === M_CHATEAU && side === 0 && g.luCarrier < 0 && g.luCell === d) { g.luCarrier = f; g.luCell = -1; }
  const enemy = ftAt(g, 1 - side, d);
  if (enemy >= 0) startAssault(g, f, enemy, from);
}

/** Item 42: Rally with card i: flip its colour; that many suppressed soldiers stand up. */
export function rallyAction(g: OwamGame, f: number, i: number): void {
  const side = g.sideOfFt(f), card = g.hand[g.player(side) * HAND_MAX + i];
  if (g.trace !== null) traceOrder(g, f, SO_RALLY, card, -1);
  spend(g, side, i);
  g.count.actions.add(side, A_RALLY);
  if (!survives(g, side, card)) return;
  let n = flipW3(g, g.cat.soColour[card], side);
  if (g.trace !== null) traceFlip(g, 'Rally orders', g.cat.soColour[card], n);
  // Each soldier is assigned this order at most once (a Fatalist counts it towards his 2).
  let done = 0;
  while (n-- > 0) {
    let m = 0;
    for (let k = 0; k < g.fSize[f]; k++) if (g.cond[g.member(f, k)] === SUPPRESSED && !(done & (1 << k))) g.cand[m++] = g.member(f, k);
    if (m === 0) break;
    const s = g.cand[g.decide[g.sideOfFt(f)].pickRally(g, f, m)];
    for (let k = 0; k < g.fSize[f]; k++) if (g.member(f, k) === s) done |= 1 << k;
    rally(g, s, true);
  }
}

export function suppressedIn(g: OwamGame, f: number): number {
  let n = 0;
  for (let k = 0; k < g.fSize[f]; k++) if (g.cond[g.member(f, k)] === SUPPRESSED) n++;
  return n;
}

/** Item 40: Entrench with card i (one per terrain; the builder uses it, R15). */
export function entrenchAction(g: OwamGame, f: number, i: number): void {
  const side = g.sideOfFt(f), card = g.hand[g.player(side) * HAND_MAX + i];
  if (g.trace !== null) traceOrder(g, f, SO_ENTRENCH, card, -1);
  spend(g, side, i);
  g.count.actions.add(side, A_ENTRENCH);
  if (!survives(g, side, card)) return;
  const c = g.fCell[f];
  if (!g.entrench[c]) g.entrench[c] = 1;
  g.fEntrenched[f] = 1;
}

/** Item 43 Crewing/Sighted: discard hand card i; the MG is crewed by `assistant` or the sniper scoped (assistant −1). */
export function crewAction(g: OwamGame, f: number, gunner: number, assistant: number, i: number): void {
  const side = g.sideOfFt(f);
  if (g.trace !== null) traceOrder(g, f, 5, g.hand[g.player(side) * HAND_MAX + i], -1);
  spend(g, side, i);
  g.count.actions.add(side, A_CREW);
  if (assistant >= 0) g.feeds[assistant] = gunner;
  g.altFrom[gunner] = g.round + 1; // R11: from the next round
}

/** Can FT f crew an MG or scope a sniper? Returns the gunner, with the assistant in g.tmp[0] (−1 for a scope). */
export function crewCandidate(g: OwamGame, f: number): number {
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k), w = g.scn.sWeapon[s];
    if (g.cond[s] !== 0 || g.altFrom[s] >= 0 || g.feeds[s] >= 0 || g.jammed[s]) continue;
    if (w === W_SNIPER) { g.tmp[0] = -1; return s; }
    if (w === W_MG) {
      for (let j = g.fSize[f] - 1; j >= 0; j--) {
        const a = g.member(f, j);
        if (a !== s && g.cond[a] === 0 && g.feeds[a] < 0 && g.altFrom[a] < 0) { g.tmp[0] = a; return s; }
      }
    }
  }
  return -1;
}

/** Item 43 Discard and Redraw: hand cards at the given indices (descending) are discarded, as many drawn. */
export function discardRedraw(g: OwamGame, side: number, idx: Int32Array, n: number): void {
  for (let k = 0; k < n; k++) spend(g, side, idx[k]);
  g.count.actions.add(side, A_REDRAW);
  for (let k = 0; k < n; k++) g.hand[g.player(side) * HAND_MAX + g.handN[g.player(side)]++] = drawCard(g);
}

/** Item 43 Stealth: not on no-stealth terrain, nor after being attacked here this round. */
export function canStealth(g: OwamGame, f: number): boolean {
  const c = g.fCell[f];
  if (g.fStealth[f] || c < 0 || (TERRAIN_FLAGS[g.terrain[c]] & TF_NO_STEALTH)) return false;
  return !(g.fAttackedRound[f] === g.round && g.fAttackedCell[f] === c);
}

export function stealthAction(g: OwamGame, f: number, i: number): void {
  const side = g.sideOfFt(f);
  if (g.trace !== null) traceOrder(g, f, 7, g.hand[g.player(side) * HAND_MAX + i], -1);
  spend(g, side, i);
  g.count.actions.add(side, A_STEALTH);
  g.fStealth[f] = 1;
  g.fStealthRound[f] = g.round;
}

/** Item 43 Transfer: soldier s (once per round) to the adjacent friendly FT `to`, paying hand card i. */
export function transfer(g: OwamGame, f: number, to: number, s: number, i: number): boolean {
  const side = g.sideOfFt(f);
  if (g.transferRound[s] === g.round || g.fSize[to] >= 8 || !adjacent(g, g.fCell[f], g.fCell[to])) return false;
  // Item 52: a suppressed soldier "cannot move"; a Transfer moves him to another card.
  if (g.cond[s] === SUPPRESSED && !g.scn.rules.transfer_suppressed) return false;
  if (g.trace !== null) traceOrder(g, f, 8, g.hand[g.player(side) * HAND_MAX + i], to);
  spend(g, side, i);
  g.count.actions.add(side, A_TRANSFER);
  g.transferRound[s] = g.round;
  dropMember(g, s);
  addMember(g, to, s);
  return true;
}

/** Item 44, R14: one Recognition per enemy FT per turn; LOS needed; Star Shell −1; Noisy 1–3. */
export function recognize(g: OwamGame, f: number, e: number): boolean {
  if (!g.fStealth[e] || g.recogRound[f * 8 + e] === g.round || !los(g, g.fCell[f], g.fCell[e])) return false;
  g.recogRound[f * 8 + e] = g.round;
  if (g.trace !== null) traceOrder(g, f, 9, -1, g.fCell[e]);
  const ic = inCommand(g, f);
  if (ic < 0) return false;
  const max = noisyFt(g, e) ? g.scn.rules.noisy_success_max : 2;
  const ok = disciplineCheck(g, ic, leaderless(g, f), lit(g, g.fCell[e]) ? -1 : 0, max);
  g.count.actions.add(g.sideOfFt(f), A_RECOGNITION);
  if (ok) g.fStealth[e] = 0;
  return ok;
}

/** Item 45: an open position next to a laid card, in LOS of FT f (anywhere in LOS of a friendly FT for Recon, item 72). */
export function canPlaceTerrain(g: OwamGame, f: number, c: number, recon: boolean): boolean {
  if (g.placed[c] || g.fCell[f] < 0) return false;
  for (let k = 0; k < 8; k++) if (g.fAlive[k] && (g.fCell[k] === c || g.fDest[k] === c)) return false;
  if (recon) {
    if (g.reconBlocked[c] === g.round) return false; // item 60: Double Time's terrain
    const side = g.sideOfFt(f);
    for (let k = 0; k < 4; k++) { const o = side * 4 + k; if (g.fAlive[o] && g.fCell[o] >= 0 && los(g, g.fCell[o], c)) return true; }
    return false;
  }
  let next = false;
  for (let d = 0; d < g.cells && !next; d++) if (g.placed[d] && adjacent(g, c, d)) next = true;
  return next && los(g, g.fCell[f], c);
}

/**
 * Lays hand card i at c (item 45 Terrain action; item 72 Recon, whose CD card was played
 * before): a Terrain card lays its terrain, any other card a Field (Recon only).
 */
export function placeTerrain(g: OwamGame, side: number, i: number, c: number, recon: boolean): void {
  const card = takeFromHand(g, side, i);
  if (!recon) g.count.actions.add(side, A_TERRAIN);
  if (!recon && !survives(g, side, card)) { g.deck.discard(card); return; }
  g.terrain[c] = g.cat.terrain[card] >= 0 ? g.cat.terrain[card] : 0;
  g.placed[c] = 1;
}

export const _W = WOUNDED;

/** Item 108: a defender in the broken truck's terrain tries a repair (a Standard Action): a Discipline Check. */
export function repairTruck(g: OwamGame, f: number): boolean {
  if (g.truckState !== 1 || g.fCell[f] !== g.truckCell) return false;
  const ic = inCommand(g, f);
  if (g.trace !== null) traceOrder(g, f, 12, -1, -1);
  g.count.actions.add(g.sideOfFt(f), A_TRUCK);
  if (ic >= 0 && disciplineCheck(g, ic, leaderless(g, f), 0, 2)) { g.truckState = 0; return true; }
  return false;
}

/** Item 43: un-crewing and un-scoping are free at any time. */
export function uncrewFt(g: OwamGame, f: number): void {
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    if (g.feeds[s] >= 0) { g.altFrom[g.feeds[s]] = -1; g.feeds[s] = -1; }
    if (g.altFrom[s] >= 0) g.altFrom[s] = -1;
  }
}

/** Is any soldier of FT f crewing, crewed or scoped (item 43: the FT cannot move)? */
export function crewed(g: OwamGame, f: number): boolean {
  for (let k = 0; k < g.fSize[f]; k++) { const s = g.member(f, k); if (g.feeds[s] >= 0 || g.altFrom[s] >= 0) return true; }
  return false;
}
