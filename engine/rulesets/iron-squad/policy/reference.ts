/**
 * The destination choice written plainly (every reached hex scored in full, in reach
 * order): the specification policy/destination.ts must match hex for hex, kept for the
 * equivalence tests (test/iron-perf-equivalence.test.ts) and not called in play.
 */
import { attackBase, backfireChance, canShoot, expectedValue } from '../rules/actions.ts';
import type { IronGame } from '../rules/state.ts';
import { BOT_PRIORITY, TYPE_WEAPON, W_GRENADE } from '../data/units.ts';
import { TGT_LOWEST_HP } from './knobs.ts';
import { approachFoe, coverValue, exposure, KILL_BONUS } from './scoring.ts';

/** scoring.ts shotValue through actions.ts attackBase, as it was first written. */
export function shotValuePlain(g: IronGame, a: number, fromHex: number, t: number): void {
  const base = attackBase(g, a, fromHex, g.hex[t]), mb = g.dec.missionBonus;
  expectedValue(g, base, g.hp[t], KILL_BONUS + mb[t]);
  let v = g.val[4] - backfireChance(g, base);
  g.val[1] = backfireChance(g, base);
  if (TYPE_WEAPON[g.type[a]] === W_GRENADE) {
    const grid = g.board.grid, r = g.scn.rules, th = g.hex[t];
    for (let x = 0; x < g.n; x++) {
      if (x === t || g.alive[x] === 0) continue;
      const d = grid.distance(th, x === a ? fromHex : g.hex[x]);
      if (d > 1) continue;
      expectedValue(g, base + (d === 0 ? r.splash_same_hex : r.splash_adjacent), g.hp[x], KILL_BONUS + mb[x]);
      const e = g.val[4];
      v += g.side[x] === g.side[a] ? -1.5 * e : e;
    }
  }
  g.val[0] = v;
}

/** scoring.ts pickTarget through actions.ts canShoot and shotValuePlain. */
export function pickTargetPlain(g: IronGame, a: number, fromHex: number): number {
  const p = g.scn.policies[g.side[a]], grid = g.board.grid;
  let best = -1, bestHp = 99, bestPri = 99, bestD = 99, bestV = -1e9;
  const range = g.rangeNow[a];
  for (let i = 0; i < g.foeCount; i++) {
    const t = g.foes[i];
    if (g.alive[t] === 0 || grid.distance(fromHex, g.hex[t]) > range || !canShoot(g, a, fromHex, g.hex[t])) continue;
    shotValuePlain(g, a, fromHex, t);
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

/**
 * R20, item 74: the bot's target is the lowest-health enemy it can shoot from some hex it
 * can reach (ties: priority list, then nearest); if none, the lowest-health enemy overall
 * (ties: nearest, then priority), to close in on. Returns −1 when no enemy is left;
 * g.val[2] = 1 when the target can be shot this turn.
 */
export function botTargetPlain(g: IronGame, u: number): number {
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

/**
 * Picks the end hex of u's move among the hexes the last search reached (foes listed).
 * Non-bot policies: each reached hex's score goes to scores[i] when given (for the tests).
 */
export function chooseDestinationPlain(g: IronGame, u: number, mp: number, scores?: Float64Array): number {
  const p = g.board.path, side = g.side[u], pol = g.scn.policies[side], grid = g.board.grid, r = g.scn.rules;
  if (pol.player === 'bot') { // tests only: the bot is its own player (players.ts)
    const t = botTargetPlain(g, u);
    if (t < 0) return g.hex[u];
    const can = g.val[2] === 1;
    let best = g.hex[u], bs = -1e9;
    for (let i = 0; i < p.reachedCount; i++) {
      const h = p.reached[i];
      let s: number;
      if (can) {
        if (!canShoot(g, u, h, g.hex[t])) continue;
        shotValuePlain(g, u, h, t);
        s = 10000 * g.val[0];
      } else s = -100 * grid.distance(h, g.hex[t]);
      s += coverValue(g, h) - 0.01 * p.cost[h];
      if (s > bs) { bs = s; best = h; }
    }
    return best;
  }
  const ai = approachFoe(g, u), ne = ai < 0 ? -1 : g.foes[ai];
  const mh = g.missionHex[side];
  // R19: the enemy's mission card is secret unless the full-information mode is on.
  const eh = r.full_information && pol.denyWeight > 0 ? g.missionHex[1 - side] : -1;
  const revealCost = r.reveal_mp_cost;
  let best = g.hex[u], bs = -1e9;
  for (let i = 0; i < p.reachedCount; i++) {
    const h = p.reached[i];
    let s = pol.coverWeight * coverValue(g, h) - 0.01 * p.cost[h];
    if (g.fired[u] === 0 && pol.attackWeight > 0) {
      pickTargetPlain(g, u, h);
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
    if (scores) scores[i] = s;
    if (s > bs) { bs = s; best = h; }
  }
  return best;
}

/** policy/scripted.ts fireStop through the plain pickTarget (the specification of the memo one). */
export function fireStopPlain(g: IronGame, u: number, len: number): number {
  pickTargetPlain(g, u, g.path[len - 1]);
  let bestV = g.val[0], best = -1;
  for (let k = 0; k < len; k++) {
    pickTargetPlain(g, u, k === 0 ? g.hex[u] : g.path[k - 1]);
    if (g.val[0] > bestV) { bestV = g.val[0]; best = k; }
  }
  return best;
}
