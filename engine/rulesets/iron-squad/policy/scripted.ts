/**
 * Scripted decisions (digest section 4; items 21–22, 70, 74; R20): deployment, activation
 * order, reveals, where to move, whom to shoot, facing and heals. One hex-scoring
 * procedure with the weights of policy-params.ts; `bot` follows the rulebook's solo bot.
 * Allocation-free: scores and values go through typed scratch (g.val).
 */
import { UNREACHED } from '../../../geometry/hex-path.ts';
import { attackBase, backfireChance, canShoot, expectedValue, fire, heal, immobile, medicPatient, mpAvailable, rallyAround } from '../rules/actions.ts';
import { inSniperArea, preparePath, revealSlot, walk, walkRange } from '../rules/moving.ts';
import { POL_BOT, TGT_LOWEST_HP } from './params.ts';
import type { IronGame } from '../rules/state.ts';
import { BOT_PRIORITY, T_CAPTAIN, T_ENGINEER, T_MEDIC, T_MG, T_SNIPER, TAM, TYPE_WEAPON, W_GRENADE, W_RIFLE } from '../data/units.ts';

/** VP-equivalent of a kill on top of the health it removes (item 68: 3 VP). */
const KILL_BONUS = 3;
// "No score yet" is the literal -1e9 where a best score starts: esbuild turns a module
// const into a `var` V8 cannot fold, and a loop's best score seeded from one stays boxed
// (a heap number per improvement).

/**
 * Value of a shot by a from `fromHex` at t: expected health off t plus the kill bonus,
 * minus the backfire chance; a grenade adds its splash on enemies and subtracts it on
 * friends (R12). Written to g.val[0].
 */
function shotValue(g: IronGame, a: number, fromHex: number, t: number): void {
  const base = attackBase(g, a, fromHex, g.hex[t]);
  expectedValue(g, base, g.hp[t], KILL_BONUS);
  let v = g.val[4] - backfireChance(g, base);
  g.val[1] = backfireChance(g, base);
  if (TYPE_WEAPON[g.type[a]] === W_GRENADE) {
    const grid = g.board.grid, r = g.scn.rules, th = g.hex[t];
    for (let x = 0; x < g.n; x++) {
      if (x === t || g.alive[x] === 0) continue;
      const d = grid.distance(th, x === a ? fromHex : g.hex[x]);
      if (d > 1) continue;
      expectedValue(g, base + (d === 0 ? r.splash_same_hex : r.splash_adjacent), g.hp[x], KILL_BONUS);
      const e = g.val[4];
      v += g.side[x] === g.side[a] ? -1.5 * e : e;
    }
  }
  g.val[0] = v;
}

/**
 * The target a would pick from `fromHex` (−1 none) under the side's target rule; its shot
 * value goes to g.val[0]. lowest-hp: fewest health, then the bot priority list (item 74),
 * then nearest; max-damage: the best shotValue. Shots above max_backfire are skipped.
 */
export function pickTarget(g: IronGame, a: number, fromHex: number): number {
  const p = g.scn.policies[g.side[a]], grid = g.board.grid;
  let best = -1, bestHp = 99, bestPri = 99, bestD = 99, bestV = -1e9;
  const range = g.rangeNow[a];
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i];
    if (g.alive[t] === 0 || grid.distance(fromHex, g.hex[t]) > range || !canShoot(g, a, fromHex, g.hex[t])) continue;
    shotValue(g, a, fromHex, t);
    const v = g.val[0];
    if (g.val[1] > p.maxBackfire || v <= 0) continue;
    if (p.targetRule === TGT_LOWEST_HP) {
      const hp = g.hp[t], pri = BOT_PRIORITY[g.type[t]], d = grid.distance(fromHex, g.hex[t]);
      if (hp < bestHp || (hp === bestHp && (pri < bestPri || (pri === bestPri && d < bestD)))) {
        best = t; bestHp = hp; bestPri = pri; bestD = d; bestV = v;
      }
    } else if (v > bestV) {
      best = t; bestV = v;
    }
  }
  g.val[0] = best < 0 ? 0 : bestV;
  return best;
}

/** Cover of a hex for its occupant: the TAM an enemy Rifle suffers, plus high ground (items 36, 43). */
function coverValue(g: IronGame, h: number): number {
  const c = g.board.tamColumn(h, g.scn.hillsCol);
  return (c >= 0 ? -TAM[W_RIFLE * 4 + c] : 0) + g.board.elevation[h] * 6;
}

/** Lists u's alive enemies in g.foes / g.foeHex (once per activation and after each shot). */
function listFoes(g: IronGame, u: number): void {
  let n = 0;
  const side = g.side[u];
  for (let e = 0; e < g.n; e++) {
    if (g.alive[e] === 0 || g.side[e] === side) continue;
    g.foes[n] = e;
    g.foeHex[n++] = g.hex[e];
  }
  g.foeCount = n;
}

/** The nearest listed enemy to hex h, −1 none. */
function nearestEnemy(g: IronGame, h: number): number {
  const grid = g.board.grid;
  let best = -1, bd = 1 << 20;
  for (let i = 0; i < g.foeCount; i++) {
    const d = grid.distance(h, g.foeHex[i]);
    if (d < bd) { bd = d; best = g.foes[i]; }
  }
  return best;
}

/** Listed enemies that could reach and shoot hex h next turn (range + 2 hexes of movement). */
function exposure(g: IronGame, h: number): number {
  const grid = g.board.grid;
  let n = 0;
  for (let i = 0; i < g.foeCount; i++) if (grid.distance(h, g.foeHex[i]) <= g.rangeNow[g.foes[i]] + 2) n++;
  return n;
}

/**
 * R20, item 74: the bot's target is the lowest-health enemy it can shoot from some hex it
 * can reach (ties: priority list, then nearest); if none, the lowest-health enemy overall
 * (ties: nearest, then priority), to close in on. Returns −1 when no enemy is left;
 * g.val[2] = 1 when the target can be shot this turn.
 */
function botTarget(g: IronGame, u: number): number {
  const p = g.board.path, grid = g.board.grid, here = g.hex[u];
  let best = -1, bHp = 99, bPri = 99, bD = 1 << 20, shootable = 0;
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i];
    let can = 0;
    if (g.fired[u] === 0) for (let i = 0; i < p.reachedCount && can === 0; i++) if (canShoot(g, u, p.reached[i], g.hex[t])) can = 1;
    const hp = g.hp[t], pri = BOT_PRIORITY[g.type[t]], d = grid.distance(here, g.hex[t]);
    let better: boolean;
    if (can !== shootable) better = can > shootable;
    else if (hp !== bHp) better = hp < bHp;
    else if (can) better = pri < bPri || (pri === bPri && d < bD);
    else better = d < bD || (d === bD && pri < bPri);
    if (better) { best = t; bHp = hp; bPri = pri; bD = d; shootable = can; }
  }
  g.val[2] = shootable;
  return best;
}

/** Picks the end hex of u's move among the hexes the last search reached. */
function chooseDestination(g: IronGame, u: number, mp: number): number {
  const p = g.board.path, side = g.side[u], pol = g.scn.policies[side], grid = g.board.grid, r = g.scn.rules;
  if (pol.kind === POL_BOT) {
    const t = botTarget(g, u);
    if (t < 0) return g.hex[u];
    const can = g.val[2] === 1;
    let best = g.hex[u], bs = -1e9;
    for (let i = 0; i < p.reachedCount; i++) {
      const h = p.reached[i];
      let s: number;
      if (can) {
        if (!canShoot(g, u, h, g.hex[t])) continue;
        shotValue(g, u, h, t);
        s = 10000 * g.val[0];
      } else s = -100 * grid.distance(h, g.hex[t]);
      s += coverValue(g, h) - 0.01 * p.cost[h];
      if (s > bs) { bs = s; best = h; }
    }
    return best;
  }
  const ne = nearestEnemy(g, g.hex[u]);
  const mh = g.missionHex[side];
  // R19: the enemy's mission card is secret unless the full-information mode is on.
  const eh = r.full_information && pol.denyWeight > 0 ? g.missionHex[1 - side] : -1;
  const revealCost = r.reveal_mp_cost;
  let best = g.hex[u], bs = -1e9;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i];
    let s = pol.coverWeight * coverValue(g, h) - 0.01 * p.cost[h];
    if (g.fired[u] === 0 && pol.attackWeight > 0) {
      pickTarget(g, u, h);
      s += pol.attackWeight * g.val[0];
    }
    if (mh >= 0 && pol.objectiveWeight > 0) s -= pol.objectiveWeight * grid.distance(h, mh);
    if (eh >= 0) s -= pol.denyWeight * grid.distance(h, eh);
    if (pol.vpWeight > 0) {
      let vp = 0;
      if (g.exploreExtra[h] !== 0) vp += r.vp_explore;
      const o = g.board.objectiveId[h];
      if (o >= 0 && g.objSeen[side * g.objCap + o] === 0) vp += r.vp_objective;
      if (pol.revealsPerActivation > 0 && p.cost[h] + revealCost <= mp && g.board.revealableSlots(h, g.slots) > 0) vp += r.vp_reveal;
      s += pol.vpWeight * vp;
    }
    if (pol.exposureWeight > 0) s -= pol.exposureWeight * exposure(g, h);
    if (ne >= 0 && pol.approachWeight > 0) s -= pol.approachWeight * grid.distance(h, g.hex[ne]);
    if (s > bs) { bs = s; best = h; }
  }
  return best;
}

/** Reveals up to the policy's limit of face-down tiles next to u (item 15). Returns MP left. */
function reveals(g: IronGame, u: number, mp: number, limit: number): number {
  const cost = g.scn.rules.reveal_mp_cost;
  for (let k = 0; k < limit && mp >= cost; k++) {
    if (g.board.revealableSlots(g.hex[u], g.slots) === 0) break;
    if (!revealSlot(g, u, g.slots[0])) break;
    mp -= cost;
  }
  return mp;
}

/** Shoots the policy's target from where u stands, if any (item 22: once per activation). */
function tryFire(g: IronGame, u: number): void {
  if (g.fired[u] !== 0 || g.alive[u] === 0) return;
  listFoes(g, u);
  const t = pickTarget(g, u, g.hex[u]);
  if (t >= 0) fire(g, u, t);
}

/**
 * Item 22: where along u's path to fire: 0 before the first step, k after path[k − 1], when
 * the shot there is better than the shot from the end hex; −1 to fire at the end. The foes
 * list is the one the destination was chosen with.
 */
export function fireStop(g: IronGame, u: number, len: number): number {
  pickTarget(g, u, g.path[len - 1]); // g.val[0]: the best shot's value from a hex, 0 for none
  let bestV = g.val[0], best = -1;
  for (let k = 0; k < len; k++) { // k = 0: before the first step; k: after path[k − 1]
    pickTarget(g, u, k === 0 ? g.hex[u] : g.path[k - 1]);
    if (g.val[0] > bestV) { bestV = g.val[0]; best = k; }
  }
  return best;
}

/** Items 59, 62, R10: MG and Sniper face the vertex whose cone holds the nearest enemy. */
function setFacing(g: IronGame, u: number): void {
  const ty = g.type[u];
  if ((ty !== T_MG && ty !== T_SNIPER) || g.local[u] !== 0) return;
  listFoes(g, u);
  const e = nearestEnemy(g, g.hex[u]);
  let f = g.side[u] === 0 ? 2 : 5;
  if (e >= 0 && g.hex[e] !== g.hex[u]) {
    for (let v = 0; v < 6; v++) {
      if (inSniperArea(g, g.hex[u], v, g.hex[e], 64)) { f = v; break; }
    }
  }
  g.facing[u] = f;
}

/** One unit's whole activation (items 21–22): reveal, fire (first or last), move, face, heal. */
export function activate(g: IronGame, u: number): void {
  const pol = g.scn.policies[g.side[u]];
  g.activated[u] = 1;
  // R16 "activation": the Captain rallies as his activation begins, before he moves.
  if (g.scn.rallyOnActivation && g.type[u] === T_CAPTAIN && g.local[u] === 0) rallyAround(g, u);
  let mp = mpAvailable(g, u);
  if (pol.revealsPerActivation > 0) mp = reveals(g, u, mp, pol.revealsPerActivation);
  if (pol.fireFirst) tryFire(g, u);
  if (mp > 0 && g.alive[u] !== 0) {
    preparePath(g, u);
    listFoes(g, u);
    const p = g.board.path;
    p.reach(g.hex[u], mp);
    const dest = chooseDestination(g, u, mp);
    if (dest !== g.hex[u] && p.cost[dest] !== UNREACHED) {
      const spent = p.cost[dest];
      const len = p.pathTo(dest, g.path);
      const stop = pol.fireMidMove && g.fired[u] === 0 ? fireStop(g, u, len) : -1;
      if (stop >= 0) {
        walkRange(g, u, 0, stop); // item 22: move, fire, move on
        if (g.alive[u] !== 0 && !g.stopped) tryFire(g, u);
        if (g.alive[u] !== 0 && !g.stopped && !immobile(g, u)) walkRange(g, u, stop, len);
      } else walk(g, u, len);
      mp -= spent;
      if (g.alive[u] !== 0 && pol.revealsPerActivation > 0 && !g.stopped) reveals(g, u, mp, pol.revealsPerActivation);
    }
  }
  tryFire(g, u);
  if (g.alive[u] === 0) return;
  setFacing(g, u);
  const m = medicPatient(g, u);
  if (m >= 0) heal(g, u, m);
}

/** R15 timing: at the start of the turn a Medic heals at once if a patient misses 2+ health or is immobilised. */
export function medicsAtTurnStart(g: IronGame, side: number): void {
  for (let m = 0; m < g.n; m++) {
    if (g.alive[m] === 0 || g.side[m] !== side || g.type[m] !== T_MEDIC) continue;
    const u = medicPatient(g, m);
    if (u >= 0 && (g.maxHp[u] - g.hp[u] >= 2 || g.hp[u] === 1)) heal(g, m, u);
  }
}

/**
 * R15 with rules.medic_reactive (G15: "any time during the round"): the Medics of `side`
 * during the enemy's turn. After each enemy activation a Medic who has not healed this round
 * heals a patient in reach who is immobilised or 2+ health down (the turn-start rule); at
 * the end of the enemy's turn, when it closes the round (`closesRound`), he heals whoever in
 * reach is hurt at all, since the heal would otherwise be lost with the round.
 */
export function medicsReact(g: IronGame, side: number, closesRound: boolean): void {
  for (let m = 0; m < g.n; m++) {
    if (g.alive[m] === 0 || g.side[m] !== side || g.type[m] !== T_MEDIC) continue;
    const u = medicPatient(g, m);
    if (u >= 0 && (closesRound || g.maxHp[u] - g.hp[u] >= 2 || g.hp[u] === 1)) heal(g, m, u);
  }
}

/** Item 21: this turn's activation order: Engineer first (his path helps the rest), Medic last. */
export function buildOrder(g: IronGame, side: number): void {
  let n = 0;
  for (let rank = 0; rank < 3; rank++) {
    for (let u = 0; u < g.n; u++) {
      if (g.alive[u] === 0 || g.side[u] !== side) continue;
      const ty = g.local[u] ? -1 : g.type[u];
      const k = ty === T_ENGINEER ? 0 : ty === T_MEDIC ? 2 : 1;
      if (k === rank) g.order[n++] = u;
    }
  }
  g.orderLen = n;
  g.orderPos = 0;
}

/**
 * Items 5–6: places the side's units on passable hexes of its zone. deploy_depth 0 picks
 * around the front rows, 1 around the back rows; each unit draws from a window of about
 * half the candidates (hidden deployment: the enemy's positions are not read).
 */
export function deploySide(g: IronGame, side: number, first: number, count: number): void {
  const zone = g.zoneHexes[side], b = g.board;
  let n = 0;
  for (let i = 0; i < zone.length; i++) if (b.enterCost[zone[i]] < 255) g.cand[n++] = zone[i];
  if (n === 0) return;
  const depth = g.scn.policies[side].deployDepth;
  const win = n > 1 ? (n + 1) >> 1 : 1;
  const start = Math.round(depth * (n - win));
  for (let u = first; u < first + count; u++) g.hex[u] = g.cand[start + g.prng.below(win)]; // the player's choice: the policy stream
}
