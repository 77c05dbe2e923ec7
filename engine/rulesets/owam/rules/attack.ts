/**
 * The Attack Standing Order (items 34–37, R10, R11): attacker-count flip, firers chosen
 * by the player, a targeting flip by FT size for each, the Firing Sequence with every
 * item-37 modifier, W4, and the result.
 */
import { BLUE, CD, GREEN, RED, SO_ATTACK } from '../data/cards.ts';
import { VIS_BLIZZARD, VIS_SUN } from '../data/missions.ts';
import { TR_CAMOUFLAGE, TR_FOOLHARDY, TR_TRIGGER_HAPPY } from '../data/soldiers.ts';
import { TERRAIN_RANGE_LIMIT } from '../data/terrain.ts';
import { flip, spend } from './ccs.ts';
import { flipW3 } from './checks.ts';
import { applyTotal, fs, gridEntry, sequenceTotal, usesAlt, windowW4 } from './fire.ts';
import { leaderless } from './forces.ts';
import { flanks, friendlyBeyond, los, range } from './map.ts';
import { countCd, survives } from './stack.ts';
import { HAND_MAX, SUPPRESSED, WOUNDED, type OwamGame } from './state.ts';
import { hitTruck } from './missions.ts';
import { traceFlip, traceJam, traceOrder } from './trace-log.ts';
import { A_ATTACK } from '../data/counters.ts';

/** Item 35: the targeting colour by enemy FT size. */
export function targetColour(size: number): number {
  return size <= 4 ? RED : size <= 6 ? GREEN : BLUE;
}

/** Can FT f attack enemy FT e now (LOS, range, stealth, friendly fire: items 34, 43, 89, 92)? */
export function canAttack(g: OwamGame, f: number, e: number): boolean {
  if (!g.fAlive[f] || !g.fAlive[e] || g.fCell[e] < 0 || g.fCell[f] < 0 || g.fStealth[e]) return false;
  if (g.fCell[e] === g.fCell[f] || g.attackedNow[e]) return false;
  const a = g.fCell[f], t = g.fCell[e];
  if (!los(g, a, t)) return false;
  const side = g.sideOfFt(f);
  for (let k = 0; k < 4; k++) {
    const o = side * 4 + k;
    if (o !== f && g.fAlive[o] && g.fCell[o] >= 0 && friendlyBeyond(g, a, t, g.fCell[o], g.scn.rules.ff_tolerance_deg)) return false;
  }
  return firersFor(g, f, range(g, a, t)) > 0;
}

/** R11: eligible firers at a range into g.cand; returns how many. */
export function firersFor(g: OwamGame, f: number, r: number): number {
  let n = 0;
  for (let k = 0; k < g.fSize[f]; k++) {
    const s = g.member(f, k);
    if (g.cond[s] === WOUNDED || g.jammed[s] || g.feeds[s] >= 0 || g.firedNow[s]) continue;
    if (gridEntry(g.scn.sWeapon[s], usesAlt(g, s), r) < 0) continue;
    g.cand[n++] = s;
  }
  return n;
}

/** Double Discipline sources on firer s of FT f against enemy FT e (items 22, 37, 94; R9). */
export function ddFlips(g: OwamGame, f: number, s: number, e: number, r: number): number {
  let n = 0;
  if (g.fDest[f] >= 0) n++;
  if (g.cond[s] === SUPPRESSED) n++;
  if (leaderless(g, f)) n++;
  if (g.fCover[e]) n++;
  const a = g.fCell[f], t = g.fCell[e];
  const lim = TERRAIN_RANGE_LIMIT[g.terrain[a]], limT = TERRAIN_RANGE_LIMIT[g.terrain[t]];
  if ((lim > 0 && r > lim) || (limT > 0 && r > limT)) n++;
  if (g.scn.visibility !== VIS_SUN && r > g.scn.visibilityRange) {
    // Item 94: a Star Shell lights the night (never a blizzard) at the target.
    if (g.scn.visibility === VIS_BLIZZARD || !lit(g, t)) n++;
  }
  if (n === 0) return 1;
  return g.scn.rules.dd_stacks ? 1 + n : 2;
}

/** Item 79: a yellow Star Shell lights its card and the adjacent ones; a red one only its own. */
export function lit(g: OwamGame, c: number): boolean {
  for (let d = 0; d < g.cells; d++) {
    if (g.star[d] === 0) continue;
    if (d === c) return true;
    if (g.star[d] === 2 && range(g, d, c) === 1) return true;
  }
  return false;
}

/** Additive modifiers of a sequence from FT f at enemy FT e (items 36 C, 37; R16 Smoke). */
export function additiveMods(g: OwamGame, f: number, e: number): number {
  const a = g.fCell[f], t = g.fCell[e];
  let atk = g.scn.terrainAttack[g.terrain[a]];
  if (g.scn.level === 2 && atk > 0 && ftHasTrait(g, f, TR_FOOLHARDY)) atk--; // item 24
  let m = atk - g.scn.terrainDefense[g.terrain[t]];
  if (g.fEntrenched[f]) m += 1;
  if (g.fEntrenched[e]) m -= 1;
  if (g.smoke[t] === 2) m -= 2; else if (g.smoke[t] === 1) m -= 1;
  if (g.fDest[e] >= 0) m += 2;
  if (g.fStealth[f]) m += 2;
  const side = g.sideOfFt(f);
  for (let k = 0; k < 4; k++) {
    const o = side * 4 + k;
    if (o !== f && g.fAlive[o] && g.fCell[o] >= 0 && flanks(g, t, a, g.fCell[o])) { m += 1; break; }
  }
  return m;
}

export function ftHasTrait(g: OwamGame, f: number, trait: number): boolean {
  for (let k = 0; k < g.fSize[f]; k++) if (g.scn.sTraits[g.member(f, k)] & trait) return true;
  return false;
}

/**
 * Items 35, R10: the target soldier by a size flip (re-flips above the size, two soldiers
 * by odd/even, one soldier still burns a card); −1 when nobody can be shot this round.
 */
export function pickTarget(g: OwamGame, e: number): number {
  const size = g.fSize[e];
  let valid = 0;
  for (let k = 0; k < size; k++) if (g.suppRound[g.member(e, k)] !== g.round) valid++;
  if (valid === 0) { flip(g, RED); return -1; }
  const col = targetColour(size);
  for (;;) {
    const v = flip(g, col);
    let k: number;
    if (size === 1) k = 0;
    else if (size === 2) k = (v & 1) === 1 ? 0 : 1;
    else if (v > size) continue;
    else k = v - 1;
    const s = g.member(e, k);
    if (g.suppRound[s] !== g.round) return s; // item 52: not shot at again the round he was suppressed
  }
}

/**
 * One Attack Order by FT f on enemy FT e with hand card i (a red/green/blue Attack). The
 * card is played first (W2: it may be F.U.B.A.R.ed); ddAll forces Double Discipline
 * (On the Run, item 71) and `forcedCount` > 0 replaces the count flip.
 */
export function attack(g: OwamGame, f: number, e: number, i: number): void {
  const side = g.sideOfFt(f);
  const card = g.hand[g.player(side) * HAND_MAX + i];
  if (g.trace !== null) traceOrder(g, f, SO_ATTACK, card, e);
  spend(g, side, i);
  g.count.actions.add(side, A_ATTACK);
  // Item 64: a F.U.B.A.R. on the Attack card stops the attack, so the target was not
  // attacked and may still be the target of the FT's other Attack this turn (item 34).
  if (!survives(g, side, card)) return;
  g.attackedNow[e] = 1;
  clearFired(g, f);
  const count = flipW3(g, g.cat.soColour[card], side);
  if (g.trace !== null) traceFlip(g, 'soldiers allowed to fire', g.cat.soColour[card], count);
  fireAt(g, f, e, count, false);
}

/** Item 34: each soldier fires at most once per Attack Order (a second Attack may use him again). */
export function clearFired(g: OwamGame, f: number): void {
  for (let k = 0; k < g.fSize[f]; k++) g.firedNow[g.member(f, k)] = 0;
}

/** Steps 2–5 of an attack with `count` attackers allowed (item 34). */
export function fireAt(g: OwamGame, f: number, e: number, count: number, ddAll: boolean): void {
  const side = g.sideOfFt(f);
  const r = range(g, g.fCell[f], g.fCell[e]);
  let n = firersFor(g, f, r);
  g.decide[side].orderFirers(g, f, n, r);
  if (g.scn.level === 2) {
    // R20: Trigger Happy soldiers must be picked and fire first.
    let w = 0;
    for (let k = 0; k < n; k++) if (g.scn.sTraits[g.cand[k]] & TR_TRIGGER_HAPPY) { const t = g.cand[w]; g.cand[w] = g.cand[k]; g.cand[k] = t; w++; }
  }
  if (count < n) n = count;
  for (let k = 0; k < n; k++) g.tmp2[k] = g.cand[k];
  const wasStealth = g.fStealth[f];
  for (let k = 0; k < n && g.fAlive[e] && g.fAlive[f]; k++) {
    const s = g.tmp2[k];
    if (!g.alive[s] || g.cond[s] === WOUNDED) continue;
    g.firedNow[s] = 1;
    const t = pickTarget(g, e);
    if (t < 0) continue;
    let rr = r;
    const mi = g.decide[side].marksman(g, side, s, r);
    if (mi >= 0) {
      const c = g.hand[g.player(side) * HAND_MAX + mi];
      spend(g, side, mi);
      countCd(g, side, CD.marksman);
      if (survives(g, side, c)) rr = r - 1 < 1 ? 1 : r - 1;
    }
    const dd = ddAll ? 2 : ddFlips(g, f, s, e, r);
    let total = sequenceTotal(g, s, rr, additiveMods(g, f, e), dd, g.fLastStand[e] === g.round);
    if (fs.jam) g.jammed[s] = 1;
    if (fs.jam && g.trace !== null) traceJam(g, s);
    const woundIcon = fs.woundIcon === 1;
    total = windowW4(g, side, t, total);
    g.fAttackedRound[e] = g.round;
    g.fAttackedCell[e] = g.fCell[e];
    applyTotal(g, t, total, woundIcon, s);
  }
  // Item 43: an attack ends the attacker's stealth (Camouflage: one firer alone keeps it).
  if (wasStealth && !(g.scn.level === 2 && n === 1 && (g.scn.sTraits[g.tmp2[0]] & TR_CAMOUFLAGE))) g.fStealth[f] = 0;
}

/**
 * Item 108: an Attack Order on the Supply Truck from its own or an adjacent card, whatever
 * the weapon range: each firer's total (range-1 grid, truck terrain defense) is checked
 * against 8 (broken) and 9 (destroyed while broken).
 */
export function attackTruck(g: OwamGame, f: number, i: number): void {
  const side = g.sideOfFt(f);
  const card = g.hand[g.player(side) * HAND_MAX + i];
  spend(g, side, i);
  g.count.actions.add(side, A_ATTACK);
  if (!survives(g, side, card)) return;
  const count = flipW3(g, g.cat.soColour[card], side);
  const n = firersFor(g, f, 1);
  g.decide[side].orderFirers(g, f, n, 1);
  const mod = g.scn.terrainAttack[g.terrain[g.fCell[f]]] - g.scn.terrainDefense[g.terrain[g.truckCell]];
  for (let k = 0; k < n && k < count && !g.over; k++) {
    const s = g.cand[k];
    const total = sequenceTotal(g, s, 1, mod, ddFlips(g, f, s, f, 1), false);
    if (fs.jam) g.jammed[s] = 1;
    hitTruck(g, total);
  }
}
