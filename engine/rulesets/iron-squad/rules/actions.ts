/**
 * Rule mechanics (items 15–18, 28–31, 41–62, 68, 71–73; R6, R7, R10–R17): damage and VP,
 * attacks and grenade splash, MP, revealing, exploring and spawns, walking a path with
 * Sniper opportunity attacks, the Captain's rally and the Medic's heal. No decisions:
 * policies (policy.ts) choose; these apply. Allocation-free, integer arguments.
 */
import { DIR_DQ, DIR_DR } from '../../../geometry/hex.ts';
import { rollWeighted } from '../../../dice.ts';
import { CARD_EMPTY, CARD_UNIT_USA } from '../data/board-data.ts';
import { baseAccuracy } from './combat.ts';
import { FA_OFFSET, FA_SPAN, type IronGame } from './state.ts';
import { DRM, RESULT_DAMAGE, TAM, RESULT_MP, SOLO_REGULAR_ROLL, T_CAPTAIN, T_ENGINEER, T_GRENADIER, T_LOCAL, T_MEDIC, T_MG, T_RIFLEMAN, T_SNIPER, TYPE_WEAPON, W_GRENADE, resultIndex } from '../data/units.ts';
import { WX_FOG, WX_RAIN } from './time.ts';

/** VP source slots (g.vpSource[side * 6 + k]). */
export const VS_REVEAL = 0, VS_EXPLORE = 1, VS_OBJECTIVE = 2, VS_HP = 3, VS_KILL = 4, VS_BACKFIRE = 5;
/** Action slots (g.actions[side * 8 + k]). */
export const AC_SHOT = 0, AC_OPP = 1, AC_GRENADE = 2, AC_RALLY = 3, AC_HEAL = 4, AC_REVEAL = 5, AC_EXPLORE = 6, AC_SPAWN = 7;

function addVp(g: IronGame, side: number, source: number, amount: number): void {
  g.vp[side] += amount;
  g.vpSource[side * 6 + source] += amount;
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
  const enemy = scoring !== vs;
  if (enemy) addVp(g, scoring, source, lost * g.scn.rules.vp_per_hp);
  if (g.hp[victim] > 0) return;
  g.alive[victim] = 0;
  g.diedRound[victim] = g.round + 1;
  g.casRound[vs * 12 + g.round]++;
  g.tally.lose(vs, g.type[victim], 0); // its health went with the damage above
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
  const fromHex = g.hex[a], toHex = g.hex[t];
  const base = attackBase(g, a, fromHex, toHex);
  const fa = base + DRM[face - 1];
  applyResult(g, a, t, resultIndex(fa), false);
  if (TYPE_WEAPON[g.type[a]] !== W_GRENADE) return;
  const r = g.scn.rules, grid = g.board.grid;
  g.actions[g.side[a] * 8 + AC_GRENADE]++;
  for (let v = 0; v < g.n; v++) {
    if (v === t || g.alive[v] === 0) continue;
    const d = grid.distance(toHex, g.hex[v]);
    if (d > 1) continue;
    let sfa = fa + (d === 0 ? r.splash_same_hex : r.splash_adjacent);
    if (r.splash_recompute_tam && d === 1) sfa += victimTamDelta(g, a, toHex, g.hex[v]);
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
  g.actions[g.side[a] * 8 + AC_SHOT]++;
  resolveAttack(g, a, t, rollLuck(g));
}

/** Item 15: spends the reveal MP, lays the slot's next tile, +1 VP. Returns false if nothing was revealed. */
export function revealSlot(g: IronGame, u: number, slot: number): boolean {
  const b = g.board;
  if (b.reveal(slot, b.randomRotation(slot, g.rng)) < 0) return false;
  g.losCache.epoch++;
  const s = g.side[u];
  g.tiles[s]++;
  g.actions[s * 8 + AC_REVEAL]++;
  addVp(g, s, VS_REVEAL, g.scn.rules.vp_reveal);
  refreshExploreExtra(g);
  return true;
}

/** The explore MP on every Building that can still be explored (item 17, R7). */
export function refreshExploreExtra(g: IronGame): void {
  const b = g.board, x = g.exploreExtra, cost = g.scn.rules.explore_mp_cost;
  const once = g.scn.rules.building_explore_once;
  for (let h = 0; h < b.size; h++) {
    const id = b.buildingId[h];
    x[h] = id >= 0 && (!once || g.buildingDone[id] === 0) ? cost : 0;
  }
}

/** The first free hex for a solo Regular unit (item 73, R20), or −1. */
function regularSpawnHex(g: IronGame, building: number, fromHex: number, enemySide: number): number {
  const grid = g.board.grid;
  const back = grid.directionTo(fromHex, building);
  const start = back >= 0 ? back : 0;
  for (let radius = 1; radius <= 2; radius++) {
    const n = grid.ring(building, radius, start, g.cone);
    for (let i = 0; i < n; i++) {
      const h = g.cone[i];
      if (g.board.enterCost[h] >= 255 || frontOfEnemyMg(g, h, enemySide)) continue;
      let occupied = false;
      for (let v = 0; v < g.n; v++) if (g.alive[v] && g.side[v] === enemySide && g.hex[v] === h) occupied = true;
      if (!occupied) return h;
    }
  }
  return -1;
}

/** True when h is a frontal hex of an MG of side `mgSide` (item 59). */
export function frontOfEnemyMg(g: IronGame, h: number, mgSide: number): boolean {
  const nb = g.board.grid.nb;
  for (let v = 0; v < g.n; v++) {
    if (g.alive[v] === 0 || g.type[v] !== T_MG || g.side[v] !== mgSide || g.facing[v] < 0) continue;
    const f = g.facing[v], c = g.hex[v];
    if (nb[c * 6 + f] === h || nb[c * 6 + ((f + 1) % 6)] === h) return true;
  }
  return false;
}

/**
 * Item 17–18, 71–73, R6: explorer u enters Building hex h (coming from `fromHex`) and
 * draws a card. Returns true when the move must stop (a hostile unit appeared).
 */
export function explore(g: IronGame, u: number, h: number, fromHex: number): boolean {
  const r = g.scn.rules;
  const id = g.board.buildingId[h];
  if (r.building_explore_once) g.buildingDone[id] = 1;
  g.exploreExtra[h] = r.building_explore_once ? 0 : r.explore_mp_cost;
  const s = g.side[u];
  g.explored[s]++;
  g.actions[s * 8 + AC_EXPLORE]++;
  addVp(g, s, VS_EXPLORE, r.vp_explore);
  const card = g.deck.draw(); // −1 once spent: CARD_EMPTY's effect
  if (card <= CARD_EMPTY || g.n >= g.side.length - 1) return false;
  const nation = card === CARD_UNIT_USA ? 0 : 1;
  const solo = g.scn.solo;
  const owner = solo ? 1 - g.scn.playerSide : nation;
  const lu = g.addUnit(owner, T_LOCAL, h, r.local_health, true);
  g.tally.reinforce(owner, T_LOCAL, r.local_health);
  g.rangeNow[lu] = effectiveRange(g, lu);
  g.actions[owner * 8 + AC_SPAWN]++;
  // Item 72: in solo every Local brings a Regular of the bot (even when a bot unit explored).
  if (solo) spawnRegular(g, h, fromHex, owner);
  if (owner === s) {
    // A friendly unit plays at once (R6): it joins this turn's activation order.
    g.order[g.orderLen++] = lu;
    return false;
  }
  // Hostile: it attacks the explorer at once (Rifle at Base, R6); the explorer's move ends.
  resolveAttack(g, lu, u, rollLuck(g));
  g.fired[lu] = 0;
  return true;
}

/** Item 72–73: a solo Regular unit of the bot, type by D8 (+1 past types in play, 8 wraps to 1). */
function spawnRegular(g: IronGame, building: number, fromHex: number, bot: number): void {
  let roll = g.rng.die(8);
  for (let tries = 0; tries < 8; tries++) {
    const t = SOLO_REGULAR_ROLL[roll - 1];
    let inPlay = false;
    for (let v = 0; v < g.n; v++) if (g.alive[v] && g.side[v] === bot && g.type[v] === t && g.local[v] === 0) inPlay = true;
    if (!inPlay) {
      const h = regularSpawnHex(g, building, fromHex, 1 - bot);
      if (h < 0 || g.n >= g.side.length) return;
      const v = g.addUnit(bot, t, h, 5, false);
      g.tally.reinforce(bot, t, 5);
      g.regular[v] = 1;
      g.rangeNow[v] = effectiveRange(g, v);
      g.actions[bot * 8 + AC_SPAWN]++;
      return;
    }
    roll = roll === 8 ? 1 : roll + 1;
  }
}

/** Sniper area test (R10): h = s + a·dir(f) + b·dir(f+1), a, b ≥ 0, 1 ≤ a + b ≤ depth. */
export function inSniperArea(g: IronGame, sHex: number, facing: number, h: number, depth: number): boolean {
  const grid = g.board.grid;
  const dq = grid.q[h] - grid.q[sHex], dr = grid.r[h] - grid.r[sHex];
  const f2 = (facing + 1) % 6;
  const q1 = DIR_DQ[facing], r1 = DIR_DR[facing], q2 = DIR_DQ[f2], r2 = DIR_DR[f2];
  const det = q1 * r2 - q2 * r1;
  const a = (dq * r2 - q2 * dr) * det, b = (q1 * dr - dq * r1) * det; // det is ±1
  return a >= 0 && b >= 0 && a + b >= 1 && a + b <= depth;
}

/**
 * Item 62, R10: mover u stepped from `prev` to `h`; each enemy Sniper whose area u just
 * entered, in LOS and range, may try once per enemy turn: a standard D8 of 1–4 fires.
 */
function sniperCheck(g: IronGame, u: number, prev: number, h: number): void {
  const r = g.scn.rules;
  for (let s = 0; s < g.n; s++) {
    if (g.alive[s] === 0 || g.type[s] !== T_SNIPER || g.side[s] === g.side[u] || g.facing[s] < 0) continue;
    if (g.oppUsed[s] >= r.sniper_opp_per_enemy_turn) continue;
    const sh = g.hex[s];
    if (!inSniperArea(g, sh, g.facing[s], h, r.sniper_area_depth) || inSniperArea(g, sh, g.facing[s], prev, r.sniper_area_depth)) continue;
    if (!canShoot(g, s, sh, h)) continue;
    g.oppUsed[s]++;
    if (g.rng.die(8) > r.sniper_opp_max_roll) continue;
    g.actions[g.side[s] * 8 + AC_OPP]++;
    resolveAttack(g, s, u, rollLuck(g));
    if (g.alive[u] === 0) return;
  }
}

/**
 * Moves u along path[0..len) (items 15–18, 22, 57, 62, R7, R17), applying what entering
 * each hex does. Stops early when u dies, is immobilised, or a hostile unit appears.
 */
export function walk(g: IronGame, u: number, len: number): void {
  walkRange(g, u, 0, len);
}

/**
 * Steps path[from..to) (item 22: a unit may stop to fire once and walk on, so a move can be
 * walked in two parts). Stops early on an Explore, death or immobility (g.stopped on Explore).
 */
export function walkRange(g: IronGame, u: number, from: number, to: number): void {
  const b = g.board, s = g.side[u], path = g.path;
  const eng = g.type[u] === T_ENGINEER && g.local[u] === 0, size = b.size;
  g.stopped = false;
  if (eng) g.cleared[s * size + g.hex[u]] = 1;
  for (let i = from; i < to; i++) {
    const prev = g.hex[u], h = path[i];
    g.hex[u] = h;
    if (eng) g.cleared[s * size + h] = 1;
    const o = b.objectiveId[h];
    if (o >= 0 && g.objSeen[s * g.objCap + o] === 0) {
      g.objSeen[s * g.objCap + o] = 1;
      addVp(g, s, VS_OBJECTIVE, g.scn.rules.vp_objective);
    }
    if (g.exploreExtra[h] !== 0 && explore(g, u, h, prev)) {
      g.stopped = true;
      return;
    }
    if (g.alive[u] === 0) return;
    sniperCheck(g, u, prev, h);
    if (g.alive[u] === 0 || immobile(g, u)) return;
  }
}

/** Item 56, R16: at the start of the side's turn each Captain lifts Shaken units on his and adjacent hexes. */
export function captainRally(g: IronGame, side: number): void {
  for (let c = 0; c < g.n; c++) {
    if (g.alive[c] !== 0 && g.side[c] === side && g.type[c] === T_CAPTAIN) rallyAround(g, c);
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
    g.actions[side * 8 + AC_RALLY]++;
  }
}

/** Item 60, R15: Medic m heals unit u (same or adjacent hex) by 2, capped; once per round. */
export function heal(g: IronGame, m: number, u: number): void {
  g.medicRound[m] = g.round;
  const v = g.hp[u] + g.scn.rules.medic_heal;
  g.hp[u] = v > g.maxHp[u] ? g.maxHp[u] : v;
  g.actions[g.side[m] * 8 + AC_HEAL]++;
}

/** The Medic's best patient in reach (most health missing, immobilised first), or −1. */
export function medicPatient(g: IronGame, m: number): number {
  if (g.type[m] !== T_MEDIC || g.local[m] || g.medicRound[m] === g.round) return -1;
  const grid = g.board.grid;
  let best = -1, bestKey = 0;
  for (let u = 0; u < g.n; u++) {
    if (g.alive[u] === 0 || g.side[u] !== g.side[m] || grid.distance(g.hex[m], g.hex[u]) > 1) continue;
    const missing = g.maxHp[u] - g.hp[u];
    if (missing <= 0) continue;
    const key = missing + (immobile(g, u) ? 10 : 0);
    if (key > bestKey) { bestKey = key; best = u; }
  }
  return best;
}

/** MP cost modifiers of unit u for the path finder (items 57, 59, 61; R13, R17). */
export function preparePath(g: IronGame, u: number): void {
  const p = g.board.path, s = g.side[u], r = g.scn.rules;
  p.clearModifiers();
  if (g.type[u] === T_RIFLEMAN && g.local[u] === 0) p.capAll = r.rifleman_cost_cap;
  if (!(g.type[u] === T_ENGINEER && g.local[u] === 0)) {
    p.capMask = g.clearedBySide[s];
    p.capValue = r.engineer_path_cap;
  }
  p.extra = g.exploreExtra;
  const blocked = g.mgBlocked;
  blocked.fill(0);
  const nb = g.board.grid.nb;
  for (let v = 0; v < g.n; v++) {
    if (g.alive[v] === 0 || g.type[v] !== T_MG || g.side[v] === s || g.facing[v] < 0) continue;
    const f = g.facing[v], c = g.hex[v];
    const h1 = nb[c * 6 + f], h2 = nb[c * 6 + ((f + 1) % 6)];
    if (h1 >= 0) blocked[h1] = 1;
    if (h2 >= 0) blocked[h2] = 1;
  }
  p.blocked = blocked;
}
