/**
 * Scripted decisions (digest section 4; items 21–22, 70, 74; R20): deployment, activation
 * order, reveals, where to move, whom to shoot, facing and heals. One hex-scoring
 * procedure with the weights of policy/knobs.ts; `bot` follows the rulebook's solo bot.
 * Allocation-free: scores and values go through typed scratch (g.val).
 */
import { UNREACHED } from '../../../geometry/hex-path.ts';
import { hasRevealable } from '../rules/board-cache.ts';
import { fire, heal, immobile, medicPatient, mpAvailable, rallyAround } from '../rules/actions.ts';
import { inSniperArea, preparePath, revealSlot, walk, walkRange } from '../rules/moving.ts';
import { MAX_UNITS, type IronGame } from '../rules/state.ts';
import { T_CAPTAIN, T_ENGINEER, T_MEDIC, T_MG, T_SNIPER } from '../data/units.ts';
import { chooseBotDestination, chooseDestination } from './destination.ts';
import { finishingHex, markMissionTargets } from './mission.ts';
import { shotsFirst } from './order.ts';
import { medicDestination, retreatDestination } from './support.ts';
import { listFoes, nearestEnemy, pickTarget, pickTargetMemo } from './scoring.ts';

export { pickTarget } from './scoring.ts';

/** Reveals up to the policy's limit of face-down tiles next to u (item 15). Returns MP left. */
function reveals(g: IronGame, u: number, mp: number, limit: number): number {
  const cost = g.scn.rules.reveal_mp_cost;
  for (let k = 0; k < limit && mp >= cost; k++) {
    // hasRevealable first: the same answer from the face-down neighbour count, without the slot scan.
    if (!hasRevealable(g.board, g.hex[u]) || g.board.revealableSlots(g.hex[u], g.slots) === 0) break;
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
  if (t < 0) return;
  fire(g, u, t);
  markMissionTargets(g, g.side[u]); // a kill may have done the mission's kill part
}

/** Tests only (null in play): told of each target tryFireMemo picked (its value in g.val[0]), before the shot. */
export const memoShotCheck: { fn: null | ((g: IronGame, u: number, t: number) => void) } = { fn: null };

/**
 * tryFire through the move decision's foe list and shot memo (pickTargetMemo: the same
 * target and value), while they hold: only u has moved since, no unit appeared (g.n)
 * and no attack was made (g.attacks), so every listed foe stands, lives and has the
 * health it had, and u has its own; the mission bonuses change only after a shot.
 */
function tryFireMemo(g: IronGame, u: number): void {
  if (g.fired[u] !== 0 || g.alive[u] === 0) return;
  const t = pickTargetMemo(g, u, g.hex[u]);
  if (memoShotCheck.fn !== null) memoShotCheck.fn(g, u, t);
  if (t < 0) return;
  fire(g, u, t);
  markMissionTargets(g, g.side[u]); // a kill may have done the mission's kill part
}

/**
 * Item 22: where along u's path to fire: 0 before the first step, k after path[k − 1], when
 * the shot there is better than the shot from the end hex; −1 to fire at the end. The foes
 * list is the one the destination was chosen with.
 */
export function fireStop(g: IronGame, u: number, len: number): number {
  g.dec.newShots();
  return fireStopMemo(g, u, len);
}

/** fireStop with the destination choice's shot memo (nobody has moved or been hurt since). */
function fireStopMemo(g: IronGame, u: number, len: number): number {
  pickTargetMemo(g, u, g.path[len - 1]); // g.val[0]: the best shot's value from a hex, 0 for none
  let bestV = g.val[0], best = -1;
  for (let k = 0; k < len; k++) { // k = 0: before the first step; k: after path[k − 1]
    pickTargetMemo(g, u, k === 0 ? g.hex[u] : g.path[k - 1]);
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

/** The weighted player's activation (rush, farm): the end hex by the weights. */
export function activate(g: IronGame, u: number): void {
  activateWith(g, u, chooseDestination);
}

/** The solo bot's activation (items 74, R20): the end hex by the bot's rule. */
export function activateBot(g: IronGame, u: number): void {
  activateWith(g, u, chooseBotDestination);
}

/** One unit's whole activation (items 21–22): reveal, fire (first or last), move, face, heal; `choose` picks the end hex. */
function activateWith(g: IronGame, u: number, choose: (g: IronGame, u: number, mp: number) => number): void {
  const pol = g.scn.policies[g.side[u]];
  g.activated[u] = 1;
  markMissionTargets(g, g.side[u]);
  // R16 "activation": the Captain rallies as his activation begins, before he moves.
  if (g.scn.rallyOnActivation && g.type[u] === T_CAPTAIN && g.local[u] === 0) rallyAround(g, u);
  let mp = mpAvailable(g, u);
  if (pol.revealsPerActivation > 0) mp = reveals(g, u, mp, pol.revealsPerActivation);
  if (pol.fireFirst) tryFire(g, u);
  let memo = false, n0 = 0, a0 = 0; // the move decision's memo: valid while g.n and g.attacks stay n0, a0
  if (mp > 0 && g.alive[u] !== 0) {
    preparePath(g, u);
    listFoes(g, u);
    memo = true; n0 = g.n; a0 = g.attacks;
    const p = g.board.path;
    p.reach(g.hex[u], mp);
    let fin = pol.finishMission ? finishingHex(g, u) : -1; // a move the weights do not score
    if (fin < 0 && pol.medicSeeksWounded) fin = medicDestination(g, u);
    if (fin < 0 && pol.retreatHealth > 0) fin = retreatDestination(g, u);
    if (fin >= 0) g.dec.newShots(); // fireStopMemo below reads this decision's memo
    const dest = fin >= 0 ? fin : choose(g, u, mp);
    if (dest !== g.hex[u] && p.cost[dest] !== UNREACHED) {
      const spent = p.cost[dest];
      const len = p.pathTo(dest, g.path);
      const stop = pol.fireMidMove && g.fired[u] === 0 ? fireStopMemo(g, u, len) : -1;
      if (stop >= 0) {
        walkRange(g, u, 0, stop); // item 22: move, fire, move on
        if (g.alive[u] !== 0 && !g.stopped) {
          if (g.n === n0 && g.attacks === a0) tryFireMemo(g, u);
          else tryFire(g, u);
        }
        if (g.alive[u] !== 0 && !g.stopped && !immobile(g, u)) walkRange(g, u, stop, len);
      } else walk(g, u, len);
      mp -= spent;
      if (g.alive[u] !== 0 && pol.revealsPerActivation > 0 && !g.stopped) reveals(g, u, mp, pol.revealsPerActivation);
    }
  }
  if (memo && g.n === n0 && g.attacks === a0) tryFireMemo(g, u);
  else tryFire(g, u);
  if (g.alive[u] === 0) return;
  setFacing(g, u);
  const m = medicPatient(g, u);
  if (m >= 0) heal(g, u, m);
}

/** R15 timing: at the start of the turn a Medic heals at once if a patient misses 2+ health or is immobilised. */
export function medicsAtTurnStart(g: IronGame, side: number): void {
  const medics = g.byType, at = T_MEDIC * MAX_UNITS;
  for (let k = 0; k < g.typeCount[T_MEDIC]; k++) {
    const m = medics[at + k];
    if (g.alive[m] === 0 || g.side[m] !== side) continue;
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
  const medics = g.byType, at = T_MEDIC * MAX_UNITS;
  for (let k = 0; k < g.typeCount[T_MEDIC]; k++) {
    const m = medics[at + k];
    if (g.alive[m] === 0 || g.side[m] !== side) continue;
    const u = medicPatient(g, m);
    if (u >= 0 && (closesRound || g.maxHp[u] - g.hp[u] >= 2 || g.hp[u] === 1)) heal(g, m, u);
  }
}

/** Item 21: this turn's activation order: Engineer first (his path helps the rest), Medic last; shots_first orders the rest (order.ts). */
export function buildOrder(g: IronGame, side: number): void {
  let n = 0, mid = 0;
  for (let rank = 0; rank < 3; rank++) {
    if (rank === 1) mid = n;
    for (let u = 0; u < g.n; u++) {
      if (g.alive[u] === 0 || g.side[u] !== side) continue;
      const ty = g.local[u] ? -1 : g.type[u];
      const k = ty === T_ENGINEER ? 0 : ty === T_MEDIC ? 2 : 1;
      if (k === rank) g.order[n++] = u;
    }
    if (rank === 1 && g.scn.policies[side].shotsFirst) shotsFirst(g, side, mid, n);
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
