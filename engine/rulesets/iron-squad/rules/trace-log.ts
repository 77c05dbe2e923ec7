/**
 * Iron Squad's lines in a game trace (`squadsim trace`, engine/trace.ts): rounds with their
 * hour and weather, turns, activations (where the unit went), every attack's Final Accuracy
 * (35 + modifiers, the luck die's DRM) and its result on the table, grenade splash, health
 * lost, deaths, Captain rallies, Medic heals, VP as scored, the mission and the deciding
 * criterion. Called only when g.trace is not null, so these may build strings: no ordinary
 * run reaches them.
 */
import { DECIDED_BY } from '../data/counters.ts';
import { DRM, RESULT_LABELS, TYPE_LABELS } from '../data/units.ts';
import type { IronGame } from './state.ts';
import { WEATHER_LABELS } from './time.ts';

const VP_SOURCES = ['revealing a tile', 'exploring a building', 'reaching an objective', 'health taken', 'a kill', 'the attacker hit (A −1H)'];

/** "Allies #3 rifleman (4 H)" (unit index within the game, type, health now). */
export function who(g: IronGame, u: number): string {
  return `${g.scn.sideNames[g.side[u]]} #${u} ${g.local[u] ? 'local' : TYPE_LABELS[g.type[u]]} (${g.hp[u]} H)`;
}

/** A hex as (column,row). */
export function hex(g: IronGame, h: number): string {
  return h < 0 ? 'off the board' : `hex (${g.board.grid.col(h)},${g.board.grid.row(h)})`;
}

function alive(g: IronGame, s: number): number {
  let n = 0;
  for (let u = 0; u < g.n; u++) if (g.alive[u] && g.side[u] === s) n++;
  return n;
}

export function traceRound(g: IronGame): void {
  const t = g.trace!;
  t.step = g.round + 1;
  t.add('round', `round ${g.round + 1} begins at ${g.hour}:00${g.night ? ' (night)' : ''}, weather ${WEATHER_LABELS[g.weather]}; units ${alive(g, 0)} v ${alive(g, 1)}, VP ${g.vp[0]} v ${g.vp[1]}`, {
    round: g.round + 1, hour: g.hour, night: g.night, weather: WEATHER_LABELS[g.weather],
  });
}

export function traceTurn(g: IronGame, side: number): void {
  g.trace!.add('turn', `${g.scn.sideNames[side]}'s turn`, { side });
}

export function traceActivation(g: IronGame, u: number, mp: number): void {
  g.trace!.add('activation', `${who(g, u)} at ${hex(g, g.hex[u])} activates with ${mp} MP`, { unit: u, side: g.side[u], hex: g.hex[u], mp });
}

/** After the activation: where the unit went (its attacks and finds are logged as they happen). */
export function traceActivationEnd(g: IronGame, u: number, from: number): void {
  if (g.alive[u] === 0 || g.hex[u] === from) return;
  g.trace!.add('move', `${who(g, u)} moved from ${hex(g, from)} to ${hex(g, g.hex[u])}`, { unit: u, from, to: g.hex[u] });
}

/** Items 42–51: one attack (or splash) resolved on the result table. */
export function traceAttack(g: IronGame, a: number, t: number, base: number, face: number, fa: number, res: number, splash: boolean): void {
  const how = splash ? `splash from ${who(g, a)}'s grenade on ${who(g, t)}` : `${who(g, a)} at ${hex(g, g.hex[a])} attacks ${who(g, t)} at ${hex(g, g.hex[t])}`;
  const dice = splash ? '' : `, luck die ${face} (DRM ${DRM[face - 1] >= 0 ? '+' : ''}${DRM[face - 1]})`;
  g.trace!.add('roll', `${how}: accuracy ${base}${dice}, Final Accuracy ${fa}: ${RESULT_LABELS[res]}`, {
    roll: splash ? 'splash' : 'attack', attacker: a, target: t, face, target_number: base, result: fa, outcome: RESULT_LABELS[res],
  });
}

export function traceDamage(g: IronGame, u: number, lost: number): void {
  g.trace!.add('wound', `${g.scn.sideNames[g.side[u]]} #${u} loses ${lost} H (${g.hp[u]} left)`, { unit: u, lost, health: g.hp[u] });
}

export function traceCasualty(g: IronGame, u: number): void {
  g.trace!.casualty(g.side[u], `${g.scn.sideNames[g.side[u]]} #${u} ${g.local[u] ? 'local' : TYPE_LABELS[g.type[u]]} is killed`, { unit: u });
}

export function traceVp(g: IronGame, side: number, source: number, amount: number): void {
  g.trace!.add('vp', `${g.scn.sideNames[side]} scores ${amount} VP for ${VP_SOURCES[source]} (${g.vp[side]} in all)`, { side, source: VP_SOURCES[source], vp: amount });
}

export function traceRally(g: IronGame, c: number, u: number): void {
  g.trace!.add('rally', `Captain #${c} rallies ${who(g, u)}`, { captain: c, unit: u });
}

export function traceHeal(g: IronGame, m: number, u: number): void {
  g.trace!.add('heal', `Medic #${m} heals ${who(g, u)}`, { medic: m, unit: u });
}

export function traceMission(g: IronGame, side: number): void {
  g.trace!.add('objective', `${g.scn.sideNames[side]} completes its mission (objective ${hex(g, g.missionHex[side])} held, target killed)`, { side });
}

/** Item 24: how the game was decided (g.val[3]) and the score. */
export function traceEnd(g: IronGame, w: number): void {
  const t = g.trace!, n = g.scn.sideNames, s = g.tally.score;
  const why = g.missionWinner >= 0 ? 'a mission is complete' : `${g.endRound} rounds played`;
  const by = DECIDED_BY[g.val[3]];
  t.end('round', g.endRound, `${why}; decided by ${by}${w === 2 ? '' : ` for ${n[w]}`}`, { decidedBy: by });
  t.add('score', `VP: ${n[0]} ${s[0]}, ${n[1]} ${s[1]}`, { vp: [s[0], s[1]] });
}
