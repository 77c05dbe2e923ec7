/**
 * The Firing Sequence (items 36–38, 49–50, R10): Lethality at Range from the weapon grid,
 * minus Discipline, plus terrain and the item-37 modifiers; then kill, suppress, wound or
 * rout. No Command Decision may be played inside it (item 39) — Evade and F.U.B.A.R. come
 * after the total, in window W4 (R7).
 */
import { CD, ICON_JAM, ICON_WOUND, RED } from '../data/cards.ts';
import { GRID_DIE, GRID_LEN, HAS_ALT, MAX_RANGE, RANK_DISCIPLINE, RANK_RESOLVE, RANK_VITALITY, TR_FATALIST } from '../data/soldiers.ts';
import { flip, lastIcon, spend } from './ccs.ts';
import { countCd, survives } from './stack.ts';
import { HAND_MAX, OK, SUPPRESSED, WOUNDED, type OwamGame } from './state.ts';
import { removeSoldier } from './forces.ts';
import { traceEvade, traceSequence } from './trace-log.ts';

/** Outcomes of one sequence (odds order). */
export const R_NONE = 0, R_SUPPRESS = 1, R_WOUND = 2, R_KILL = 3, R_ROUT = 4;
export const RESULT_LABELS = ['no effect', 'suppressed', 'wounded', 'killed', 'routed'] as const;

/** Grid entry index of a soldier at a range (alt = crewed/scoped grid), or −1 when N/A. */
export function gridEntry(weapon: number, alt: boolean, range: number): number {
  if (range < 1 || range > MAX_RANGE) return -1;
  const e = (weapon * 2 + (alt && HAS_ALT[weapon] ? 1 : 0)) * MAX_RANGE + range - 1;
  return GRID_LEN[e] > 0 ? e : -1;
}

/** R11: the crewed or scoped grid applies from the round after the card was discarded. */
export function usesAlt(g: OwamGame, s: number): boolean {
  return g.altFrom[s] >= 0 && g.round >= g.altFrom[s];
}

/** Flags of the last sequence. */
export const fs = { jam: 0, woundIcon: 0, lastDisc: 0 };

/**
 * Item 36 (A)–(C): the total of one sequence by `firer` at `range` (Marksman: one range
 * closer, item 70), with `mod` the sum of terrain and item-37 additive modifiers, `ddFlips`
 * Discipline flips (1, or 2 under Double Discipline, R9), and `lastStand` (item 67).
 */
export function sequenceTotal(g: OwamGame, firer: number, range: number, mod: number, ddFlips: number, lastStand: boolean): number {
  const e = gridEntry(g.scn.sWeapon[firer], usesAlt(g, firer), range);
  fs.jam = 0; fs.woundIcon = 0; fs.lastDisc = 0;
  let total = 0;
  if (e >= 0) {
    for (let k = 0; k < GRID_LEN[e]; k++) {
      const v = flip(g, GRID_DIE[e * 3 + k]);
      const icon = lastIcon(g);
      if (icon === ICON_JAM) { fs.jam = 1; break; } // item 49: that card does not count
      if (icon === ICON_WOUND) fs.woundIcon = 1;
      // ICON_RANDOM: item 50, the firer's Random-Effect trait — no printed trait has one (R20).
      total += v;
    }
  }
  const dc = RANK_DISCIPLINE[g.scn.sRank[firer]];
  for (let k = 0; k < ddFlips; k++) { fs.lastDisc = flip(g, dc); total -= fs.lastDisc; }
  total += mod;
  if (lastStand) total -= flip(g, RED);
  return total;
}

/** R7 W4: Evade by the target's side, F.U.B.A.R. of the last (Discipline) card by the firer's. */
export function windowW4(g: OwamGame, firerSide: number, target: number, total: number): number {
  total = evadeWindow(g, target, total);
  const j = g.decide[firerSide].fubarDiscipline(g, firerSide, target, total, fs.lastDisc);
  if (j >= 0) {
    const c = g.hand[g.player(firerSide) * HAND_MAX + j];
    spend(g, firerSide, j);
    countCd(g, firerSide, CD.fubar);
    if (survives(g, firerSide, c)) total += fs.lastDisc;
  }
  return total;
}

/**
 * Item 61, R7 W4: the target soldier's side may Evade a total (a Firing Sequence's, or an
 * Artillery victim's two flips, R17): minus one flip of the card's colour.
 */
export function evadeWindow(g: OwamGame, target: number, total: number): number {
  const ts = g.scn.sSide[target], seat = g.cur[ts];
  if (g.ftOf[target] >= 0) g.cur[ts] = g.seatOf(g.ftOf[target]); // the target FT's owner answers
  const i = g.decide[ts].evade(g, ts, target, total);
  if (i >= 0) {
    const c = g.hand[g.player(ts) * HAND_MAX + i];
    spend(g, ts, i);
    countCd(g, ts, CD.evade);
    if (survives(g, ts, c)) {
      const v = flip(g, g.cat.cdColour[c] < 0 ? RED : g.cat.cdColour[c]);
      if (g.trace !== null) traceEvade(g, target, total, v);
      total -= v;
    }
  }
  g.cur[ts] = seat;
  return total;
}

/** Item 38 and R10: what a total does to a soldier (pure: the odds tool uses it too). */
export function resultOf(total: number, resolve: number, vitality: number, cond: number, woundIcon: boolean, woundNeedsResolve: boolean): number {
  if (total >= vitality) return R_KILL;
  if (cond === SUPPRESSED && total >= resolve) return R_ROUT; // rout before wound (R10)
  if (cond === WOUNDED) return R_NONE; // R10: only a Vitality-beating total changes a wounded soldier
  if (woundIcon && total > 0 && (!woundNeedsResolve || total >= resolve)) return R_WOUND;
  if (total >= resolve) return R_SUPPRESS;
  return R_NONE;
}

/** Applies a total to soldier t (by `firer`, −1 for none); returns the result. */
export function applyTotal(g: OwamGame, t: number, total: number, woundIcon: boolean, firer: number): number {
  const rk = g.scn.sRank[t];
  const r = resultOf(total, RANK_RESOLVE[rk], RANK_VITALITY[rk], g.cond[t], woundIcon, g.scn.rules.wound_requires_resolve);
  if (g.trace !== null) traceSequence(g, t, total, woundIcon, firer, r);
  applyResult(g, t, r, firer);
  return r;
}

export function applyResult(g: OwamGame, t: number, r: number, firer: number): void {
  const side = g.scn.sSide[t];
  g.count.effects.add(1 - side, r);
  if (r === R_KILL || r === R_ROUT) removeSoldier(g, t, r === R_KILL, firer);
  else if (r === R_WOUND) { g.cond[t] = WOUNDED; uncrew(g, t); }
  else if (r === R_SUPPRESS) suppress(g, t);
}

/** Item 52: suppressed; un-crews (item 43) and stops the FT's move. */
export function suppress(g: OwamGame, t: number): void {
  if (g.cond[t] === WOUNDED) return;
  g.cond[t] = SUPPRESSED;
  g.suppRound[t] = g.round;
  g.rallyCount[t] = 0;
  uncrew(g, t);
  const f = g.ftOf[t];
  if (f >= 0 && g.fDest[f] >= 0) { g.fDest[f] = -1; g.fCover[f] = 0; } // token back to black
}

/** Lifts suppression (Rally, Attention, Last Stand); Fatalist needs 2 Rally Orders (item 24). */
export function rally(g: OwamGame, s: number, byOrder: boolean): void {
  if (g.cond[s] !== SUPPRESSED) return;
  if (byOrder && g.scn.level === 2 && (g.scn.sTraits[s] & TR_FATALIST) && ++g.rallyCount[s] < 2) return;
  g.cond[s] = OK;
  g.rallyCount[s] = 0;
}

/** Item 43: a suppressed or wounded gunner, assistant or sniper un-crews / un-scopes. */
export function uncrew(g: OwamGame, s: number): void {
  g.altFrom[s] = -1;
  for (let i = 0; i < g.n; i++) if (g.feeds[i] === s) { g.feeds[i] = -1; }
  if (g.feeds[s] >= 0) { g.altFrom[g.feeds[s]] = -1; g.feeds[s] = -1; }
}
