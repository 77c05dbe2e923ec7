/**
 * Rule mechanics (items 28–31, 41–62, 68; R10–R17): damage and VP, attacks and grenade
 * splash, MP, the Captain's rally and the Medic's heal. Revealing, exploring, spawns and
 * walking a path are in moving.ts. No decisions: policies choose; these apply.
 * Allocation-free, integer arguments.
 */
import { rollWeighted } from '../../../dice.ts';
import { baseAccuracy } from './combat.ts';
import { FA_OFFSET, FA_SPAN, MAX_UNITS, type IronGame } from './state.ts';
import { DRM, RESULT_DAMAGE, TAM, RESULT_MP, T_CAPTAIN, T_GRENADIER, T_MEDIC, TYPE_WEAPON, W_GRENADE, resultIndex } from '../data/units.ts';
import { WX_FOG, WX_RAIN } from './time.ts';
import { traceAttack, traceCasualty, traceDamage, traceHeal, traceRally, traceVp } from './trace-log.ts';

import { AC_GRENADE, AC_HEAL, AC_RALLY, AC_SHOT, VS_BACKFIRE, VS_HP, VS_KILL } from '../data/counters.ts';

export { AC_EXPLORE, AC_GRENADE, AC_HEAL, AC_OPP, AC_RALLY, AC_REVEAL, AC_SHOT, AC_SPAWN, VS_BACKFIRE, VS_EXPLORE, VS_HP, VS_KILL, VS_OBJECTIVE, VS_REVEAL } from '../data/counters.ts';

export function addVp(g: IronGame, side: number, source: number, amount: number): void {
  g.vp[side] += amount;
  g.count.vpSource.addBy(amount, side, source);
  if (g.trace !== null) traceVp(g, side, source, amount);
}

/**
 * Takes `amount` health off `victim` (items 53, 68, R11, R12). `by` is the unit credited
 * (−1 none); `scoring` side gets +1 VP per health point and the kill VP when it is the
 * victim's enemy (never for hurting one's own units, R12).
 */
export function damage(g: IronGame, victim: number, amount: number, by: number, scoring: number, source: number): void {
  if (amount <= 0 || g.alive[victim] === 0) return;
  const lost = amount < g.hp[victim] ? amount : g.hp[victim];
  const vs = g.side[victim];
  g.hp[victim] -= lost;
  g.hpLost[victim] += lost;
  g.hpLostRound[vs * 12 + g.round] += lost;
  g.tally.damage(vs, g.type[victim], lost);
  if (g.trace !== null) traceDamage(g, victim, lost);
  const enemy = scoring !== vs;
  if (enemy) addVp(g, scoring, source, lost * g.scn.rules.vp_per_hp);
  if (g.hp[victim] > 0) return;
  g.alive[victim] = 0;
  g.diedRound[victim] = g.round + 1;
  g.casRound[vs * 12 + g.round]++;
  g.tally.lose(vs, g.type[victim], 0); // its health went with the damage above
  if (g.trace !== null) traceCasualty(g, victim);
  if (!enemy) return;
  addVp(g, scoring, VS_KILL, g.scn.rules.vp_kill);
  g.killCount[scoring]++;
  if (g.local[victim]) g.localKills[scoring]++;
  if (g.regular[victim]) g.regularKills[scoring]++;
  if (by >= 0) g.tally.kill(g.side[by], g.type[by]);
}

/** Item 28 (decision D1 for Local units): cannot move or spend MP. */
export function immobile(g: IronGame, u: number): boolean {
  return g.hp[u] === 1 && (g.local[u] === 0 || g.scn.rules.local_immobile_at_1);
}

/** MP this activation (R1, R13, items 28–30): allowance − Rain − markers, floor 0. */
export function mpAvailable(g: IronGame, u: number): number {
  if (immobile(g, u)) return 0;
  const r = g.scn.rules;
  let mp = g.local[u] ? r.local_mp : g.scn.mpByType[g.type[u]];
  if (g.weather === WX_RAIN) mp -= r.rain_mp_penalty;
  const m = g.markerNow[u];
  if (m > 0) mp -= r.marker_mp_penalty * (r.mp_penalty_stacks ? m : 1);
  return mp < 0 ? 0 : mp;
}

/** Weapon range after Fog (R2, R14). */
export function effectiveRange(g: IronGame, u: number): number {
  const r = g.scn.rules;
  const base = g.local[u] ? r.local_range : g.scn.rangeByType[g.type[u]];
  if (g.weather !== WX_FOG) return base;
  const f = base - r.fog_range_penalty;
  return f < r.fog_min_range ? (base < r.fog_min_range ? base : r.fog_min_range) : f;
}

/** Items 32–37, 41: in range and in LOS (the Grenade Thrower ignores LOS; 0 and 1 always seen). */
export function canShoot(g: IronGame, a: number, fromHex: number, toHex: number): boolean {
  const d = g.board.grid.distance(fromHex, toHex);
  if (d > g.rangeNow[a] || d > 4) return false;
  if (d <= 1 || g.type[a] === T_GRENADIER) return true;
  return g.los(fromHex, toHex);
}

/** 35 + TAM + EAM + DAM + HAM + NAM for attacker a in `fromHex` at a target in `toHex` (item 42). */
export function attackBase(g: IronGame, a: number, fromHex: number, toHex: number): number {
  const b = g.board;
  return baseAccuracy(TYPE_WEAPON[g.type[a]], b.tamColumn(toHex, g.scn.hillsCol), b.elevationCase(fromHex, toHex), b.grid.distance(fromHex, toHex), g.hp[a], g.local[a] === 1, g.night ? g.scn.rules.night_modifier : 0);
}

/** Expected health taken off a target at `hp` plus `killBonus` × P(kill), from the base accuracy, into g.val[4] (a returned double would box). */
export function expectedValue(g: IronGame, base: number, hp: number, killBonus: number): void {
  let i = base + FA_OFFSET;
  i = i < 0 ? 0 : i >= FA_SPAN ? FA_SPAN - 1 : i;
  let e = 0;
  const top = hp < 3 ? hp : 3;
  for (let k = 1; k <= top; k++) e += g.pGe[(k - 1) * FA_SPAN + i];
  if (hp <= 3) e += killBonus * g.pGe[(hp - 1) * FA_SPAN + i];
  g.val[4] = e;
}

/** P(A −1H) at a base accuracy. */
export function backfireChance(g: IronGame, base: number): number {
  let i = base + FA_OFFSET;
  i = i < 0 ? 0 : i >= FA_SPAN ? FA_SPAN - 1 : i;
  return g.pBack[i];
}

/** One luck-die face 1..8 (items 9, 67). */
export function rollLuck(g: IronGame): number {
  return rollWeighted(g.rng, g.luck) + 1;
}

/** Applies one result to a defender (item 51); `splash` turns "A −1H" into no effect (R12). */
function applyResult(g: IronGame, a: number, t: number, res: number, splash: boolean): void {
  const r = g.scn.rules;
  if (res === 0) {
    if (splash) return;
    // R11: the attacker loses 1 Health; the defender's side scores it.
    damage(g, a, 1, t, r.attacker_hit_gives_vp ? g.side[t] : g.side[a], VS_BACKFIRE);
    return;
  }
  if (RESULT_MP[res]) g.markerNext[t] = r.mp_penalty_stacks ? g.markerNext[t] + 1 : 1;
  damage(g, t, RESULT_DAMAGE[res], a, g.side[a], VS_HP);
}

/**
 * Attack by a on t with die face `face` (items 41–51, 58). A grenade also attacks every
 * other unit in the target hex at FA − 13 and every unit on adjacent hexes at FA − 20,
 * friend or foe, with the same die (R12). Does not mark a as having fired.
 */
export function resolveAttack(g: IronGame, a: number, t: number, face: number): void {
  g.attacks++;
  const fromHex = g.hex[a], toHex = g.hex[t];
  const base = attackBase(g, a, fromHex, toHex);
  const fa = base + DRM[face - 1];
  if (g.trace !== null) traceAttack(g, a, t, base, face, fa, resultIndex(fa), false);
  applyResult(g, a, t, resultIndex(fa), false);
  if (TYPE_WEAPON[g.type[a]] !== W_GRENADE) return;
  const r = g.scn.rules, grid = g.board.grid;
  g.count.actions.add(g.side[a], AC_GRENADE);
  for (let v = 0; v < g.n; v++) {
    if (v === t || g.alive[v] === 0) continue;
    const d = grid.distance(toHex, g.hex[v]);
    if (d > 1) continue;
    let sfa = fa + (d === 0 ? r.splash_same_hex : r.splash_adjacent);
    if (r.splash_recompute_tam && d === 1) sfa += victimTamDelta(g, a, toHex, g.hex[v]);
    if (g.trace !== null) traceAttack(g, a, v, sfa - DRM[face - 1], face, sfa, resultIndex(sfa), true);
    applyResult(g, a, v, resultIndex(sfa), true);
  }
}

/** R12 option: the TAM difference between a splash victim's hex and the target hex. */
function victimTamDelta(g: IronGame, a: number, toHex: number, vHex: number): number {
  const b = g.board, hc = g.scn.hillsCol, w = TYPE_WEAPON[g.type[a]];
  const c1 = b.tamColumn(vHex, hc), c0 = b.tamColumn(toHex, hc);
  return (c1 >= 0 ? TAM_ROW(w, c1) : 0) - (c0 >= 0 ? TAM_ROW(w, c0) : 0);
}

function TAM_ROW(w: number, c: number): number {
  return TAM[w * 4 + c];
}

/** A policy's chosen shot: rolls the luck die and resolves it; marks a as having fired (item 22). */
export function fire(g: IronGame, a: number, t: number): void {
  g.fired[a] = 1;
  g.count.actions.add(g.side[a], AC_SHOT);
  resolveAttack(g, a, t, rollLuck(g));
}

/** Item 56, R16: at the start of the side's turn each Captain lifts Shaken units on his and adjacent hexes. */
export function captainRally(g: IronGame, side: number): void {
  const captains = g.byType, at = T_CAPTAIN * MAX_UNITS;
  for (let k = 0; k < g.typeCount[T_CAPTAIN]; k++) {
    const c = captains[at + k];
    if (g.alive[c] !== 0 && g.side[c] === side) rallyAround(g, c);
  }
}

/** Item 56: Captain c lifts Shaken friends on his and adjacent hexes (himself included) to full health. */
export function rallyAround(g: IronGame, c: number): void {
  const grid = g.board.grid, rallyLocals = g.scn.rules.rally_locals, side = g.side[c];
  for (let u = 0; u < g.n; u++) {
    if (g.alive[u] === 0 || g.side[u] !== side || grid.distance(g.hex[c], g.hex[u]) > 1) continue;
    const shaken = g.local[u] ? rallyLocals && g.hp[u] === g.maxHp[u] - 1 : g.hp[u] === 4;
    if (!shaken) continue;
    g.hp[u] = g.maxHp[u];
    if (g.trace !== null) traceRally(g, c, u);
    g.count.actions.add(side, AC_RALLY);
  }
}

/** Item 60, R15: Medic m heals unit u (same or adjacent hex) by 2, capped; once per round. */
export function heal(g: IronGame, m: number, u: number): void {
  g.medicRound[m] = g.round;
  const v = g.hp[u] + g.scn.rules.medic_heal;
  g.hp[u] = v > g.maxHp[u] ? g.maxHp[u] : v;
  if (g.trace !== null) traceHeal(g, m, u);
  g.count.actions.add(g.side[m], AC_HEAL);
}

/** The Medic's best patient in reach (most health missing, immobilised first), or −1. */
export function medicPatient(g: IronGame, m: number): number {
  if (g.type[m] !== T_MEDIC || g.local[m] || g.medicRound[m] === g.round) return -1;
  const grid = g.board.grid;
  let best = -1, bestKey = 0;
  for (let u = 0; u < g.n; u++) {
    const missing = g.maxHp[u] - g.hp[u]; // tested before the distance: most units are unhurt
    if (g.alive[u] === 0 || g.side[u] !== g.side[m] || missing <= 0 || grid.distance(g.hex[m], g.hex[u]) > 1) continue;
    const key = missing + (immobile(g, u) ? 10 : 0);
    if (key > bestKey) { bestKey = key; best = u; }
  }
  return best;
}
