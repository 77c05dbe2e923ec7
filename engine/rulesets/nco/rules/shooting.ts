/**
 * Ranged attacks (items 20, 22–24, 29, 33–47, R13–R17): modifiers, single-target fire,
 * area (Cover Fire) attacks, reactive Down and forced Down on a Cover-Fire hit.
 */
import { traceShot } from './trace-log.ts';
import { RC_HIGH_GROUND } from '../data/rule-counters.ts';
import { AC_REACTIVE_DOWN } from '../data/counters.ts';
import { O_NONE, type NcoGame } from './state.ts';
import { S_COVERT, S_DEADEYE } from '../data/roster-types.ts';
import {
  W_AS_COVER_FIRE, W_EXTRA_PSYCHE, W_NO_MODIFIERS, W_PISTOL, W_RIFLE, W_SCOPED, W_FLAMER, W_GRENADE,
} from '../data/weapons.ts';
import { throwGrenade } from './grenades.ts';
import {
  hitChance36, hitTargetFor, rollHit, SIT_ADVANCE, SIT_AREA, SIT_COVER, SIT_COVER_ORDER, SIT_COVERT, SIT_DEADEYE,
  SIT_DOWN, SIT_FOCUS, SIT_FULL_PSYCHE, SIT_HALF, SIT_HIGH, SIT_LMG_FOCUS_COVER, SIT_MOVED, SIT_RESPONSE,
  SIT_SCOPED_STACKS, SIT_WW,
} from './tohit.ts';
import { applyHits, forceDown } from './damage.ts';
import { inCoverOf } from './terrain/sight.ts';

/** Attack flags. */
export const F_ADVANCE = 1; // fired as part of an Advance order (scoped acts as rifle: item 41)
export const F_FOCUS = 2; // Focus Fire special action (item 29)
export const F_RESPONSE = 4; // fire in response to an Assault (item 26, 34)
export const F_COVER_ORDER = 8; // a Cover Fire order (item 22)
export const F_DEADEYE_FOCUS = 16; // internal: Deadeye Focus Fire hit +1 wound (item 76)

/** Distance for every rule distance (ranges, auras, Mend): base edge to base edge by default (R3). */
export function ruleDist(g: NcoGame, a: number, b: number): number {
  return rangeDist(g, a, b);
}

/** Distance used for ranges: base edge to base edge by default (R3). */
export function rangeDist(g: NcoGame, a: number, b: number): number {
  return g.rd[a * g.n + b];
}

/** The weapon's effective range for this attack (scoped during an Advance acts as rifle: R15). */
export function effectiveRange(g: NcoGame, weapon: number, flags: number): number {
  const w = weapon === W_SCOPED && (flags & F_ADVANCE) !== 0 ? W_RIFLE : weapon;
  return g.scn.weapons.range[w] + g.rangeMod;
}

/** To-hit dice per target: two for SMG/LMG (item 33); R22 weapons from the table (semi-automatic: two only when not moved). */
export function hitDice(g: NcoGame, shooter: number, weapon: number): number {
  return g.moved[shooter] ? g.scn.weapons.diceMoved[weapon] : g.scn.weapons.dice[weapon];
}

/**
 * The to-hit number for `shooter` against `target` with `weapon` (items 33–36). `area` is
 * set when the attack resolves as Cover Fire; `cover` says whether the target counts as
 * in cover (full cover for collateral counts as cover: item 37).
 */
export function toHitNumber(g: NcoGame, shooter: number, target: number, weapon: number, flags: number, area: boolean, cover: boolean): number {
  if (W_NO_MODIFIERS[weapon]) return hitTargetFor(weapon, 0); // items 45–47
  const rules = g.scn.rules;
  // The situation as bits for tohit.ts → hitTargetFor (a table filled on first use), which the exact odds (tools/odds.ts) share.
  // Flags and state straight to bits, few branches (the target's bits differ call to call).
  let sit = (area ? SIT_AREA : 0) | (cover ? SIT_COVER : 0) |
    ((flags & F_COVER_ORDER) !== 0 ? SIT_COVER_ORDER : 0) | ((flags & F_FOCUS) !== 0 ? SIT_FOCUS : 0) |
    ((flags & F_ADVANCE) !== 0 ? SIT_ADVANCE : 0) | ((flags & F_RESPONSE) !== 0 ? SIT_RESPONSE : 0);
  const skills = g.scn.skills;
  if (g.down[target] !== 0) sit |= (skills[target] & S_COVERT) !== 0 ? SIT_DOWN | SIT_COVERT : SIT_DOWN;
  sit |= (g.moved[shooter] !== 0 ? SIT_MOVED : 0) | (g.health[shooter] === 1 ? SIT_WW : 0) |
    (g.psyche[shooter] === g.maxPsyche[shooter] ? SIT_FULL_PSYCHE : 0);
  const range = effectiveRange(g, weapon, flags);
  const d = g.rd[shooter * g.n + target];
  sit |= (rules.half_range_inclusive ? d <= range / 2 : d < range / 2) ? SIT_HALF : 0; // R14
  sit |= g.elevC[shooter] - g.elevC[target] >= rules.high_ground_in ? SIT_HIGH : 0; // item 70
  sit |= ((skills[shooter] & S_DEADEYE) !== 0 ? SIT_DEADEYE : 0) | (rules.lmg_focus_ignores_cover ? SIT_LMG_FOCUS_COVER : 0) |
    (rules.scoped_half_range_stacks ? SIT_SCOPED_STACKS : 0);
  return hitTargetFor(weapon, sit);
}

/** Whether target is in cover from shooter (item 38, R1), or hidden (full cover counts as cover: item 37). */
export function targetInCover(g: NcoGame, shooter: number, target: number): boolean {
  if (!g.los(shooter, target)) return true;
  return inCoverOf(g.table, g.sight, shooter, target, g.alive, g.n);
}

/**
 * Rolls the weapon's hit dice against one target and applies the wounds; returns hits.
 * `cover`: targetInCover as already worked out on this very state (0 or 1), or −1.
 */
function resolveOn(g: NcoGame, shooter: number, target: number, weapon: number, flags: number, area: boolean, cover: number): number {
  const tn = toHitNumber(g, shooter, target, weapon, flags, area, cover < 0 ? targetInCover(g, shooter, target) : cover === 1);
  const max = g.scn.rules.max_hit_target;
  let hits = 0;
  const dice = hitDice(g, shooter, weapon);
  for (let k = dice; k > 0; k--) if (rollHit(g.rng, tn, max)) hits++;
  if (!W_NO_MODIFIERS[weapon] && g.elevC[shooter] - g.elevC[target] >= g.scn.rules.high_ground_in) g.count.rulesInPlay.add(g.side[shooter], RC_HIGH_GROUND);
  if (g.trace !== null) traceShot(g, shooter, target, weapon, tn, dice, hits);
  if (hits > 0) {
    let wm = g.scn.weapons.woundMod[weapon]; // shotgun +1 (R22) like flamer/HE/grenade (item 54)
    if ((flags & F_DEADEYE_FOCUS) !== 0) wm += 1; // item 76
    applyHits(g, target, hits, wm, W_EXTRA_PSYCHE[weapon], shooter);
  }
  if (target === g.trackTarget) g.trackHits += hits;
  return hits;
}

/** Offers the target a reactive Down before any to-hit roll (item 20). */
export function offerReactiveDown(g: NcoGame, shooter: number, target: number, weapon: number, flags: number, area: boolean): void {
  reactiveDown(g, shooter, target, weapon, flags, area);
}

/**
 * offerReactiveDown, returning the target's cover as it worked it out (1 or 0; −1 if the
 * target was not offered). Going Down moves and kills no one, so it still holds after.
 */
function reactiveDown(g: NcoGame, shooter: number, target: number, weapon: number, flags: number, area: boolean): number {
  if (g.order[target] !== O_NONE || !g.alive[target] || g.side[target] === g.side[shooter]) return -1;
  const cover = targetInCover(g, shooter, target);
  const tn = toHitNumber(g, shooter, target, weapon, flags, area, cover);
  const n = hitChance36(tn, g.scn.rules.max_hit_target);
  const p = hitDice(g, shooter, weapon) === 2 ? 1296 - (36 - n) * (36 - n) : 36 * n; // in 1296ths
  if (g.decide.wantsReactiveDown(g, target, p, W_NO_MODIFIERS[weapon] === 1)) { // flamer, HE, grenade ignore Down (items 45–47)
    forceDown(g, target);
    g.count.actions.add(g.side[target], AC_REACTIVE_DOWN);
  }
  return cover ? 1 : 0;
}

/** A single-target attack (Fire, Advance fire, Focus Fire, response fire). Returns hits. */
export function fireAt(g: NcoGame, shooter: number, target: number, weapon: number, flags: number): number {
  if (weapon === W_GRENADE) return throwGrenade(g, shooter); // item 47: aimed at the policy's point
  if (W_AS_COVER_FIRE[weapon]) return areaFire(g, shooter, target, weapon, flags);
  const cover = reactiveDown(g, shooter, target, weapon, flags, false);
  if (!g.alive[target]) return 0;
  return resolveOn(g, shooter, target, weapon, flags, false, cover); // the cover just worked out, if any
}

/**
 * An attack that resolves as Cover Fire, aimed at the point where soldier `aim` stands
 * (items 22, 43): every soldier within the radius, friend or foe, is a separate target;
 * a hit soldier with no order yet must go Down at once, without items.
 */
export function areaFire(g: NcoGame, shooter: number, aim: number, weapon: number, flags: number): number {
  const t = g.table;
  const slot = g.sp;
  t.px[slot] = t.px[aim];
  t.py[slot] = t.py[aim];
  const reach = g.scn.rules.cover_fire_radius_in + (g.scn.rules.measure === 'edge' ? g.r : 0);
  // Nested attacks (a hit can trigger a snap and its response fire) stack their target lists.
  const list = g.list2;
  const base = g.listTop;
  let m = base;
  const ax = t.px[aim], ay = t.py[aim], reach2 = reach * reach, px = t.px, py = t.py, alive = g.alive;
  for (let j = 0, n = g.n; j < n; j++) {
    const dx = px[j] - ax, dy = py[j] - ay;
    if (dx * dx + dy * dy <= reach2 && j !== shooter && alive[j] !== 0) list[m++] = j; // the rare near one first
  }
  g.listTop = m;
  for (let k = base; k < m; k++) offerReactiveDown(g, shooter, list[k], weapon, flags, true);
  let hits = 0;
  for (let k = base; k < m; k++) {
    const j = list[k];
    if (!g.alive[j]) continue;
    const h = resolveOn(g, shooter, j, weapon, flags, true, -1); // an earlier target's death may uncover this one
    hits += h;
    if (h > 0 && g.alive[j] && g.order[j] === O_NONE) forceDown(g, j);
  }
  g.listTop = base;
  if (weapon === W_FLAMER && --g.fuel[shooter] <= 0) g.primary[shooter] = g.scn.pistol[shooter] ? W_PISTOL : 0; // item 45, R17
  return hits;
}

/**
 * Chance in 1296ths (an integer, so nothing boxes) that one attack of `weapon` scores at
 * least one hit on target; policy scoring, with cached cover.
 */
export function hitChance(g: NcoGame, shooter: number, target: number, weapon: number, flags: number): number {
  const area = W_AS_COVER_FIRE[weapon] === 1 || (flags & F_COVER_ORDER) !== 0;
  const tn = toHitNumber(g, shooter, target, weapon, flags, area, g.coverGuess(shooter, target));
  const n = hitChance36(tn, g.scn.rules.max_hit_target);
  // An Advance is scored before its move: its shot counts as moved (R22 semi-automatic: 1 die).
  const dice = (flags & F_ADVANCE) !== 0 ? g.scn.weapons.diceMoved[weapon] : hitDice(g, shooter, weapon);
  return dice === 2 ? 1296 - (36 - n) * (36 - n) : 36 * n;
}
