/**
 * OWAM's lines in a game trace (`squadsim trace`, engine/trace.ts): rounds, fireteam
 * activations, Standing Orders and Command Decisions played, each Firing Sequence's total
 * against the target's Resolve and Vitality, Discipline Checks and duel checks with what
 * they need, assaults and retreats, kills and routs, mission events and the points. The
 * trace counts rounds (the tally's steps are deck-clock cards). Called only when g.trace is
 * not null, so these may build strings: no ordinary run reaches them.
 */
import { CD, CD_IDS, COLOUR_NAMES } from '../data/cards.ts';
import { RANK_RESOLVE, RANK_VITALITY, RANKS, WEAPONS } from '../data/soldiers.ts';
import { TERRAIN_IDS } from '../data/terrain.ts';
import { RESULT_LABELS } from './fire.ts';
import { END_REASONS } from '../data/counters.ts';
import { WIN_IMMEDIATE } from './missions.ts';
import type { OwamGame } from './state.ts';

const ORDERS = ['-', 'Attack', 'Maneuver', 'Rally', 'Entrench', 'Crewing/Sighted', 'Discard and Redraw', 'Stealth', 'Transfer', 'Recognition', 'Terrain', 'Assault', 'truck repair'];

/** "Allies #3 sergeant (mg)" (soldier index within the game, rank, weapon). */
export function who(g: OwamGame, s: number): string {
  return `${g.scn.sideNames[g.scn.sSide[s]]} #${s} ${RANKS[g.scn.sRank[s]]} (${WEAPONS[g.scn.sWeapon[s]]})`;
}

/** "Allies FT 2" (fireteam k of its side, 1-based). */
export function ft(g: OwamGame, f: number): string {
  return `${g.scn.sideNames[g.sideOfFt(f)]} FT ${(f & 3) + 1}`;
}

/** A terrain card: "woods (3,2)" (column, row). */
export function cell(g: OwamGame, c: number): string {
  return c < 0 ? 'off the map' : `${TERRAIN_IDS[g.terrain[c]]} (${g.col(c)},${g.row(c)})`;
}

export function traceRound(g: OwamGame): void {
  const t = g.trace!;
  t.noun = 'round';
  t.step = g.round;
  t.add('round', `round ${g.round} begins (deck pass ${g.deck.passes}, ${g.clockStep} cards turned); points ${g.pts[0]} v ${g.pts[1]}`, { round: g.round, cards: g.clockStep });
}

export function traceActivation(g: OwamGame, f: number): void {
  g.trace!.add('activation', `${ft(g, f)} (${g.fSize[f]} soldier${g.fSize[f] === 1 ? '' : 's'}) at ${cell(g, g.fCell[f])} activates`, { ft: f, side: g.sideOfFt(f), cell: g.fCell[f] });
}

/** A Standing Order played by FT f (k = ORDERS index); `to` an enemy FT (attack) or a cell (move, terrain), −1 none. */
export function traceOrder(g: OwamGame, f: number, k: number, card: number, to: number): void {
  const colour = card >= 0 && g.cat.soColour[card] >= 0 ? `${COLOUR_NAMES[g.cat.soColour[card]]} ` : '';
  const where = to < 0 ? '' : k === 1 ? ` at ${ft(g, to)} (range ${rangeOf(g, f, to)})` : k === 8 ? `: a soldier goes to ${ft(g, to)}` : ` toward ${cell(g, to)}`;
  g.trace!.add('order', `${ft(g, f)} plays a ${colour}${ORDERS[k]} card${where}`, { ft: f, order: ORDERS[k], target: to });
}

function rangeOf(g: OwamGame, f: number, e: number): number {
  const a = g.fCell[f], b = g.fCell[e], dc = Math.abs(g.col(a) - g.col(b)), dr = Math.abs(g.row(a) - g.row(b));
  return dc > dr ? dc : dr;
}

export function traceCd(g: OwamGame, side: number, kind: number): void {
  g.trace!.add('command-decision', `${g.scn.sideNames[side]} plays Command Decision ${kind === CD.fubar ? 'F.U.B.A.R.' : CD_IDS[kind].replace(/_/g, ' ')}`, { side, cd: CD_IDS[kind] });
}

/** A flip outside a Firing Sequence whose value counts: attackers, Rally orders, a drop direction. */
export function traceFlip(g: OwamGame, what: string, colour: number, v: number): void {
  g.trace!.add('roll', `${what}: flips ${COLOUR_NAMES[colour]} ${v}`, { roll: what, colour: COLOUR_NAMES[colour], result: v });
}

/** Item 38: a total against soldier t's Resolve and Vitality, and what it did. */
export function traceSequence(g: OwamGame, t: number, total: number, wound: boolean, firer: number, result: number): void {
  const rk = g.scn.sRank[t], by = firer >= 0 ? `${who(g, firer)} fires at ` : '';
  g.trace!.add('roll', `${by}${who(g, t)}: total ${total} against Resolve ${RANK_RESOLVE[rk]}, Vitality ${RANK_VITALITY[rk]}${wound ? ' (wound icon)' : ''}: ${RESULT_LABELS[result]}`, {
    roll: 'firing sequence', firer, target: t, result: total, target_number: RANK_RESOLVE[rk], vitality: RANK_VITALITY[rk], outcome: RESULT_LABELS[result],
  });
}

/** Item 61: an Evade that went through: the total before it, the flip, the total after. */
export function traceEvade(g: OwamGame, t: number, before: number, v: number): void {
  g.trace!.add('roll', `Evade for ${who(g, t)}: total ${before} before Evade, minus a flip of ${v}: ${before - v}`, { roll: 'evade', target: t, before, result: v, after: before - v });
}

export function traceJam(g: OwamGame, s: number): void {
  g.trace!.add('jam', `${who(g, s)}: his weapon jams (the jam card does not count; the total below is without it)`, { soldier: s });
}

/** Item 47: a Discipline Check: each flip plus penalty must be at most successMax. */
export function traceCheck(g: OwamGame, s: number, v1: number, v2: number, penalty: number, max: number, ok: boolean): void {
  const flips = v2 < 0 ? `${v1}` : `${v1} and ${v2} (Double Discipline)`;
  g.trace!.add('roll', `Discipline Check by ${who(g, s)}: flips ${flips}${penalty ? ` ${penalty > 0 ? '+' : ''}${penalty}` : ''}, needs ${max} or less: ${ok ? 'success' : 'failure'}`, {
    roll: 'discipline', soldier: s, result: v1, target_number: max, ok,
  });
}

export function traceDuel(g: OwamGame, s: number, v: number, ok: boolean): void {
  g.trace!.add('roll', `duel check by ${who(g, s)}: ${v}, needs 2 or less: ${ok ? 'success' : 'failure'}`, { roll: 'duel', soldier: s, result: v, target_number: 2, ok });
}

export function traceAssault(g: OwamGame, t: number, d: number): void {
  g.trace!.add('assault', `${ft(g, t)} assaults ${ft(g, d)} at ${cell(g, g.fCell[d])}`, { ft: t, enemy: d });
}

export function traceMoved(g: OwamGame, f: number, from: number): void {
  g.trace!.add('move', `${ft(g, f)} moves from ${cell(g, from)} to ${cell(g, g.fCell[f])}`, { ft: f, from, to: g.fCell[f] });
}

export function traceRetreat(g: OwamGame, f: number, to: number): void {
  g.trace!.add('retreat', to < 0 ? `${ft(g, f)} has nowhere to retreat and is routed` : `${ft(g, f)} retreats to ${cell(g, to)}, suppressed`, { ft: f, to });
}

export function traceCasualty(g: OwamGame, s: number, killed: boolean): void {
  const side = g.scn.sSide[s];
  g.trace!.casualty(side, `${who(g, s)} is ${killed ? 'killed' : 'routed'} (${g.scn.sPoints[s]} points off ${g.scn.sideNames[side]})`, { soldier: s, killed, points: g.scn.sPoints[s] });
}

export function traceEvent(g: OwamGame, text: string): void {
  g.trace!.add('event', text, {});
}

export function traceEnd(g: OwamGame): void {
  const t = g.trace!, n = g.scn.sideNames, s = g.tally.score;
  t.end('round', g.round, `${END_REASONS[g.endReason]}${g.winClass === WIN_IMMEDIATE ? ' (an immediate win)' : ''}`, { reason: END_REASONS[g.endReason] });
  for (let side = 0; side < 2; side++) if (g.objPts[side] > 0) t.add('objective', `${n[side]} scores ${g.objPts[side]} objective points`, { side, points: g.objPts[side] });
  t.add('score', `points: ${n[0]} ${s[0]}, ${n[1]} ${s[1]} (surviving soldiers' points ${g.pts[0]} v ${g.pts[1]}, plus objectives)`, { vp: [s[0], s[1]] });
}
