/**
 * Platoon's lines in a game trace (`squadsim trace`, engine/trace.ts): turns, order dice
 * drawn, orders given (with the destination or the unit assaulted), order tests and morale
 * checks (2D6 against Morale − pins + officer bonus), FUBARs, each weapon's shots with the
 * score needed and hits, damage rolls, vehicle damage, pins, models and units lost, close
 * quarters, the end and the VP. Called only when g.trace is not null, so these may build
 * strings: no ordinary run reaches them.
 */
import { KIND_IDS } from '../data/catalogue.ts';
import { ORDER_LABELS, QUALITY_IDS, RANK_IDS } from '../data/tables.ts';
import { WEAPON_IDS } from '../data/weapons.ts';
import type { PlatoonGame } from './state.ts';

const CAUSES = ['shooting', 'a failed morale check', 'excess pins', 'close quarters', 'vehicle damage', 'a burning or collapsing building'];
const GRADES = ['no damage', 'superficial damage', 'full damage', 'massive damage'];
const VEHICLE_RESULTS = ['-', 'stunned', 'immobilised', 'on fire', 'knocked out'];

/** "Allies #3 regular rifle-section" (unit index within the game, quality, kind, officer rank). */
export function who(g: PlatoonGame, u: number): string {
  const s = g.scn, rank = s.rank[u] > 0 && RANK_IDS[s.rank[u]] !== KIND_IDS[s.kind[u]] ? ` (${RANK_IDS[s.rank[u]]})` : '';
  return `${s.sideNames[s.side[u]]} #${u} ${QUALITY_IDS[s.quality[u]]} ${KIND_IDS[s.kind[u]]}${rank}`;
}

const at = (x: number, y: number) => `(${x.toFixed(1)}, ${y.toFixed(1)})`;

export function traceTurn(g: PlatoonGame): void {
  const t = g.trace!;
  t.step = g.turn + 1;
  t.add('turn', `turn ${g.turn + 1} begins; units ${g.unitsLeft[0]} v ${g.unitsLeft[1]}, VP ${g.vp[0]} v ${g.vp[1]}`, { turn: g.turn + 1 });
}

export function traceDraw(g: PlatoonGame, side: number): void {
  g.trace!.add('die', `order die drawn from the bag: ${g.scn.sideNames[side]}`, { side });
}

/** Items 2, R4: unit u is given `order` (by an officer when `officer` ≥ 0). */
export function traceOrder(g: PlatoonGame, u: number, order: number, tx: number, ty: number, target: number, officer: number): void {
  const o = ORDER_LABELS[order];
  const where = target >= 0 ? ` to assault ${who(g, target)}` : order === 2 || order === 3 ? ` toward ${at(tx, ty)}` : '';
  const by = officer >= 0 ? ` (passed on by #${officer})` : '';
  g.trace!.add('activation', `${who(g, u)} at ${at(g.x[u], g.y[u])} with ${g.pins[u]} pin${g.pins[u] === 1 ? '' : 's'} is ordered ${o}${where}${by}`, {
    unit: u, side: g.scn.side[u], order: o, target, officer,
  });
}

/** R1/R3: one 2D6 test, rolled here in a traced game (the same two dice rollTest takes). */
export function tracedTest(g: PlatoonGame, u: number, target: number, what: string): number {
  const a = g.rng.d6(), b = g.rng.d6();
  const res = a === 6 && b === 6 ? 2 : a === 1 && b === 1 && g.scn.rules.double1_auto_pass ? 1 : a + b <= target ? 1 : 0;
  g.trace!.add('roll', `${what} for ${who(g, u)}: 2D6 ${a}+${b} needing ${target} or less: ${res === 1 ? 'passed' : res === 2 ? 'double 6, failed' : 'failed'}`, {
    roll: what, unit: u, dice: [a, b], result: a + b, target_number: target, passed: res === 1,
  });
  return res;
}

/** Items 11–12: the FUBAR table's D6 after a double 6. */
export function traceFubar(g: PlatoonGame, u: number, d: number): void {
  g.trace!.add('roll', `FUBAR for ${who(g, u)}: D6 ${d}: ${d <= 2 ? 'Friendly Fire (or Down)' : 'panic: it runs from the enemy (or goes Down)'}`, { roll: 'FUBAR', unit: u, result: d, target_number: 2 });
}

export function traceMove(g: PlatoonGame, u: number): void {
  g.trace!.add('move', `${who(g, u)} moves to ${at(g.x[u], g.y[u])}`, { unit: u, x: g.x[u], y: g.y[u] });
}

/** Items 63–65: a vehicle halted by ambush fire stops where it was hit. */
export function traceHalted(g: PlatoonGame, u: number): void {
  g.trace!.add('move', `${who(g, u)} is halted at ${at(g.x[u], g.y[u])} and takes no further action`, { unit: u, x: g.x[u], y: g.y[u] });
}

export function traceReaction(g: PlatoonGame, u: number, what: string): void {
  g.trace!.add('reaction', `${who(g, u)} ${what}`, { unit: u });
}

/** Items 25–27, R12: one weapon slot's shots, the score each needs and the hits. */
export function traceShots(g: PlatoonGame, u: number, t: number, w: number, shots: number, need: number, hits: number, indirect: boolean): void {
  const needs = need <= 6 ? `${need}+` : need <= 9 ? `6 then ${need - 3}+` : 'the impossible';
  g.trace!.add('roll', `${who(g, u)} fires ${WEAPON_IDS[w]}${indirect ? ' (indirect)' : ''} at ${who(g, t)}: ${shots} shot${shots === 1 ? '' : 's'} needing ${needs}, ${hits} hit${hits === 1 ? '' : 's'}`, {
    roll: 'to-hit', shooter: u, target: t, weapon: WEAPON_IDS[w], dice: shots, target_number: need, result: hits,
  });
}

/** R13: damage rolls on infantry: `hits` dice needing `need`, `cas` models lost. */
export function traceDamage(g: PlatoonGame, t: number, hits: number, need: number, cas: number, what: string): void {
  g.trace!.add('roll', `${what} on ${who(g, t)}: ${hits} ${hits === 1 ? 'die' : 'dice'} needing ${need > 6 ? 'more than 6' : `${need}+`}, ${cas} model${cas === 1 ? '' : 's'} lost`, {
    roll: 'damage', target: t, dice: hits, target_number: need, result: cas,
  });
}

export function traceVehicleHit(g: PlatoonGame, v: number, die: number, total: number, dv: number, grade: number): void {
  g.trace!.add('roll', `damage on ${who(g, v)}: D6 ${die}, total ${total} against damage value ${dv}: ${GRADES[grade]}`, {
    roll: 'vehicle damage', target: v, die, result: total, target_number: dv, grade: GRADES[grade],
  });
}

export function traceVehicleResult(g: PlatoonGame, v: number, result: number): void {
  g.trace!.add('damage', `${who(g, v)}: ${VEHICLE_RESULTS[result]}`, { unit: v, result: VEHICLE_RESULTS[result] });
}

/** Pins taken (n > 0) or rallied off (n < 0, item 9). */
export function tracePins(g: PlatoonGame, u: number, n: number): void {
  const text = n >= 0 ? `takes ${n} pin${n === 1 ? '' : 's'} (${g.pins[u]} in all)` : `rallies off up to ${-n} pins (${g.pins[u]} left)`;
  g.trace!.add('pins', `${who(g, u)} ${text}`, { unit: u, pins: n, total: g.pins[u] });
}

export function traceCasualty(g: PlatoonGame, u: number, cause: number): void {
  const s = g.scn.side[u];
  g.trace!.casualty(s, `${who(g, u)} is destroyed by ${CAUSES[cause]} (${g.scn.rules.vp_per_unit} VP to ${g.scn.sideNames[1 - s]})`, { unit: u, cause: CAUSES[cause] });
}

export function traceAssault(g: PlatoonGame, u: number, t: number, contact: boolean): void {
  g.trace!.add('assault', contact ? `close quarters: ${who(g, u)} against ${who(g, t)}` : `${who(g, u)} assaults ${who(g, t)}`, { unit: u, target: t });
}

export function tracePinsShed(g: PlatoonGame, u: number, n: number): void {
  g.trace!.add('pins', `${who(g, u)} stayed Down all turn and sheds ${n} pin${n === 1 ? '' : 's'} (${g.pins[u]} left)`, { unit: u, pins: -n, total: g.pins[u] });
}

/** R23: the extra turn's D6. */
export function traceExtraTurn(g: PlatoonGame, d: number): void {
  const need = g.scn.rules.extra_turn_on;
  g.trace!.add('roll', `extra turn: D6 ${d} needing ${need}+: ${d >= need ? 'one more turn' : 'no more turns'}`, { roll: 'extra turn', result: d, target_number: need });
}

export function traceEnd(g: PlatoonGame): void {
  const t = g.trace!, s = g.scn, n = s.sideNames, gone = g.unitsLeft[0] === 0 ? n[0] : g.unitsLeft[1] === 0 ? n[1] : '';
  const why = gone !== '' ? `${gone} has no unit left` : `${g.turnsPlayed} turns played${g.turnsPlayed > s.rules.turns ? ' (an extra turn on the D6)' : ''}`;
  t.end('turn', g.turnsPlayed, why);
  t.add('score', `VP: ${n[0]} ${g.vp[0]}, ${n[1]} ${g.vp[1]} (${s.rules.vp_per_unit} per enemy unit destroyed)`, { vp: [g.vp[0], g.vp[1]] });
}
