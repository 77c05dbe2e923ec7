/**
 * Skill-die's lines in a game trace (`squadsim trace`, engine/trace.ts): turns and their
 * initiative rolls, activations, Moves, Actions and Reactions, every Skill roll against its
 * Difficulty, Damage against Defense, blasts, Suppression, revivals, casualties and the VP.
 * Called only when g.trace is not null, so these may build strings: no ordinary run reaches them.
 */
import { TYPE_LABELS, WEAPON_LABELS } from '../data/catalogue.ts';
import { holds, unitsInPlay } from './game.ts';
import { ACTIVE, GONE, type SkillGame } from './state.ts';

/** "Red #3 Average combatant" (unit index within the game, type). */
export function who(g: SkillGame, u: number): string {
  return `${g.scn.sideNames[g.scn.side[u]]} #${u} ${TYPE_LABELS[g.scn.uType[u]]}`;
}

const at = (g: SkillGame, p: number) => `(${g.table.px[p].toFixed(1)}, ${g.table.py[p].toFixed(1)})`;
const react = (g: SkillGame, u: number) => (g.reactor === u ? ' (Reaction)' : '');
const ADV = ['with Disadvantage', '', 'with Advantage'];

/** Units of `side` in play, drones included. */
function present(g: SkillGame, side: number): number {
  const f0 = g.scn.first[side], f1 = f0 + g.scn.count[side];
  let k = 0;
  for (let u = f0; u < f1; u++) if (g.status[u] === ACTIVE) k++;
  return k;
}

export function traceTurn(g: SkillGame): void {
  const t = g.trace!;
  t.step = g.round;
  t.add('turn', `turn ${g.round} begins; units in play ${present(g, 0)} v ${present(g, 1)}`, { turn: g.round });
}

/** Both initiative d10s (before firstBy spends the Advantages). */
export function traceInitiative(g: SkillGame, a: number, b: number): void {
  const n = g.scn.sideNames, adv = (s: number) => (g.initAdv[s] ? ' with Advantage' : '');
  g.trace!.add('roll', `initiative: ${n[0]} rolls ${a} on a d10${adv(0)}, ${n[1]} rolls ${b}${adv(1)}`, { roll: 'initiative', rolls: [a, b] });
}

export function traceFirst(g: SkillGame, side: number): void {
  g.trace!.add('initiative', `${g.scn.sideNames[side]} plays first`, { side });
}

export function traceActivation(g: SkillGame, u: number): void {
  g.trace!.add('activation', `${who(g, u)} at ${at(g, u)} activates`, { unit: u, side: g.scn.side[u] });
}

export function traceMove(g: SkillGame, u: number, spent: number): void {
  const second = g.reactor !== u && g.moves[u] === 1 ? ' (second Move, for its Action)' : '';
  g.trace!.add('move', `${who(g, u)} moves${react(g, u)}${second} ${spent.toFixed(1)}" toward ${at(g, g.SLOT_DEST)}, now at ${at(g, u)}`, { unit: u, inches: spent });
}

export function traceAttack(g: SkillGame, a: number, w: number, k: number, bonus: number): void {
  const s = g.scn, fan = s.wFan[w] > 1 ? `, Fan ${s.wFan[w]}` : '', crew = bonus > 0 ? `, +${bonus} from crew` : '';
  g.trace!.add('attack', `${who(g, a)} attacks${react(g, a)} ${who(g, g.cand[0])}${k > 1 ? ` and ${k - 1} more in the cone` : ''} with ${WEAPON_LABELS[w]}${fan}${crew}`, {
    unit: a, target: g.cand[0], weapon: WEAPON_LABELS[w],
  });
}

/** One Skill roll: die, net Advantage, crew bonus, total against the weapon's Difficulty. */
export function traceSkill(g: SkillGame, a: number, t: number, w: number, die: number, net: number, total: number, hit: boolean, blast: boolean): void {
  const adv = ADV[net + 1], d = g.scn.wDifficulty[w];
  const aim = blast ? `the blast aimed at ${who(g, t)}` : who(g, t);
  g.trace!.add('roll', `Skill d${die}${adv ? ' ' + adv : ''} at ${aim}: ${total} against Difficulty ${d}, ${hit ? 'hit' : 'miss'}`, {
    roll: 'skill', unit: a, target: t, die, advantage: net, result: total, target_number: d, hit,
  });
}

/**
 * Items 13, 16, R14: the Damage roll on t, rolled here in a traced game with the dice
 * attack.ts rollDamage takes (the odds sampler shares that one), so its numbers can be logged.
 */
export function tracedDamage(g: SkillGame, w: number, t: number): boolean {
  const s = g.scn, dmg = s.wDamage[w], defDie = s.uDefDie[t];
  let roll = 0, def = s.uDefense[t], text: string;
  if (defDie > 0 && dmg < defDie) {
    text = `Damage d${dmg} cannot harm ${who(g, t)} (Defense d${defDie})`;
    def = defDie;
  } else {
    roll = g.rng.die(dmg);
    def = defDie > 0 ? g.rng.die(defDie) : def;
    text = `Damage d${dmg} on ${who(g, t)}: ${roll} against Defense ${defDie > 0 ? `d${defDie} roll ` : ''}${def}`;
  }
  const destroyed = roll > 0 && roll >= def;
  g.trace!.add('roll', `${text}: ${destroyed ? 'destroyed' : 'no effect'}`, { roll: 'damage', target: t, die: dmg, result: roll, target_number: def, destroyed });
  return destroyed;
}

export function traceScatter(g: SkillGame, dist: number): void {
  g.trace!.add('blast', `the miss scatters ${dist.toFixed(1)}" to ${at(g, g.SLOT_AIM)}`, { inches: dist });
}

export function traceCasualty(g: SkillGame, t: number): void {
  const s = g.scn, how = g.status[t] === GONE ? 'is destroyed' : 'becomes a casualty';
  g.trace!.casualty(s.side[t], `${who(g, t)} ${how} (${s.uCost[t]} points)`, { unit: t, points: s.uCost[t] });
}

export function traceSuppressed(g: SkillGame, u: number): void {
  g.trace!.add('suppressed', `${who(g, u)} is Suppressed`, { unit: u });
}

export function traceCommand(g: SkillGame, u: number, what: string, t: number): void {
  g.trace!.add('action', `${who(g, u)}: ${what}${t >= 0 ? ` ${who(g, t)}` : ''}`, { unit: u, action: what, target: t });
}

const REVIVE = ['dead and removed from play', 'no effect', 'revived with a permanent Disadvantage and half Move', 'fully revived'];

export function traceRevive(g: SkillGame, m: number, t: number, roll: number, result: number): void {
  g.trace!.add('roll', `${who(g, m)} tends ${who(g, t)}: medical d${g.scn.rules.medical_die} rolls ${roll}: ${REVIVE[result]}`, {
    roll: 'revive', unit: m, target: t, result: roll, outcome: REVIVE[result],
  });
}

export function traceEnd(g: SkillGame, a: number, b: number): void {
  const s = g.scn, t = g.trace!, n = s.sideNames;
  const gone = unitsInPlay(g, 0) === 0 ? n[0] : unitsInPlay(g, 1) === 0 ? n[1] : '';
  const why = gone !== '' ? `${gone} has no unit left in play (drones aside)` : `the last turn (${s.rules.turns}) is played`;
  t.end('turn', g.round, why);
  for (let side = 0; side < 2; side++) {
    let held = 0;
    for (let o = 0; o < s.objX.length; o++) if (holds(g, side, o)) held++;
    if (held > 0) t.add('objective', `${n[side]} holds ${held} objective${held === 1 ? '' : 's'} (${held * s.rules.objective_vp} VP)`, { side, objectives: held });
  }
  t.add('score', `VP: ${n[0]} ${a}, ${n[1]} ${b} (points of enemy units out of play, plus objectives)`, { vp: [a, b] });
}
