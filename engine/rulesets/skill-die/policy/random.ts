/**
 * The `random` policy: every §4 decision uniformly at random among legal ones, drawn from
 * env.policy (g.prng) so the rules' dice stay paired with the other policies'.
 */
import { MAX_WEAPONS } from '../data/roster.ts';
import { T_DRONE } from '../data/catalogue.ts';
import { canAct, canMove, doAttack, doControlDrone, doEwScan, doInitiativeSignal, doMainEffort, doMove, doRevive, doSignalTarget } from '../rules/actions.ts';
import { targetable } from '../rules/attack.ts';
import { ACTIVE, CASUALTY, type SkillGame } from '../rules/state.ts';
import { place } from './scripted.ts';
import { shuffleRange } from '../../../dice.ts';

export function deployRandom(g: SkillGame, side: number): void {
  const s = g.scn, T = g.table, f0 = s.first[side], f1 = f0 + s.count[side], d = s.rules.deploy_depth_in;
  for (let u = f0; u < f1; u++) {
    const x = 0.5 + g.prng.float() * (T.width - 1), y = 0.5 + g.prng.float() * (d - 0.5);
    place(g, u, side === 0 ? x : T.width - x, side === 0 ? y : T.height - y); // side 1: the 180° rotation
  }
}

export function orderRandom(g: SkillGame, side: number): void {
  const s = g.scn, f0 = s.first[side], n = s.count[side];
  for (let i = 0; i < n; i++) g.order[i] = f0 + i;
  g.orderLen = n;
  shuffleRange(g.prng, g.order, 0, n);
}

/** A random point within u's Move, into SLOT_DEST. */
function randomDest(g: SkillGame, u: number): void {
  const T = g.table, r = g.moveNow[u] * Math.sqrt(g.prng.float()), a = g.prng.float() * 2 * Math.PI;
  let x = T.px[u] + r * Math.cos(a), y = T.py[u] + r * Math.sin(a);
  x = x < 0.5 ? 0.5 : x > T.width - 0.5 ? T.width - 0.5 : x;
  y = y < 0.5 ? 0.5 : y > T.height - 0.5 ? T.height - 0.5 : y;
  T.setPoint(g.SLOT_DEST, x, y);
}

/** A random weapon and a random target for it (possibly none): attacks if legal. */
function randomAttack(g: SkillGame, a: number): boolean {
  const s = g.scn;
  const k = g.prng.below(MAX_WEAPONS), w = s.uWeapons[a * MAX_WEAPONS + k];
  if (w < 0) return false;
  const o = 1 - s.side[a], f0 = s.first[o], f1 = f0 + s.count[o];
  let n = 0;
  for (let t = f0; t < f1; t++) if (targetable(g, a, t, w) !== 0) g.cand[n++] = t;
  if (n === 0) return false;
  g.cand[0] = g.cand[g.prng.below(n)];
  return doAttack(g, a, w, 1);
}

/** One random step of the Action kind `k` (0..6); true if it was legal and taken. */
function randomAction(g: SkillGame, u: number, k: number): boolean {
  const s = g.scn, side = s.side[u], f0 = s.first[side], f1 = f0 + s.count[side];
  switch (k) {
    case 0: return randomAttack(g, u);
    case 1: {
      const o = 1 - side, t = s.first[o] + g.prng.below(s.count[o]);
      return doSignalTarget(g, u, t);
    }
    case 2: return doMainEffort(g, u, f0 + g.prng.below(f1 - f0));
    case 3: return doInitiativeSignal(g, u);
    case 4: {
      for (let t = f0; t < f1; t++) if (g.status[t] === CASUALTY && doRevive(g, u, t)) return true;
      return false;
    }
    case 5: return doEwScan(g, u);
    default: return doControlDrone(g, u);
  }
}

export function activateRandom(g: SkillGame, u: number): void {
  const before = g.prng.below(2) === 0; // act before or after moving
  if (before) tryAction(g, u);
  if (g.status[u] === ACTIVE && canMove(g, u) && g.prng.below(4) !== 0) {
    randomDest(g, u);
    doMove(g, u);
  }
  if (!before && g.status[u] === ACTIVE) tryAction(g, u);
  if (g.status[u] === ACTIVE && g.scn.uType[u] !== T_DRONE && canMove(g, u) && g.prng.below(4) === 0) {
    randomDest(g, u);
    doMove(g, u);
  }
}

/** Tries a random Action kind (or holds it, 1 time in 8). */
function tryAction(g: SkillGame, u: number): void {
  if (!canAct(g, u) || g.prng.below(8) === 0) return;
  const k = g.prng.below(7);
  if (!randomAction(g, u, k) && k !== 0) randomAttack(g, u);
}

export function reactRandom(g: SkillGame, r: number): boolean {
  if (g.prng.below(2) === 0) return false;
  if (g.scn.reactAttack && randomAttack(g, r)) return true;
  if (!g.scn.reactMove) return false;
  randomDest(g, r);
  return doMove(g, r);
}
