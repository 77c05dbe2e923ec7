/**
 * Attacks (items 10–22, R4, R6, R7, R11, R12, R19): Advantage and Disadvantage, the Skill die
 * against the weapon's Difficulty with crew bonuses, Damage against Defense (a number or a
 * die), Fan fire and explosive Radius. The rolls are in small functions the odds sampler
 * (tools/odds-sample.ts) plays too.
 */
import type { Rng } from '../../../rng.ts';
import { MAX_WEAPONS } from '../data/roster.ts';
import { canSee, partiallyConcealed, sawStart } from './sight.ts';
import { ACTIVE, CASUALTY, GONE, type SkillGame } from './state.ts';
import { traceCasualty, tracedDamage, traceScatter, traceSkill, traceSuppressed } from './trace-log.ts';
import { isVehicle, T_DRONE } from '../data/catalogue.ts';

/** Item 18: one Skill roll with net Advantage (+1), Disadvantage (−1) or neither (0). */
export function rollSkill(rng: Rng, die: number, net: number): number {
  const a = rng.die(die);
  if (net === 0) return a;
  const b = rng.die(die);
  return net > 0 ? (a > b ? a : b) : (a < b ? a : b);
}

/**
 * Items 13, 16, R14: one Damage roll against a Defense number (defDie 0) or a Defense die,
 * which only a Damage die with at least as many sides can beat. True = destroyed.
 */
export function rollDamage(rng: Rng, damage: number, defense: number, defDie: number): boolean {
  if (defDie > 0) {
    if (damage < defDie) return false;
    const d = rng.die(damage);
    return d >= rng.die(defDie);
  }
  return rng.die(damage) >= defense;
}

/** The Skill die unit a uses with weapon w (item 36: a specialist's specialty die). */
export function attackDie(g: SkillGame, a: number, w: number): number {
  const s = g.scn;
  return s.uSpecialty[a] === w && s.uSpecDie[a] > 0 ? s.uSpecDie[a] : s.uSkill[a];
}

/** Does unit a carry weapon w? */
export function carries(g: SkillGame, a: number, w: number): boolean {
  const W = g.scn.uWeapons, o = a * MAX_WEAPONS;
  for (let k = 0; k < MAX_WEAPONS; k++) if (W[o + k] === w) return true;
  return false;
}

/** Item 11 (+ R3's minimum range): is t within w's range of a (edge to edge)? */
export function inRange(g: SkillGame, a: number, t: number, w: number): boolean {
  const d = g.gap(a, t);
  return d <= g.scn.wRange[w] && d >= g.scn.wMinRange[w];
}

/**
 * Items 27–29, R12, R17: may a fire weapon w at t without seeing it? Only an indirect-fire
 * weapon, at a target passed to a's side (a needs a radio) or seen by a friend within that
 * friend's Move of a (free communication, decision D3).
 */
export function indirectAllowed(g: SkillGame, a: number, t: number, w: number): boolean {
  const s = g.scn;
  if (s.wIndirect[w] === 0) return false;
  const side = s.side[a];
  const by = g.passed[side * g.n + t] - 1, radio = s.rules.radio_range_in;
  if (s.uRadio[a] === 1 && by >= 0 && (radio === null || g.gap(a, by) <= radio)) return true; // R16 radio range
  if (!s.rules.free_comm_handoff) return false;
  const f0 = s.first[side], f1 = f0 + s.count[side];
  for (let f = f0; f < f1; f++) {
    if (f === a || g.status[f] !== ACTIVE || g.gap(f, a) > g.moveNow[f]) continue;
    if (canSee(g, f, t)) return true;
  }
  return false;
}

/** Can a attack t with w now (range, sight or indirect fire)? 0 = no, 1 = direct, 2 = indirect. */
export function targetable(g: SkillGame, a: number, t: number, w: number): number {
  const s = g.scn;
  if (g.status[t] !== ACTIVE || s.side[t] === s.side[a] || !inRange(g, a, t, w)) return 0;
  if (canSee(g, a, t)) return 1;
  return indirectAllowed(g, a, t, w) ? 2 : 0;
}

/** Items 19–21, R4, R6, R7, R12: net Advantage of a attacking t with w (+1, 0, −1). */
export function netAdvantage(g: SkillGame, a: number, t: number, w: number, indirect: boolean): number {
  const s = g.scn, r = s.rules;
  let adv = 0, dis = 0;
  if (g.movedLast[t] === 0) adv++; // R7
  // R6/R12: unaware — no LOS back to the attacker, or the first attack from outside its sight.
  if (indirect && !canSee(g, t, a)) adv++;
  else if (g.turnSide === s.side[a] && g.attacks[a] === 0 && !sawStart(g, t, a)) adv++;
  if (g.mainEffort[a] === g.round) adv++; // item 23
  if ((s.uTrained[a] & (1 << w)) === 0) dis++; // item 21, R10
  const dark = r.darkness && s.uNvg[a] === 0 && g.gap(a, t) > r.dark_visibility_in; // R6, item 37
  if (dark || partiallyConcealed(g, a, t)) dis++; // R5
  if (r.suppressed_target_disadvantage && g.suppressed[t] !== 0) dis++; // R4 literal
  if (r.suppressed_self_disadvantage && g.suppressed[a] !== 0) dis++; // R4
  if (g.permDis[a] === 1) dis++; // item 30
  return adv > dis ? 1 : adv < dis ? -1 : 0; // item 19: only the net sign
}

/** Takes t out of play (item 13, R13): troops become casualties, vehicles and drones are gone. */
export function destroy(g: SkillGame, t: number, by: number): void {
  const s = g.scn;
  g.status[t] = isVehicle(s.uType[t]) || s.uType[t] === T_DRONE ? GONE : CASUALTY;
  g.reaction[t] = 0;
  g.tally.lose(s.side[t], s.uType[t], s.uCost[t]);
  if (by >= 0 && s.side[by] !== s.side[t]) g.tally.kill(s.side[by], s.uType[by]);
  if (g.trace !== null) traceCasualty(g, t);
}

/** R4: t survived a Fan or blast attack; it is Suppressed once the whole attack is resolved (decision D4). */
function suppress(g: SkillGame, t: number): void {
  if (g.scn.rules.suppression) g.pendSupp[t] = 1;
}

/** Applies the suppression of the attack just resolved (decision D4: not between the shots of one Fan). */
export function applySuppression(g: SkillGame): void {
  for (let u = 0; u < g.n; u++) {
    if (g.pendSupp[u] === 1 && g.status[u] === ACTIVE) {
      g.suppressed[u] = 2;
      if (g.trace !== null) traceSuppressed(g, u);
    }
    g.pendSupp[u] = 0;
  }
}

/** Counts a Skill roll and its hit for side `side` (extras: skillRolls). */
function countRoll(g: SkillGame, side: number, hit: boolean): void {
  g.count.skillRolls.add(side, 0);
  if (hit) g.count.skillRolls.add(side, 1);
}

/**
 * One attack of a on t with w (items 12–13, 17): 0 missed, 1 hit without effect, 2 destroyed.
 * `bonus` is the crew's +1s; a Difficulty beyond die + bonus always misses (R19).
 */
export function oneAttack(g: SkillGame, a: number, t: number, w: number, net: number, bonus: number): number {
  const s = g.scn;
  const roll = rollSkill(g.rng, attackDie(g, a, w), net) + bonus;
  const hit = roll >= s.wDifficulty[w];
  countRoll(g, s.side[a], hit);
  if (g.trace !== null) traceSkill(g, a, t, w, attackDie(g, a, w), net, roll, hit, false);
  const kill = hit && (g.trace === null ? rollDamage(g.rng, s.wDamage[w], s.uDefense[t], s.uDefDie[t]) : tracedDamage(g, w, t));
  if (kill) {
    destroy(g, t, a);
    return 2;
  }
  if (s.wFan[w] >= 2) suppress(g, t);
  return hit ? 1 : 0;
}

/**
 * Item 15, R11: one blast of w aimed at t's position: one Skill roll; a miss scatters the
 * point (Difficulty − roll) × scatter_per_point_in in one of 8 directions (or does nothing);
 * then one Damage roll for every unit in play inside the Radius, friend or foe. Returns
 * the units destroyed.
 */
export function blast(g: SkillGame, a: number, t: number, w: number, net: number, bonus: number): number {
  const s = g.scn, T = g.table, P = g.SLOT_AIM;
  const roll = rollSkill(g.rng, attackDie(g, a, w), net) + bonus;
  const hit = roll >= s.wDifficulty[w];
  countRoll(g, s.side[a], hit);
  if (g.trace !== null) traceSkill(g, a, t, w, attackDie(g, a, w), net, roll, hit, true);
  T.setPoint(P, T.px[t], T.py[t]);
  if (!hit) {
    if (!s.explosiveScatter) return 0;
    const dist = (s.wDifficulty[w] - roll) * s.rules.scatter_per_point_in;
    const dir = g.rng.below(8) * (Math.PI / 4);
    let x = T.px[P] + dist * Math.cos(dir), y = T.py[P] + dist * Math.sin(dir);
    x = x < 0 ? 0 : x > T.width ? T.width : x;
    y = y < 0 ? 0 : y > T.height ? T.height : y;
    T.setPoint(P, x, y);
    if (g.trace !== null) traceScatter(g, dist);
  }
  return damageInRadius(g, a, w, P);
}

/** Every unit in play within w's Radius of point slot p takes a Damage roll (in unit order). */
export function damageInRadius(g: SkillGame, a: number, w: number, p: number): number {
  const s = g.scn, R = s.wRadius[w] + g.table.baseRadius;
  let killed = 0;
  for (let u = 0; u < g.n; u++) {
    if (g.status[u] !== ACTIVE || g.table.dist(u, p) > R) continue;
    const kill = g.trace === null ? rollDamage(g.rng, s.wDamage[w], s.uDefense[u], s.uDefDie[u]) : tracedDamage(g, w, u);
    if (kill) {
      destroy(g, u, a);
      killed++;
    } else suppress(g, u);
  }
  return killed;
}

/** R18: are the bearings from a to every unit in cand[0..k) inside one 45° wedge? */
export function inCone(g: SkillGame, a: number, k: number): boolean {
  if (k <= 1) return true;
  const T = g.table, c = g.cand;
  const b0 = Math.atan2(T.py[c[0]] - T.py[a], T.px[c[0]] - T.px[a]);
  let lo = 0, hi = 0;
  for (let i = 1; i < k; i++) {
    let d = Math.atan2(T.py[c[i]] - T.py[a], T.px[c[i]] - T.px[a]) - b0;
    if (d > Math.PI) d -= 2 * Math.PI;
    else if (d < -Math.PI) d += 2 * Math.PI;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  return hi - lo <= Math.PI / 4 + 1e-9;
}
