/**
 * Assault, close combat (items 80–87, R13): when opposing FTs share a terrain, soldiers
 * face off in pairs by position with Discipline Checks; advantage lets one side flip
 * first; after each round of duels each FT may retreat (becoming suppressed).
 */
import { RANK_DISCIPLINE, TR_NO_DISENGAGE } from '../data/soldiers.ts';
import { flip } from './ccs.ts';
import { removeSoldier } from './forces.ts';
import { suppress, uncrew } from './fire.ts';
import { leaderless, trackPos } from './forces.ts';
import { adjacent, anyFtAt, enterable, flanks } from './map.ts';
import { CELL_RETREAT } from './decisions.ts';
import { SUPPRESSED, WOUNDED, type OwamGame } from './state.ts';
import { targetColour } from './attack.ts';
import { traceAssault, traceDuel, traceRetreat } from './trace-log.ts';
import { A_ASSAULT } from '../data/counters.ts';

/**
 * One soldier's duel check (items 83, 85, R9, R13): success on 1–2; a suppressed soldier
 * needs two successes in a row; a leaderless FT flips twice and keeps the worse.
 */
export function duelCheck(g: OwamGame, s: number, leaderlessFt: boolean): boolean {
  const colour = RANK_DISCIPLINE[g.scn.sRank[s]];
  const times = g.cond[s] === SUPPRESSED ? 2 : 1;
  for (let k = 0; k < times; k++) {
    let v = flip(g, colour);
    if (leaderlessFt) { const w = flip(g, colour); if (w > v) v = w; }
    if (g.trace !== null) traceDuel(g, s, v, v <= 2);
    if (v > 2) return false;
  }
  return true;
}

/**
 * Item 84: advantage sources of FT f against FT e (flanking, stealth, established). "Was
 * or is in stealth": stealthed now, or (rules.stealth_advantage) when this assault began
 * ("assault") or at any time this round ("round").
 */
export function advantage(g: OwamGame, f: number, e: number): number {
  let a = 0;
  const was = g.scn.rules.stealth_advantage === 'assault' ? g.fWasStealth[f] === 1 : g.fStealthRound[f] === g.round;
  if (was || g.fStealth[f]) a++;
  if (g.fMovedRound[f] !== g.round) a++; // established: not on the move this round
  const side = g.sideOfFt(f), c = g.fCell[e];
  for (let k = 0; k < 4; k++) {
    const o = side * 4 + k;
    if (o !== f && g.fAlive[o] && g.fCell[o] >= 0 && g.fCell[o] !== c) {
      for (let j = 0; j < 4; j++) { const p = side * 4 + j; if (p !== o && p !== f && g.fAlive[p] && g.fCell[p] >= 0 && flanks(g, c, g.fCell[o], g.fCell[p])) { a++; j = 4; k = 4; } }
    }
  }
  return a;
}

/** One duel between a (FT fa) and b; `first` 0 none, 1 a has advantage, 2 b has. */
function duel(g: OwamGame, a: number, b: number, llA: boolean, llB: boolean, first: number): void {
  const woundA = g.cond[a] === WOUNDED, woundB = g.cond[b] === WOUNDED;
  if (woundA && woundB) return;
  if (woundA || woundB) { // item 85: a wounded soldier cannot attack, only be attacked
    const att = woundA ? b : a;
    if (duelCheck(g, att, woundA ? llB : llA)) removeSoldier(g, woundA ? a : b, true, att);
    return;
  }
  if (first === 1 && duelCheck(g, a, llA)) { removeSoldier(g, b, true, a); return; }
  if (first === 2 && duelCheck(g, b, llB)) { removeSoldier(g, a, true, b); return; }
  // The track decides who flips first; both flips happen (item 83).
  const okA = first === 1 ? false : duelCheck(g, a, llA), okB = first === 2 ? false : duelCheck(g, b, llB);
  if (okA && !okB) removeSoldier(g, b, true, a);
  else if (okB && !okA) removeSoldier(g, a, true, b);
}

/** A full round of duels between trigger FT t and defender FT d (items 83–84). */
function duelRound(g: OwamGame, t: number, d: number, first: boolean): void {
  const nt = g.fSize[t], nd = g.fSize[d];
  const llT = leaderless(g, t), llD = leaderless(g, d);
  // Item 84: a stealthed trigger has advantage for the whole first round.
  let adv = 0;
  if (first && g.fStealth[t]) adv = 1;
  else { const at = advantage(g, t, d), ad = advantage(g, d, t); adv = at > ad ? 1 : ad > at ? 2 : 0; }
  // Items 81–82: each player orders his line; the track decides who places first, then it is locked.
  for (let k = 0; k < nt; k++) g.tmp[k] = g.member(t, k);
  for (let k = 0; k < nd; k++) g.tmp2[k] = g.member(d, k);
  if (trackPos(g, t) <= trackPos(g, d)) { g.decide[g.sideOfFt(t)].lineUp(g, t, g.tmp, nt); g.decide[g.sideOfFt(d)].lineUp(g, d, g.tmp2, nd); }
  else { g.decide[g.sideOfFt(d)].lineUp(g, d, g.tmp2, nd); g.decide[g.sideOfFt(t)].lineUp(g, t, g.tmp, nt); }
  const n = nt > nd ? nt : nd;
  for (let k = 0; k < n; k++) {
    if (!g.fAlive[t] || !g.fAlive[d]) return;
    let a: number, b: number;
    if (k < nt && k < nd) { a = g.tmp[k]; b = g.tmp2[k]; }
    else if (k < nt) { a = g.tmp[k]; b = surplusOpponent(g, d); }
    else { b = g.tmp2[k]; a = surplusOpponent(g, t); }
    if (a < 0 || b < 0 || !g.alive[a] || !g.alive[b]) continue;
    duel(g, a, b, llT, llD, adv);
  }
}

/** Item 83: a surplus soldier flips by the opposing FT's size for his opponent (R13: repeats allowed). */
function surplusOpponent(g: OwamGame, f: number): number {
  const size = g.fSize[f];
  if (size === 0) return -1;
  const col = targetColour(size);
  for (;;) {
    const v = flip(g, col);
    if (size === 1) return g.member(f, 0);
    if (size === 2) return g.member(f, (v & 1) === 1 ? 0 : 1);
    if (v <= size) return g.member(f, v - 1);
  }
}

/** Items 80–87: trigger FT t arrived (from `from`) in the terrain of enemy FT d. */
export function startAssault(g: OwamGame, t: number, d: number, from: number): void {
  g.count.actions.add(g.sideOfFt(t), A_ASSAULT);
  if (g.trace !== null) traceAssault(g, t, d);
  g.turnOver = true;
  g.fWasStealth[t] = g.fStealth[t];
  g.fWasStealth[d] = g.fStealth[d];
  // Item 80: crewed MGs un-crew, snipers lose Sighted.
  for (let k = 0; k < g.fSize[t]; k++) uncrew(g, g.member(t, k));
  for (let k = 0; k < g.fSize[d]; k++) uncrew(g, g.member(d, k));
  // R14: a stealthed defender may slip away without suppression.
  if (g.fStealth[d] && g.decide[g.sideOfFt(d)].retreat(g, d, t) && retreatTo(g, d, -1, false)) return;
  for (let round = 0; round < g.scn.rules.assault_max_rounds; round++) {
    duelRound(g, t, d, round === 0);
    if (g.fStealth[t]) g.fStealth[t] = 0;
    if (!g.fAlive[t] || !g.fAlive[d]) return;
    // Item 86: retreats declared in track order; R13 the cap ends a deadlock with the trigger falling back.
    const tFirst = trackPos(g, t) <= trackPos(g, d);
    const a = tFirst ? t : d, b = tFirst ? d : t;
    if (mayDisengage(g, a) && g.decide[g.sideOfFt(a)].retreat(g, a, b)) { retreatTo(g, a, a === t ? from : -1, true); return; }
    if (mayDisengage(g, b) && g.decide[g.sideOfFt(b)].retreat(g, b, a)) { retreatTo(g, b, b === t ? from : -1, true); return; }
  }
  if (g.fAlive[t] && g.fAlive[d]) retreatTo(g, t, from, true);
}

/** Item 25, D15: an FT with a no-disengage soldier (Colonel level) never chooses to retreat. */
function mayDisengage(g: OwamGame, f: number): boolean {
  if (g.scn.level !== 2) return true;
  for (let k = 0; k < g.fSize[f]; k++) if (g.scn.sTraits[g.member(f, k)] & TR_NO_DISENGAGE) return false;
  return true;
}

/**
 * Items 86–87: the trigger goes back where it came from; the established FT to an empty
 * adjacent card of its choosing; no legal card routs the FT. Retreating soldiers are suppressed.
 */
export function retreatTo(g: OwamGame, f: number, back: number, suppressAll: boolean): boolean {
  let to = back;
  if (to < 0 || anyFtAt(g, to)) {
    const c = g.fCell[f];
    let n = 0;
    for (let d = 0; d < g.cells; d++) if (adjacent(g, c, d) && enterable(g, d) && !anyFtAt(g, d)) g.cand[n++] = d;
    to = n === 0 ? -1 : g.cand[g.decide[g.sideOfFt(f)].pickCell(g, f, n, CELL_RETREAT)];
  }
  if (g.trace !== null) traceRetreat(g, f, to);
  if (to < 0) { // item 87: routed and removed
    while (g.fAlive[f] && g.fSize[f] > 0) removeSoldier(g, g.member(f, 0), false, -1);
    return false;
  }
  g.fCell[f] = to;
  g.fDest[f] = -1;
  g.fEntrenched[f] = 0;
  g.fStealth[f] = 0;
  if (suppressAll) for (let k = 0; k < g.fSize[f]; k++) suppress(g, g.member(f, k));
  return true;
}
