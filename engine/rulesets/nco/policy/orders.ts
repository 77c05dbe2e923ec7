/**
 * Scripted decisions (digest §4). One procedure with sweepable parameters (aggressive and
 * cautious are presets) plus `random`, which picks uniformly among legal choices. All
 * functions read the typed state and write their choice into g.pick*; nothing allocates.
 */
import {
  O_ADVANCE, O_ASSAULT, O_COVER_FIRE, O_DOWN, O_FIRE, O_HOLD, O_NONE, O_RALLY, O_RUN, type NcoGame,
} from '../rules/state.ts';
import { bestWeapon } from '../rules/weapon-choice.ts';
import { F_ADVANCE, F_COVER_ORDER, F_FOCUS } from '../rules/shooting.ts';
import { W_GRENADE, W_NO_COVER_FIRE, W_AS_COVER_FIRE, W_PISTOL } from '../data/weapons.ts';
import { bestCoverSpot, inCoverSpot } from './cover.ts';
import { highGroundSpot, onHighGround } from './high-ground.ts';
import { adjustOrderForItems } from './items.ts';
import { ritesRallyWhat } from './rites.ts';
import { objectiveMove, objectiveOrder } from './objectives.ts';
import { ensureEntered } from '../scenarios/objectives.ts';
import { nearestEnemy } from '../rules/nearest.ts';
import { assaultTarget, bestTarget, CHANCE_ONE, coverFireValue, noncombatant, randomVisibleEnemy } from './targets.ts';
import { bestShooter } from './best-shooter.ts';

// Split out by concern; re-exported for the callers that import them from here.
export { noncombatant } from './targets.ts';
export { chooseSpecial, mendChoice, wantsAmbushTrigger } from './specials.ts';
import { cancelsAmbush } from './specials.ts';

function params(g: NcoGame, s: number) {
  return g.scn.policies[s];
}

/**
 * Item 20: go Down before the to-hit roll? Scripted policies never do when Down changes
 * nothing (`futile`: an attack that ignores target modifiers) — it would only spend the die.
 */
export function wantsReactiveDown(g: NcoGame, i: number, chance: number, futile: boolean): boolean {
  const p = params(g, g.side[i]);
  if (p.random) return g.prng.below(2) === 0;
  if (futile) return false;
  return p.reactiveDownThreshold < 1 && chance >= p.reactiveDownThreshold * 1296; // chance in 1296ths
}

export function wantsAssaultResponse(g: NcoGame, i: number, _charger: number, _weapon: number): boolean {
  if (params(g, g.side[i]).random) return g.prng.below(2) === 0;
  return true;
}

/** Streak rule (item 13, R4): `chooser` names the side that receives the next die. */
export function streakChoice(g: NcoGame, chooser: number): number {
  const other = 1 - chooser;
  if (g.unordered[chooser] === 0) return other;
  if (g.unordered[other] === 0) return chooser;
  if (params(g, chooser).random) return g.prng.below(2) === 0 ? chooser : other;
  return chooser;
}

/** Rally choice (item 21): 1 = health, 2 = psyche. */
export function rallyWhat(g: NcoGame, i: number): number {
  if (g.mustRally[i]) return 2; // item 58
  const rites = ritesRallyWhat(g, i); // items 78, 79: a Rally for friends
  if (rites > 0) return rites;
  if (params(g, g.side[i]).random) return 1 + g.prng.below(2);
  const hMiss = (g.maxHealth[i] - g.health[i]) / g.maxHealth[i];
  const pMiss = (g.maxPsyche[i] - g.psyche[i]) / g.maxPsyche[i];
  return hMiss >= pMiss ? 1 : 2;
}

/** Chooses which of side s's unordered soldiers gets the drawn die, and his order. */
export function chooseOrder(g: NcoGame, s: number): void {
  const p = params(g, s);
  let i = -1, waiting = -1;
  // Item 58: soldiers who broke down last turn get Rally first. With none of them waiting
  // (the side's own range: no indirection), a scripted side takes the first soldier in
  // activation order who is not in Ambush, so the walk below may stop there.
  // actOrder keeps each side's soldiers in the side's own index range (policy/decisions.ts);
  // the walks start past the dead and ordered at its front (g.actFrom), and look for a
  // soldier who must Rally only when one had to at the turn's start.
  let rally = p.random;
  const alive = g.alive, order = g.order, mustRally = g.mustRally, act = g.actOrder, cur = g.actFrom.orderFrom;
  const hi = s === 0 ? g.split : g.n;
  let from = cur[s];
  if (!rally && g.actFrom.rally[s] !== 0) {
    for (let k = from; k < hi && !rally; k++) {
      const j = act[k];
      if (mustRally[j] && alive[j] && order[j] === O_NONE) rally = true;
    }
    // Nobody is left to Rally first this turn (only a turn's start sets mustRally; an order
    // or a death is kept to its end), so the later walks need not look again.
    if (!rally) g.actFrom.rally[s] = 0;
  }
  for (let k = from; k < hi; k++) {
    const j = act[k];
    if (!alive[j] || order[j] !== O_NONE) { if (k === from) from++; continue; }
    if (mustRally[j]) { i = j; break; }
    if (g.ambush[j] > 0) { if (waiting < 0) waiting = j; continue; }
    if (i < 0) {
      if (!p.random) i = j;
      if (!rally) break;
    }
  }
  cur[s] = from;
  if (p.random && (i < 0 || !g.mustRally[i])) i = randomUnordered(g, s);
  else if (p.fireFirst && i >= 0 && !g.mustRally[i]) i = bestShooter(g, s, i);
  if (i < 0) {
    // R5: only ambushers remain; keep waiting with the die set aside, unless the Ambush
    // is no longer worth its die (item 32: a new order cancels it).
    g.pick = waiting;
    g.pickOrder = O_HOLD;
    if (waiting >= 0 && cancelsAmbush(g, waiting)) orderFor(g, waiting);
    return;
  }
  g.pick = i;
  orderFor(g, i);
}

/** The order for soldier i, who has just been given a die (items 58, 85, 93 come first). */
export function orderFor(g: NcoGame, i: number): void {
  ensureEntered(g, i); // item 8: an off-table soldier is placed at his edge before choosing
  if (g.mustRally[i]) { g.pickOrder = O_RALLY; return; }
  if (g.mustDown[i]) { g.pickOrder = O_DOWN; g.pickTarget = -1; return; }
  if (params(g, g.side[i]).random) return randomOrder(g, i);
  scriptedOrder(g, i);
  adjustOrderForItems(g, i);
}

function randomUnordered(g: NcoGame, s: number): number {
  let m = 0;
  for (let j = 0; j < g.n; j++) if (g.side[j] === s && g.alive[j] && g.order[j] === O_NONE) g.list[m++] = j;
  return m === 0 ? -1 : g.list[g.prng.below(m)];
}

/** Uniform over legal orders, then over legal targets (items 19–28). */
function randomOrder(g: NcoGame, i: number): void {
  const ww = g.health[i] === 1;
  const nc = noncombatant(g, i);
  let m = 0;
  const opts = g.opts;
  opts[m++] = O_DOWN;
  opts[m++] = O_RALLY;
  if (!ww) { opts[m++] = O_ADVANCE; opts[m++] = O_RUN; }
  if (!nc && bestTarget(g, i, 0) > 0) opts[m++] = O_FIRE;
  if (!nc && !ww && !g.dogEvent && g.primary[i] !== 0 && !W_NO_COVER_FIRE[g.primary[i]] && bestTarget(g, i, F_COVER_ORDER) > 0) opts[m++] = O_COVER_FIRE;
  if (!nc && !ww && nearestEnemy(g, i, g.scn.rules.assault_requires_los) >= 0) opts[m++] = O_ASSAULT;
  const o = opts[g.prng.below(m)];
  g.pickOrder = o;
  g.pickTarget = -1;
  if (o === O_FIRE || o === O_COVER_FIRE) {
    randomVisibleEnemy(g, i, o === O_COVER_FIRE ? F_COVER_ORDER : 0);
  } else if (o === O_ASSAULT) {
    if (g.scn.rules.assault_requires_los) randomVisibleEnemy(g, i, -1);
    else g.pickTarget = nearestEnemy(g, i, false);
  } else if (o === O_ADVANCE || o === O_RUN) {
    const t = g.table;
    // Uniform direction and distance from integer draws (a float() result could box).
    const ang = (g.prng.below(1 << 20) / (1 << 20)) * 2 * Math.PI;
    const d = (g.prng.below(1 << 20) / (1 << 20)) * (o === O_RUN ? 2 : 1) * (g.moveIn[i] + g.moveMod);
    const w = t.width - g.r, h = t.height - g.r;
    let x = t.px[i] + Math.cos(ang) * d, y = t.py[i] + Math.sin(ang) * d;
    x = x < g.r ? g.r : x > w ? w : x;
    y = y < g.r ? g.r : y > h ? h : y;
    t.px[g.sp + 3] = x;
    t.py[g.sp + 3] = y;
    g.pickDest = g.sp + 3;
  }
}

/** The scripted procedure for one soldier's order. */
function scriptedOrder(g: NcoGame, i: number): void {
  const p = params(g, g.side[i]);
  const ww = g.health[i] === 1;
  const nc = noncombatant(g, i);
  const move = g.moveIn[i] + g.moveMod;
  g.pickTarget = -1;
  if (objectiveOrder(g, i)) return; // pickups, carriers, Bomber, pilot, objective runners
  // Near breakdown: steady the nerves first (item 21).
  if (g.psyche[i] <= 1 && g.maxPsyche[i] > 2) { g.pickOrder = O_RALLY; return; }
  if (nc) {
    if (g.health[i] < g.maxHealth[i] || g.psyche[i] < g.maxPsyche[i]) { g.pickOrder = O_RALLY; return; }
    const j = nearestEnemy(g, i, true);
    if (j >= 0 || ww) { g.pickOrder = O_DOWN; return; }
    return moveOrder(g, i, O_ADVANCE, move, false);
  }
  if (!ww) {
    const a = p.aggression >= 0.5 ? assaultTarget(g, i, 2 * move) : -1;
    if (a >= 0) { g.pickOrder = O_ASSAULT; g.pickTarget = a; return; }
  }
  const fireV = bestTarget(g, i, 0);
  const fireT = g.pickTarget, fireW = g.pickWeapon;
  // Cover Fire when the area around the best target is worth more than the aimed shot:
  // several enemies, or enemies still to act whom a hit pins Down (item 22).
  // (Not for weapons whose Fire already resolves as Cover Fire: a Fire order keeps the special action.)
  if (!ww && !g.dogEvent && fireV > 0 && fireW !== W_GRENADE && !W_NO_COVER_FIRE[g.primary[i]] && !W_AS_COVER_FIRE[g.primary[i]] && g.primary[i] !== W_PISTOL) {
    const cw = bestWeapon(g, i, fireT, F_COVER_ORDER);
    if (cw !== 0 && cw === g.primary[i] && coverFireValue(g, i, fireT, cw) * 4 > fireV * 5) {
      g.pickOrder = O_COVER_FIRE; g.pickTarget = fireT; g.pickWeapon = cw; return;
    }
  }
  // Item 70: a soldier who climbed for the +1 holds the high ground while he has a shot.
  // (Asked last: inCoverSpot only fills its exact per-position cache, so a skipped call changes nothing.)
  if (fireV >= (0.55 - 0.35 * p.aggression) * CHANCE_ONE || (fireV > 0 && (ww || holdsGround(g, i)))) {
    g.pickOrder = O_FIRE; g.pickTarget = fireT; g.pickWeapon = fireW; return;
  }
  if (ww) { g.pickOrder = fireV > 0 ? O_FIRE : O_RALLY; g.pickTarget = fireT; g.pickWeapon = fireW; return; }
  // Fighting soldiers close in by Advance, not by Run (item 25: twice as far, no shot): a
  // runner ends his move in the open without having shot and is shot first. Running at far
  // enemies cost a 0.5-aggression player 3 games in 4 against 0.45 (issue 12), and running
  // only while unseen still lost 59–41 (the end of the run is what gets seen). Only a
  // player set on the scenario's objectives (weight ≥ 0.5, where time is scored: the pilot,
  // the Bomber's support) still runs at far enemies, as an aggressive one.
  // (The nearest enemy is looked for only when the rest allows a Run.)
  const s = g.side[i];
  let run = g.obj.kind !== 0 && g.obj.weight[s] >= 0.5 && p.aggression >= 0.5;
  if (run) {
    const near = nearestEnemy(g, i, false);
    run = near >= 0 && g.dd[i * g.n + near] > move + 20;
  }
  moveOrder(g, i, run ? O_RUN : O_ADVANCE, run ? 2 * move : move, fireV <= 0);
  if (g.pickOrder === O_ADVANCE && fireV <= 0 && p.coverPreference >= 0.5 && inCoverSpot(g, i)) g.pickOrder = O_DOWN;
}

/** Item 70: soldier i holds his ground (a cover spot, or high ground he climbed for) while he has a shot. */
function holdsGround(g: NcoGame, i: number): boolean {
  const p = params(g, g.side[i]);
  return p.coverPreference >= 0.5 && inCoverSpot(g, i) || p.highGroundRun > 0 && onHighGround(g, i);
}

/**
 * Picks where to move: toward the enemy (aggression) or the best cover spot (cover
 * preference). `downAtSpot`: scriptedOrder turns an Advance into Down when the soldier
 * stands at a cover spot (he has no shot), so then no destination is looked for.
 */
function moveOrder(g: NcoGame, i: number, order: number, budget: number, downAtSpot: boolean): void {
  const p = params(g, g.side[i]);
  g.pickOrder = order;
  const od = objectiveMove(g, i); // scenario destination first; −2 holds the objective
  if (od !== -1) { if (od === -2) g.pickOrder = O_DOWN; else g.pickDest = od; return; }
  const hill = noncombatant(g, i) ? -1 : highGroundSpot(g, i); // item 70: a climb needs a Run (R2)
  if (hill >= 0) { g.pickOrder = O_RUN; g.pickDest = hill; return; }
  if (downAtSpot && order === O_ADVANCE && p.coverPreference >= 0.5 && inCoverSpot(g, i)) { g.pickOrder = O_DOWN; return; }
  const spot = p.coverPreference >= 0.5 ? bestCoverSpot(g, i, budget) : -1;
  if (spot >= 0) { g.pickDest = spot; return; }
  const e = nearestEnemy(g, i, false);
  if (e < 0) { g.pickOrder = O_DOWN; return; }
  g.pickDest = e;
}

/** The shot after an Advance move (item 24): scripted takes the best, random any legal one. */
export function chooseAdvanceShot(g: NcoGame, i: number): void {
  if (noncombatant(g, i)) { g.pickTarget = -1; return; }
  if (params(g, g.side[i]).random) {
    if (g.prng.below(2) === 0) { g.pickTarget = -1; return; }
    return randomVisibleEnemy(g, i, F_ADVANCE);
  }
  bestTarget(g, i, F_ADVANCE);
}

/** The Focus Fire target (item 29). */
export function chooseFocusShot(g: NcoGame, i: number): void {
  // chooseSpecial picked Focus Fire with a target and weapon just now (nothing has moved
  // since), so keep them rather than search again.
  if (g.pickTarget >= 0 && g.alive[g.pickTarget] && g.pickWeapon !== 0) return;
  bestTarget(g, i, F_FOCUS);
}

/**
 * Where a move toward `dest` stops: at half weapon range from an enemy soldier, or on a
 * point. Written into g.router.arg[0] for moveSoldier (a returned double would box).
 */
export function setMoveStop(g: NcoGame, i: number, dest: number): void {
  if (dest >= g.n) { g.router.arg[0] = 0; return; }
  const w = g.primary[i] === 0 ? W_PISTOL : g.primary[i];
  g.router.arg[0] = g.scn.weapons.range[w] / 2 + 2 * g.r;
}
