/**
 * Command Decisions played by choice (items 55–74, R18, R22): each one is spent, answered
 * in W2 (F.U.B.A.R. chains, rules/stack.ts) and, if it survives, resolved. Evade,
 * F.U.B.A.R., Chain of Command and Marksman are played from their windows (fire.ts,
 * checks.ts, attack.ts).
 */
import { RED } from '../data/cards.ts';
import { drawCard, flip, spend } from './ccs.ts';
import { applyTotal, evadeWindow, rally, suppress } from './fire.ts';
import { clearFired, pickTarget, fireAt, targetColour } from './attack.ts';
import { swapSlots, toFront } from './forces.ts';
import { adjacent, los, range } from './map.ts';
import { completeMove } from './actions.ts';
import { playCd } from './stack.ts';
import { HAND_MAX, OK, WOUNDED, type OwamGame } from './state.ts';
import { shuffleRange } from '../../../dice.ts';
import { cell, ft, traceEvent } from './trace-log.ts';

/** Item 55 Act of Valor: rally soldier s, flip R; he makes that many sequences at enemy FT e. */
export function actOfValor(g: OwamGame, side: number, i: number, s: number, e: number): void {
  if (!playCd(g, side, i) || g.fStealth[e]) return; // item 43: no CD against an unrecognised FT
  rally(g, s, false);
  const f = g.ftOf[s];
  const n = flip(g, RED);
  // One soldier fires n times: allowed count 1 per pass, with his "fired" mark cleared between.
  for (let k = 0; k < n && g.alive[s] && g.fAlive[e] && f >= 0; k++) {
    g.firedNow[s] = 0;
    soloFire(g, f, s, e);
  }
}

/** Fires soldier s alone (he is put first in the firing order). */
function soloFire(g: OwamGame, f: number, s: number, e: number): void {
  for (let k = 0; k < g.fSize[f]; k++) if (g.member(f, k) !== s) g.firedNow[g.member(f, k)] = 1;
  fireAt(g, f, e, 1, false);
  for (let k = 0; k < g.fSize[f]; k++) g.firedNow[g.member(f, k)] = 0;
}

/** Item 56 Attention: rally the FT and move it to the front of the queue (R22). */
export function attention(g: OwamGame, side: number, i: number, f: number): void {
  if (!playCd(g, side, i)) return;
  for (let k = 0; k < g.fSize[f]; k++) rally(g, g.member(f, k), false);
  toFront(g, f);
}

/** Item 59 Covering Fire with a Maneuver: DD on attacks at the moving FT until it arrives. */
export function coveringFire(g: OwamGame, side: number, i: number, f: number): void {
  if (playCd(g, side, i) && g.fDest[f] >= 0) g.fCover[f] = 1;
}

/** Item 60 Double Time: complete the move; no enemy Recon onto that terrain (this round). */
export function doubleTime(g: OwamGame, side: number, i: number, f: number): void {
  if (!playCd(g, side, i) || g.fDest[f] < 0) return;
  g.reconBlocked[g.fDest[f]] = g.round;
  completeMove(g, f);
}

/** Items 62–63: heal a wounded soldier / clear a jam. */
export function fieldDressing(g: OwamGame, side: number, i: number, s: number): void {
  if (playCd(g, side, i) && g.cond[s] === WOUNDED) g.cond[s] = OK;
}
export function fieldRepairs(g: OwamGame, side: number, i: number, s: number): void {
  if (playCd(g, side, i)) g.jammed[s] = 0;
}

/**
 * Item 65, R18: a Grenade from FT f into the adjacent terrain of enemy FT e (LOS needed):
 * strength = grenade_flips flips of the card's colour + the thrower's terrain attack; a
 * size flip for the number hit, then a size flip per victim (no repeats). The defender
 * may throw it straight back with his own Grenade card, at the same strength.
 */
export function grenade(g: OwamGame, side: number, i: number, f: number, e: number): void {
  const card = g.hand[g.player(side) * HAND_MAX + i];
  const colour = g.cat.cdColour[card] < 0 ? RED : g.cat.cdColour[card];
  if (!playCd(g, side, i)) return;
  if (g.fStealth[e] || !adjacent(g, g.fCell[f], g.fCell[e]) || !los(g, g.fCell[f], g.fCell[e])) return;
  let flips = 0; // step 1: the printed strength
  for (let k = 0; k < g.scn.rules.grenade_flips; k++) flips += flip(g, colour);
  g.fStealth[f] = 0;
  const seat = g.cur[1 - side];
  g.cur[1 - side] = g.seatOf(e);
  const back = g.decide[1 - side].throwBack(g, 1 - side, e);
  const thrown = back >= 0 && playCd(g, 1 - side, back);
  g.cur[1 - side] = seat;
  // Step 2 by whoever throws it last: a grenade thrown back keeps the original strength
  // flips (rulebook: "the strength of the original grenade is what is used for Step 1")
  // and adds the terrain attack of the defender who throws it back.
  const by = thrown ? e : f, at = thrown ? f : e;
  const strength = flips + g.scn.terrainAttack[g.terrain[g.fCell[by]]];
  if (g.trace !== null) traceEvent(g, `${ft(g, by)} throws a Grenade${thrown ? ' back' : ''} into ${cell(g, g.fCell[at])}: strength ${flips} + terrain attack ${strength - flips} = ${strength}`);
  blast(g, at, strength);
}

/** Steps 3–4 of item 65 (and of Artillery, item 76, with `perVictim` flips). */
function blast(g: OwamGame, e: number, strength: number): void {
  if (!g.fAlive[e]) return;
  const size = g.fSize[e], col = targetColour(size);
  let hits = flip(g, col);
  if (hits > size) hits = size;
  victims(g, e, hits);
  for (let k = 0; k < hits; k++) if (g.alive[g.tmp[k]]) applyTotal(g, g.tmp[k], strength, false, -1);
  g.fStealth[e] = 0;
}

/** `hits` distinct soldiers of FT e into g.tmp by size flips, re-flipping repeats (items 65, 76). */
function victims(g: OwamGame, e: number, hits: number): void {
  const size = g.fSize[e], col = targetColour(size);
  let n = 0;
  while (n < hits) {
    const v = flip(g, col);
    let k: number;
    if (size === 1) k = 0; else if (size === 2) k = (v & 1) === 1 ? 0 : 1; else if (v > size) continue; else k = v - 1;
    const s = g.member(e, k);
    let dup = false;
    for (let j = 0; j < n; j++) if (g.tmp[j] === s) dup = true;
    if (!dup) g.tmp[n++] = s;
  }
}

/** Item 66 Intelligence: look at the other hand and discard its best card (the policy's pick). */
export function intelligence(g: OwamGame, side: number, i: number, pick: number): void {
  if (!playCd(g, side, i)) return;
  const o = 1 - side;
  if (pick >= 0 && pick < g.handN[g.player(o)]) spend(g, o, pick);
}

/** Item 67 Last Stand: rally the FT; each sequence against it this round subtracts an R flip. */
export function lastStand(g: OwamGame, side: number, i: number, f: number): void {
  if (!playCd(g, side, i)) return;
  for (let k = 0; k < g.fSize[f]; k++) rally(g, g.member(f, k), false);
  g.fLastStand[f] = g.round;
}

/** Item 68 Lucky Shot: suppress one soldier of enemy FT e (in LOS of FT f), picked by a size flip. */
export function luckyShot(g: OwamGame, side: number, i: number, f: number, e: number): void {
  if (!playCd(g, side, i) || !los(g, g.fCell[f], g.fCell[e]) || g.fStealth[e]) return;
  const t = pickTarget(g, e);
  if (t >= 0) suppress(g, t);
  g.fStealth[f] = 0;
}

/** Item 69 Marching Order: reshuffle the track (for the next round, R22). */
export function marchingOrder(g: OwamGame, side: number, i: number): void {
  if (playCd(g, side, i)) shuffleRange(g.rng, g.track, 0, g.trackLen);
}

/** Item 71 On the Run: after 2 successful Maneuvers, R attackers at enemy FT e, all Double Discipline. */
export function onTheRun(g: OwamGame, side: number, i: number, f: number, e: number): void {
  if (!playCd(g, side, i) || g.fManeuvers[f] < 2 || g.fStealth[e]) return;
  const n = flip(g, RED);
  clearFired(g, f);
  fireAt(g, f, e, n, true);
}

/** Item 73 Regroup: swap FT f's slot with FT o's (R22). */
export function regroup(g: OwamGame, side: number, i: number, f: number, o: number): void {
  if (playCd(g, side, i)) swapSlots(g, f, o);
}

/** Item 74 Smoke: a yellow Smoke token on FT f's own or an adjacent terrain (R16); a hostile act, it ends f's Stealth (item 43). */
export function smoke(g: OwamGame, side: number, i: number, f: number, c: number): void {
  if (!playCd(g, side, i) || g.fCell[f] < 0 || range(g, g.fCell[f], c) > 1) return;
  g.smoke[c] = 2;
  g.fStealth[f] = 0;
}

/** Item 72 Recon: CD card i, then terrain card j of the hand at c. */
export function reconCard(g: OwamGame, side: number, i: number): boolean {
  return playCd(g, side, i);
}

/** Item 77 Reinforcements: draw up to the hand size at once. */
export function reinforcements(g: OwamGame, side: number): void {
  const base = g.player(side) * HAND_MAX;
  while (g.handN[g.player(side)] < g.scn.rules.hand_size) g.hand[base + g.handN[g.player(side)]++] = drawCard(g);
}

/** Item 76 Artillery (R17): strength flip, drift by the wind colour, victims, two flips of the strength colour each. */
export function artillery(g: OwamGame, target: number): void {
  g.artyLoaded = 0;
  g.artyRound = g.round;
  const sv = flip(g, 1);
  const colour = sv === 1 ? 2 : sv <= 3 ? 1 : 0; // 1 → B, 2–3 → G, 4–6 → R
  let c = target;
  const d = flip(g, g.scn.wind);
  if (d <= 4) c = drift(g, c, d);
  if (c < 0) return;
  g.entrench[c] = 0;
  for (let f = 0; f < 8; f++) {
    if (!g.fAlive[f] || g.fCell[f] !== c) continue;
    const size = g.fSize[f];
    let hits = flip(g, targetColour(size));
    if (hits > size) hits = size;
    victims(g, f, hits);
    for (let k = 0; k < hits; k++) {
      const s = g.tmp[k];
      if (!g.alive[s]) continue;
      let dmg = flip(g, colour) + flip(g, colour);
      if (g.scn.rules.artillery_terrain) dmg -= (g.fEntrenched[f] ? 1 : 0) + 0;
      if (g.fLastStand[f] === g.round) dmg -= flip(g, RED);
      dmg = evadeWindow(g, s, dmg); // R17: Evade and Last Stand still apply
      applyTotal(g, s, dmg, false, -1);
    }
    g.fEntrenched[f] = 0;
    g.fStealth[f] = 0;
  }
}

/** Item 53: direction 1 N, 2 E, 3 S, 4 W; off the map → −1 (the shell is lost). */
export function drift(g: OwamGame, c: number, d: number): number {
  const col = g.col(c), row = g.row(c);
  const nc = col + (d === 2 ? 1 : d === 4 ? -1 : 0), nr = row + (d === 3 ? 1 : d === 1 ? -1 : 0);
  if (nc < 0 || nr < 0 || nc >= g.scn.cols || nr >= g.scn.rows) return -1;
  return nr * g.scn.cols + nc;
}

/**
 * Item 58: the mission's Combat Operation at cell c (R16, R17, items 76–79, 108): Artillery
 * (orange card, once per round), Smoke, Star Shell, Satchel Charge, Reinforcements, or the
 * Supply Truck (its side repairs it without a check: D7).
 */
export function combatOperation(g: OwamGame, side: number, i: number, f: number, c: number): void {
  if (!playCd(g, side, i)) return;
  const op = g.scn.combatOp;
  // Item 78: Smoke and the Satchel go on FT f's own or an adjacent terrain; hostile acts end its Stealth (item 43).
  const near = f >= 0 && g.fCell[f] >= 0 && range(g, g.fCell[f], c) <= 1;
  if (op === 0) { if (g.artyLoaded && g.artyRound !== g.round) { artillery(g, c); if (f >= 0) g.fStealth[f] = 0; } }
  else if (op === 1) { if (near) { g.smoke[c] = 2; g.fStealth[f] = 0; } }
  else if (op === 2) g.star[c] = 2;
  else if (op === 3) { if (near) { g.satchel[c] = side + 1; g.fStealth[f] = 0; } }
  else if (op === 4) reinforcements(g, side);
  else if (op === 5 && g.truckState === 1) g.truckState = 0;
}
