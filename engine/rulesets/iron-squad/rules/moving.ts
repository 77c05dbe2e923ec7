/**
 * Moving on the board (items 15–18, 22, 57, 59, 62, 71–73; R6, R7, R10, R17): revealing
 * tiles, exploring Buildings and what a card spawns, walking a path hex by hex with Sniper
 * opportunity attacks, and the path finder's MP modifiers. No decisions: policies choose;
 * these apply. Allocation-free, integer arguments.
 */
import { DIR_DQ, DIR_DR } from '../../../geometry/hex.ts';
import { CARD_EMPTY, CARD_UNIT_USA } from '../data/board-data.ts';
import { MAX_UNITS, type IronGame } from './state.ts';
import { SOLO_REGULAR_ROLL, T_ENGINEER, T_LOCAL, T_MG, T_RIFLEMAN, T_SNIPER } from '../data/units.ts';
import { AC_EXPLORE, AC_OPP, AC_REVEAL, AC_SPAWN, addVp, canShoot, effectiveRange, immobile, resolveAttack, rollLuck, VS_EXPLORE, VS_OBJECTIVE, VS_REVEAL } from './actions.ts';

/** Item 15: spends the reveal MP, lays the slot's next tile, +1 VP. Returns false if nothing was revealed. */
export function revealSlot(g: IronGame, u: number, slot: number): boolean {
  const b = g.board;
  if (b.reveal(slot, b.randomRotation(slot, g.rng)) < 0) return false;
  g.losCache.epoch++;
  const s = g.side[u];
  g.tiles[s]++;
  g.count.actions.add(s, AC_REVEAL);
  addVp(g, s, VS_REVEAL, g.scn.rules.vp_reveal);
  refreshExploreSlot(g, slot);
  return true;
}

/** refreshExploreExtra on the hexes of one slot: after a reveal nothing else changed (explore() keeps its own hex). */
function refreshExploreSlot(g: IronGame, slot: number): void {
  const b = g.board, x = g.exploreExtra, cost = g.scn.rules.explore_mp_cost;
  const once = g.scn.rules.building_explore_once;
  for (let k = b.slotStart[slot]; k < b.slotStart[slot + 1]; k++) {
    const h = b.slotHexes[k], id = b.buildingId[h];
    x[h] = id >= 0 && (!once || g.buildingDone[id] === 0) ? cost : 0;
  }
  b.path.inputs++; // the explore MP is a path finder input (reach.ts)
}

/** The explore MP on every Building that can still be explored (item 17, R7). */
export function refreshExploreExtra(g: IronGame): void {
  const b = g.board, x = g.exploreExtra, cost = g.scn.rules.explore_mp_cost;
  const once = g.scn.rules.building_explore_once;
  for (let h = 0; h < b.size; h++) {
    const id = b.buildingId[h];
    x[h] = id >= 0 && (!once || g.buildingDone[id] === 0) ? cost : 0;
  }
  b.path.inputs++; // the explore MP is a path finder input (reach.ts)
}

/** R17: the Engineers' cleared hexes are forgotten at the end of the round (a path finder input: reach.ts). */
export function forgetClearedPaths(g: IronGame): void {
  g.cleared.fill(0);
  g.board.path.inputs++;
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
  g.board.path.inputs++;
  const s = g.side[u];
  g.explored[s]++;
  g.count.actions.add(s, AC_EXPLORE);
  addVp(g, s, VS_EXPLORE, r.vp_explore);
  const card = g.deck.draw(); // −1 once spent: CARD_EMPTY's effect
  if (card <= CARD_EMPTY || g.n >= g.side.length - 1) return false;
  const nation = card === CARD_UNIT_USA ? 0 : 1;
  const solo = g.scn.solo;
  const owner = solo ? 1 - g.scn.playerSide : nation;
  const lu = g.addUnit(owner, T_LOCAL, h, r.local_health, true);
  g.tally.reinforce(owner, T_LOCAL, r.local_health);
  g.rangeNow[lu] = effectiveRange(g, lu);
  g.count.actions.add(owner, AC_SPAWN);
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
      g.count.actions.add(bot, AC_SPAWN);
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
 * Side s's alive Snipers with a facing, in unit order, into g.dec.snipers; returns how
 * many. They are sniperCheck's candidates for a whole walk: no Sniper is placed or faced
 * during one (a spawned unit has no facing), so a unit not listed never qualifies.
 */
function listSnipers(g: IronGame, s: number): number {
  const out = g.dec.snipers, all = g.byType, at = T_SNIPER * MAX_UNITS, count = g.typeCount[T_SNIPER];
  let n = 0;
  for (let k = 0; k < count; k++) {
    const v = all[at + k];
    if (g.alive[v] !== 0 && g.side[v] === s && g.facing[v] >= 0) out[n++] = v;
  }
  return n;
}

/**
 * Item 62, R10: mover u stepped from `prev` to `h`; each enemy Sniper whose area u just
 * entered, in LOS and range, may try once per enemy turn: a standard D8 of 1–4 fires.
 * The Snipers are the walk's listed ones (listSnipers), tested again as they stand now.
 */
function sniperCheck(g: IronGame, u: number, prev: number, h: number, count: number): void {
  const r = g.scn.rules, list = g.dec.snipers;
  for (let k = 0; k < count; k++) {
    const s = list[k];
    if (g.alive[s] === 0 || g.type[s] !== T_SNIPER || g.side[s] === g.side[u] || g.facing[s] < 0) continue;
    if (g.oppUsed[s] >= r.sniper_opp_per_enemy_turn) continue;
    const sh = g.hex[s];
    if (!inSniperArea(g, sh, g.facing[s], h, r.sniper_area_depth) || inSniperArea(g, sh, g.facing[s], prev, r.sniper_area_depth)) continue;
    if (!canShoot(g, s, sh, h)) continue;
    g.oppUsed[s]++;
    if (g.rng.die(8) > r.sniper_opp_max_roll) continue;
    g.count.actions.add(g.side[s], AC_OPP);
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
  // Only a faced enemy Sniper can fire at a mover, and none is placed or faced during a walk.
  const snipers = listSnipers(g, 1 - s);
  g.stopped = false;
  // Cleared hexes are a path finder input (capMask, reach.ts): every write bumps its key.
  if (eng) { g.cleared[s * size + g.hex[u]] = 1; b.path.inputs++; }
  for (let i = from; i < to; i++) {
    const prev = g.hex[u], h = path[i];
    g.hex[u] = h;
    if (eng) { g.cleared[s * size + h] = 1; b.path.inputs++; }
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
    if (snipers !== 0) sniperCheck(g, u, prev, h, snipers);
    if (g.alive[u] === 0 || immobile(g, u)) return;
  }
}

/** MP cost modifiers of unit u for the path finder (items 57, 59, 61; R13, R17). */
export function preparePath(g: IronGame, u: number): void {
  const p = g.board.path, s = g.side[u], r = g.scn.rules, ds = g.dec;
  // Every modifier set, as clearModifiers() and then this unit's; an array only when it
  // differs (storing an object takes a write barrier).
  p.capAll = g.type[u] === T_RIFLEMAN && g.local[u] === 0 ? r.rifleman_cost_cap : 255;
  const eng = g.type[u] === T_ENGINEER && g.local[u] === 0, mask = eng ? null : g.clearedBySide[s];
  if (p.capMask !== mask) p.capMask = mask;
  p.capValue = eng ? 255 : r.engineer_path_cap;
  if (p.extra !== g.exploreExtra) p.extra = g.exploreExtra;
  if (p.noPass !== null) p.noPass = null;
  const blocked = g.mgBlocked, list = ds.blockedHex, old = ds.blockedCount;
  // Clears only what the last call set (a new game's reset zeroes the array anyway).
  for (let k = 0; k < old; k++) blocked[list[k]] = 0;
  let n = 0, same = true; // the same list as the last call's: the same contents
  const nb = g.board.grid.nb, mgs = g.byType, at = T_MG * MAX_UNITS, count = g.typeCount[T_MG];
  for (let k = 0; k < count; k++) {
    const v = mgs[at + k];
    if (g.alive[v] === 0 || g.side[v] === s || g.facing[v] < 0) continue;
    const f = g.facing[v], c = g.hex[v];
    const h1 = nb[c * 6 + f], h2 = nb[c * 6 + ((f + 1) % 6)];
    if (h1 >= 0) { blocked[h1] = 1; if (n >= old || list[n] !== h1) same = false; list[n++] = h1; }
    if (h2 >= 0) { blocked[h2] = 1; if (n >= old || list[n] !== h2) same = false; list[n++] = h2; }
  }
  ds.blockedCount = n;
  if (!same || n !== old) p.inputs++; // blocked is a path finder input (reach.ts)
  if (p.blocked !== blocked) p.blocked = blocked;
}
