/**
 * NCO's lines in a game trace (`squadsim trace`, engine/trace.ts): turns, orders, special
 * actions, shots with their to-hit numbers, wounds, deaths, events, close combats. Called
 * only when g.trace is not null, so these may build strings: no ordinary run reaches them.
 */
import type { NcoGame } from './state.ts';
import { PROFILE_IDS } from '../data/roster-types.ts';
import { WEAPON_IDS } from '../data/weapons.ts';
import { EVENT_IDS } from './events.ts';

const ORDERS = ['none', 'Down', 'Rally', 'Cover Fire', 'Fire', 'Advance', 'Run', 'Assault', 'hold (Ambush)'];
const SPECIALS = ['none', 'Focus Fire', 'Assault', 'Mend', 'Ambush'];

/** "US Army #3 corporal" (soldier index within the game, profile). */
export function who(g: NcoGame, i: number): string {
  return `${g.scn.sideNames[g.side[i]]} #${i} ${PROFILE_IDS[g.scn.profile[i]]}`;
}

const at = (g: NcoGame, i: number) => `(${g.table.px[i].toFixed(1)}, ${g.table.py[i].toFixed(1)})`;

export function traceTurn(g: NcoGame): void {
  const t = g.trace!;
  t.step = g.turn;
  t.add('turn', `turn ${g.turn} begins; event in force: ${EVENT_IDS[g.event]}; soldiers ${g.aliveCount[0]} v ${g.aliveCount[1]}`, { turn: g.turn, event: EVENT_IDS[g.event] });
}

export function traceOrder(g: NcoGame, i: number, order: number): void {
  const move = order === 5 || order === 6;
  const target = move ? ` toward ${at(g, g.pickDest)}` : g.pickTarget >= 0 && g.pickTarget < g.n && (order === 3 || order === 4 || order === 7) ? ` at ${who(g, g.pickTarget)}` : '';
  g.trace!.add('activation', `${who(g, i)} at ${at(g, i)} takes ${ORDERS[order]}${target}`, { soldier: i, order: ORDERS[order], target: target ? g.pickTarget : null });
}

export function traceSpecial(g: NcoGame, i: number, action: number): void {
  g.trace!.add('special', `${who(g, i)}: special action ${SPECIALS[action]}`, { soldier: i, action: SPECIALS[action] });
}

export function traceShot(g: NcoGame, shooter: number, target: number, weapon: number, tn: number, dice: number, hits: number): void {
  g.trace!.add('roll', `${who(g, shooter)} shoots ${who(g, target)} with ${WEAPON_IDS[weapon]}: ${dice} ${dice === 1 ? 'die' : 'dice'} needing ${tn}+, ${hits} hit${hits === 1 ? '' : 's'}`, {
    roll: 'shot', shooter, target, weapon: WEAPON_IDS[weapon], toHit: tn, dice, hits, target_number: tn, result: hits,
  });
}

export function traceHealth(g: NcoGame, i: number, lost: number): void {
  g.trace!.add('wound', `${who(g, i)} loses ${lost} health (${Math.max(0, g.health[i])} left)`, { soldier: i, lost, health: g.health[i] });
}

export function tracePsyche(g: NcoGame, i: number, lost: number): void {
  g.trace!.add('psyche', `${who(g, i)} loses ${lost} psyche (${Math.max(0, g.psyche[i])} left)`, { soldier: i, lost, psyche: g.psyche[i] });
}

export function traceKill(g: NcoGame, i: number): void {
  g.trace!.casualty(g.side[i], `${who(g, i)} is killed (${g.scn.killValue[i]} VP to the other side)`, { soldier: i, vp: g.scn.killValue[i] });
}

/** A Rally (item 21): the D6, what it restores, and where it goes (items 78, 79). */
export function traceRally(g: NcoGame, i: number, d6: number, amount: number, health: boolean, to: number): void {
  const what = health ? 'health' : 'psyche', gain = `+${amount} ${what}`;
  const dest = to === i ? `${who(g, i)} (health ${g.health[i]}, psyche ${g.psyche[i]})` : `${who(g, to)} (Field Medicine; health ${g.health[to]})`;
  g.trace!.add('rally', `${who(g, i)} rallies: D6 ${d6}, ${gain} to ${dest}`, { soldier: i, roll: 'rally', result: d6, amount, what, to });
}

/** A Chaplain's psyche Rally given to his friends within 3" (item 79). */
export function traceRites(g: NcoGame, i: number, amount: number, friends: number): void {
  g.trace!.add('rally', `${who(g, i)} gives his Rally (Religious Rites): +${amount} psyche to ${friends} friend${friends === 1 ? '' : 's'} within 3"`, { soldier: i, amount, what: 'psyche', friends });
}

/** The end (items 101, 105, 110): a side with nobody left, every turn played or the scenario's variable end. */
export function traceGameEnd(g: NcoGame): void {
  const n = g.scn.sideNames;
  const why = g.aliveCount[0] === 0 ? `${n[0]} has no soldier left` : g.aliveCount[1] === 0 ? `${n[1]} has no soldier left`
    : g.turn >= g.scn.rules.turns ? `${g.turn} turns played` : `the scenario ends it after turn ${g.turn}`;
  g.trace!.end('turn', g.turn, why);
}

export function traceEvent(g: NcoGame, ev: number): void {
  g.trace!.add('event', `event rolled: ${EVENT_IDS[ev]}`, { event: EVENT_IDS[ev] });
}

export function traceCloseCombat(g: NcoGame, a: number, b: number): void {
  g.trace!.add('close-combat', `close combat to the death: ${who(g, a)} (health ${g.health[a]}) against ${who(g, b)} (health ${g.health[b]})`, { attacker: a, defender: b });
}

export function traceEnd(g: NcoGame): void {
  g.trace!.add('score', `VP: ${g.scn.sideNames[0]} ${g.vp[0]}, ${g.scn.sideNames[1]} ${g.vp[1]} (scenario bonuses included)`, { vp: [g.vp[0], g.vp[1]] });
}
