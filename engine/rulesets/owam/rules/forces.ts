/**
 * Fireteams and soldiers (items 19–22, 93): left-to-right membership, Leaders, the soldier
 * in command, removals with their tally, merging and transfers, and the Initiative Track.
 */
import { RANK_PRIVATE } from '../data/soldiers.ts';
import { FT_SLOTS, MAX_FT, OK, WOUNDED, type OwamGame } from './state.ts';
import { traceCasualty } from './trace-log.ts';

/** Item 21: the highest-ranked soldier of the FT (ties: the leftmost, the player's choice), or −1. */
export function inCommand(g: OwamGame, f: number): number {
  let best = -1;
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    if (best < 0 || g.scn.sRank[s] > g.scn.sRank[best]) best = s;
  }
  return best;
}

/** Item 22: an FT without a Leader (rank above Private) uses Double Discipline. */
export function leaderless(g: OwamGame, f: number): boolean {
  for (let k = 0; k < g.fSize[f]; k++) if (g.scn.sRank[g.member(f, k)] > RANK_PRIVATE) return false;
  return true;
}

/** Adds soldier s at the right end of FT f. */
export function addMember(g: OwamGame, f: number, s: number): void {
  g.fMem[f * FT_SLOTS + g.fSize[f]++] = s;
  g.ftOf[s] = f;
}

/** Takes soldier s out of his FT, closing the line (item 20 numbering). */
export function dropMember(g: OwamGame, s: number): void {
  const f = g.ftOf[s];
  if (f < 0) return;
  const base = f * FT_SLOTS;
  let k = 0;
  while (k < g.fSize[f] && g.fMem[base + k] !== s) k++;
  for (; k < g.fSize[f] - 1; k++) g.fMem[base + k] = g.fMem[base + k + 1];
  g.fMem[base + --g.fSize[f]] = -1;
  g.ftOf[s] = -1;
  if (g.fSize[f] === 0) removeFt(g, f);
}

/** An FT with no soldiers leaves the map and the track. */
export function removeFt(g: OwamGame, f: number): void {
  g.fAlive[f] = 0;
  g.fDest[f] = -1;
  g.fStealth[f] = 0;
  if (g.luCarrier === f) { g.luCell = g.scn.rules.lu_killable ? -1 : g.fCell[f]; g.luCarrier = -1; } // R19: Lu stays on the card
  let j = 0;
  for (let i = 0; i < g.trackLen; i++) if (g.track[i] !== f) g.track[j++] = g.track[i];
  for (let i = j; i < g.trackLen; i++) g.track[i] = -1;
  g.trackLen = j;
}

/** Killed (item 38) or routed: out of the game, worth nothing to anyone (R24). */
export function removeSoldier(g: OwamGame, s: number, killed: boolean, by: number): void {
  if (!g.alive[s]) return;
  const side = g.scn.sSide[s];
  g.alive[s] = 0;
  g.cond[s] = OK;
  if (g.feeds[s] >= 0) { g.altFrom[g.feeds[s]] = -1; g.feeds[s] = -1; }
  for (let i = 0; i < g.n; i++) if (g.feeds[i] === s) g.feeds[i] = -1;
  g.altFrom[s] = -1;
  g.jammed[s] = 0;
  g.pts[side] -= g.scn.sPoints[s];
  g.tally.lose(side, g.scn.sWeapon[s], g.scn.sPoints[s]);
  if (g.trace !== null) traceCasualty(g, s, killed);
  if (killed && by >= 0) g.tally.kill(1 - side, g.scn.sWeapon[by]);
  dropMember(g, s);
}

/** Soldiers of FT f who are not wounded (they can fight, item 51). */
export function fitCount(g: OwamGame, f: number): number {
  let n = 0;
  for (let k = 0; k < g.fSize[f]; k++) if (g.cond[g.member(f, k)] !== WOUNDED) n++;
  return n;
}

/** Item 93: FT `from` merges into friendly FT `into` (total ≤ 8); `from` leaves the track. */
export function merge(g: OwamGame, from: number, into: number): void {
  while (g.fSize[from] > 0) {
    const s = g.member(from, 0);
    dropMember(g, s);
    addMember(g, into, s);
  }
}

/**
 * Item 56, R22 (Attention): an FT that has not acted moves to the front of the queue of
 * FTs that have not acted (it acts next); one that has acted moves to the top of the track
 * (rulebook: "place that Fireteam at the top of the Initiative Track"; item 56: "it still
 * gets only one turn per round"), so it leads the next round.
 */
export function toFront(g: OwamGame, f: number): void {
  let pos = -1, first = g.fActed[f] ? 0 : -1;
  for (let i = 0; i < g.trackLen; i++) {
    if (g.track[i] === f) pos = i;
    if (first < 0 && !g.fActed[g.track[i]]) first = i;
  }
  if (pos < 0 || first < 0 || pos <= first) return;
  for (let i = pos; i > first; i--) g.track[i] = g.track[i - 1];
  g.track[first] = f;
}

/** R22: Regroup swaps two slots; "acted" status stays with the FT. */
export function swapSlots(g: OwamGame, a: number, b: number): void {
  let ia = -1, ib = -1;
  for (let i = 0; i < g.trackLen; i++) { if (g.track[i] === a) ia = i; if (g.track[i] === b) ib = i; }
  if (ia < 0 || ib < 0) return;
  g.track[ia] = b; g.track[ib] = a;
}

/** Position of FT f on the track (−1 off it). */
export function trackPos(g: OwamGame, f: number): number {
  for (let i = 0; i < g.trackLen; i++) if (g.track[i] === f) return i;
  return -1;
}

/**
 * R25: the k-th seat of `side` in the order of each player's highest FT on the track
 * (a seat with no FT on the track comes last).
 */
export function seatOrder(g: OwamGame, side: number, k: number): number {
  if (g.scn.players[side] === 1) return 0;
  let first = 1;
  for (let i = 0; i < g.trackLen; i++) if (g.sideOfFt(g.track[i]) === side) { first = g.seatOf(g.track[i]); break; }
  return k === 0 ? first : 1 - first;
}

export function liveFts(g: OwamGame, side: number): number {
  let n = 0;
  for (let k = 0; k < 4; k++) if (g.fAlive[side * 4 + k]) n++;
  return n;
}

export const _MAX_FT = MAX_FT;
