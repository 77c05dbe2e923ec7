/**
 * What the scripted policy scores (digest section 4; items 22, 36, 43, 68, 74): a shot's
 * value, the target a unit would pick from a hex, a hex's cover, the moving unit's foes.
 * The plain functions work on any state; the memo ones (shotSlot, pickTargetMemo) reuse
 * shot values within one decision, while no unit moves, and give the same doubles.
 * Allocation-free: doubles go through typed scratch (g.val).
 */
import { backfireChance, expectedValue } from '../rules/actions.ts';
import { baseAccuracy } from '../rules/combat.ts';
import { dist } from '../rules/board-cache.ts';
import type { IronGame } from '../rules/state.ts';
import { BOT_PRIORITY, DAM, T_GRENADIER, TAM, TYPE_WEAPON, W_GRENADE, W_RIFLE } from '../data/units.ts';
import { TGT_LOWEST_HP } from './knobs.ts';

/** VP-equivalent of a kill on top of the health it removes (item 68: 3 VP). */
export const KILL_BONUS = 3;
// "No score yet" is the literal -1e9 where a best score starts: esbuild turns a module
// const into a `var` V8 cannot fold, and a loop's best score seeded from one stays boxed
// (a heap number per improvement).

/**
 * Value of a shot by a from `fromHex` at t: expected health off t plus the kill bonus
 * (more on a mission target: g.dec.missionBonus, policy/mission.ts), minus the backfire chance; a grenade adds its splash on enemies and subtracts it on
 * friends (R12). Written to g.val[0], the backfire chance to g.val[1]. It depends on
 * fromHex only through the elevation case and the distance (shotValueAt).
 */
export function shotValue(g: IronGame, a: number, fromHex: number, t: number): void {
  const b = g.board, th = g.hex[t];
  shotValueAt(g, a, t, b.elevationCase(fromHex, th), b.grid.distance(fromHex, th));
}

/** actions.ts attackBase for a shooter `d` hexes from t at elevation case `ec` (the test checks they agree). */
export function shotBase(g: IronGame, a: number, t: number, ec: number, d: number): number {
  return baseAccuracy(TYPE_WEAPON[g.type[a]], g.board.tamColumn(g.hex[t], g.scn.hillsCol), ec, d, g.hp[a], g.local[a] === 1, g.night ? g.scn.rules.night_modifier : 0);
}

/** shotValue from any hex `d` hexes from t at elevation case `ec` (board.elevationCase). */
export function shotValueAt(g: IronGame, a: number, t: number, ec: number, d: number): void {
  const base = shotBase(g, a, t, ec, d), mb = g.dec.missionBonus;
  expectedValue(g, base, g.hp[t], KILL_BONUS + mb[t]);
  let v = g.val[4] - backfireChance(g, base);
  g.val[1] = backfireChance(g, base);
  if (TYPE_WEAPON[g.type[a]] === W_GRENADE) {
    const grid = g.board.grid, r = g.scn.rules, th = g.hex[t];
    for (let x = 0; x < g.n; x++) {
      if (x === t || g.alive[x] === 0) continue;
      const dx = x === a ? d : grid.distance(th, g.hex[x]);
      if (dx > 1) continue;
      expectedValue(g, base + (dx === 0 ? r.splash_same_hex : r.splash_adjacent), g.hp[x], KILL_BONUS + mb[x]);
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
  const p = g.scn.policies[g.side[a]], b = g.board;
  let best = -1, bestHp = 99, bestPri = 99, bestD = 99, bestV = -1e9;
  const range = g.rangeNow[a], reach = range < 4 ? range : 4, noLos = g.type[a] === T_GRENADIER;
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i], th = g.hex[t], d = dist(b, th, fromHex);
    // actions.ts canShoot: in range (at most 4), then LOS unless adjacent or a grenade.
    if (g.alive[t] === 0 || d > reach || (d > 1 && !noLos && !g.los(fromHex, th))) continue;
    shotValueAt(g, a, t, elevCase(b.elevation, fromHex, th, d), d); // shotValue with the distance at hand
    const v = g.val[0];
    if (g.val[1] > p.maxBackfire || v <= 0) continue;
    if (p.targetRule === TGT_LOWEST_HP) {
      const hp = g.hp[t], pri = BOT_PRIORITY[g.type[t]];
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

/**
 * shotValueAt of a at listed foe fi through the decision's memo (g.dec.newShots() starts
 * one), keyed by (fi, elevation case, distance ≤ 4): valid while nobody moves or is hurt.
 * Returns the memo slot k: value g.dec.shotV[k], backfire g.dec.shotB[k]. Small, so it is
 * inlined and a memoised shot costs no call (fillShot runs once per slot and decision).
 */
export function shotSlot(g: IronGame, a: number, fi: number, ec: number, d: number): number {
  const ds = g.dec, k = (fi * 3 + ec) * 5 + d;
  if (ds.shotStamp[k] !== ds.shotEpoch) fillShot(g, a, fi, ec, d, k);
  return k;
}

/**
 * shotBase of a at listed foe fi less its distance and elevation terms: every term of
 * baseAccuracy is an integer, so shotBase(ec, d) = this + DAM[w * 5 + d] + the EAM of ec,
 * exactly (policy/destination.ts shotBounds fills the memo from it).
 */
export function foeBase(g: IronGame, a: number, fi: number): number {
  return shotBase(g, a, g.foes[fi], 0, 0) - DAM[TYPE_WEAPON[g.type[a]] * 5];
}

/**
 * fillShot for a shooter without splash (not a grenade) at base accuracy `base`, its
 * target's health hp and kill value kv (KILL_BONUS + mission bonus): shotValueAt's doubles.
 */
export function fillShotAt(g: IronGame, k: number, base: number, hp: number, kv: number): void {
  const ds = g.dec;
  expectedValue(g, base, hp, kv);
  const bf = backfireChance(g, base), v = g.val[4] - bf;
  g.val[0] = v;
  g.val[1] = bf;
  ds.shotStamp[k] = ds.shotEpoch;
  ds.shotV[k] = v;
  ds.shotB[k] = bf;
}

function fillShot(g: IronGame, a: number, fi: number, ec: number, d: number, k: number): void {
  const ds = g.dec;
  shotValueAt(g, a, g.foes[fi], ec, d);
  ds.shotStamp[k] = ds.shotEpoch;
  ds.shotV[k] = g.val[0];
  ds.shotB[k] = g.val[1];
}

/** board.elevationCase of a shot from fromHex at th, d hexes apart (0 level or same hex, 1 from above, 2 from below). */
export function elevCase(el: Int8Array, fromHex: number, th: number, d: number): number {
  const ea = el[fromHex], et = el[th];
  return d === 0 || ea === et ? 0 : ea > et ? 1 : 2;
}

/** pickTarget through the memo: same target, same g.val[0], while the listed foes stand where listed. */
export function pickTargetMemo(g: IronGame, a: number, fromHex: number): number {
  const p = g.scn.policies[g.side[a]], b = g.board;
  let best = -1, bestHp = 99, bestPri = 99, bestD = 99, bestV = -1e9;
  const range = g.rangeNow[a], reach = range < 4 ? range : 4, noLos = g.type[a] === T_GRENADIER;
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i], th = g.foeHex[i];
    const d = dist(b, th, fromHex);
    if (g.alive[t] === 0 || d > reach || (d > 1 && !noLos && !g.los(fromHex, th))) continue;
    const k = shotSlot(g, a, i, elevCase(g.board.elevation, fromHex, th, d), d);
    const v = g.dec.shotV[k];
    if (g.dec.shotB[k] > p.maxBackfire || v <= 0) continue;
    if (p.targetRule === TGT_LOWEST_HP) {
      const hp = g.hp[t], pri = BOT_PRIORITY[g.type[t]];
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
export function coverValue(g: IronGame, h: number): number {
  const c = g.board.tamColumn(h, g.scn.hillsCol);
  return (c >= 0 ? -TAM[W_RIFLE * 4 + c] : 0) + g.board.elevation[h] * 6;
}

/** Lists u's alive enemies in g.foes / g.foeHex (once per activation and after each shot). */
export function listFoes(g: IronGame, u: number): void {
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
export function nearestEnemy(g: IronGame, h: number): number {
  const grid = g.board.grid;
  let best = -1, bd = 1 << 20;
  for (let i = 0; i < g.foeCount; i++) {
    const d = grid.distance(h, g.foeHex[i]);
    if (d < bd) { bd = d; best = g.foes[i]; }
  }
  return best;
}

/**
 * The listed foe (its index in g.foes) the approach term closes in on: the nearest to u,
 * first listed on a tie; with hunt_mission, the nearest of those whose death advances u's
 * mission (g.dec.missionMark), when any is listed. −1 when none is listed.
 */
export function approachFoe(g: IronGame, u: number): number {
  const b = g.board, here = g.hex[u], mark = g.dec.missionMark;
  const hunt = g.scn.policies[g.side[u]].huntMission;
  let near = -1, nd = 1 << 20, marked = false;
  for (let i = 0; i < g.foeCount; i++) {
    const d = dist(b, here, g.foeHex[i]), m = hunt && mark[g.foes[i]] !== 0;
    if (m && !marked) { marked = true; nd = d; near = i; } // the first marked foe outranks every unmarked one
    else if (m === marked && d < nd) { nd = d; near = i; }
  }
  return near;
}

/** Listed enemies that could reach and shoot hex h next turn (range + 2 hexes of movement). */
export function exposure(g: IronGame, h: number): number {
  const grid = g.board.grid;
  let n = 0;
  for (let i = 0; i < g.foeCount; i++) if (grid.distance(h, g.foeHex[i]) <= g.rangeNow[g.foes[i]] + 2) n++;
  return n;
}
