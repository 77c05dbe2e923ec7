/**
 * To-hit numbers and their exact odds (items 33–36, R13). The simulation and the exact
 * tests share `hitTargetFromMods` and `rollHit`, so a test of one is a test of the other.
 */
import type { Rng } from '../../../rng.ts';
import { W_COVER_FIRE_MOD, W_HE, W_LMG, W_NO_MODIFIERS, W_FOCUS_IS_FIRE, W_PISTOL, W_SCOPED } from '../data/weapons.ts';

/** The number needed on a D6 after summing modifiers onto the base 3+ (item 33, 36). */
export function hitTargetFromMods(mods: number): number {
  const t = 3 - mods;
  return t < 2 ? 2 : t; // item 36: never better than 2+
}

/**
 * One to-hit die against target number t (item 36, R13): a natural 1 always misses; for
 * 7+ roll a 6 and then (t − 2)+ on a second die (7+ → 6 then 5–6, 8+ → 6 then 6); a target
 * above `maxTarget` cannot hit.
 */
export function rollHit(rng: Rng, t: number, maxTarget: number): boolean {
  if (t > maxTarget) return false;
  const r = rng.d6();
  if (r === 1) return false;
  if (t <= 6) return r >= t;
  if (r !== 6) return false;
  const need = t - 2;
  return need <= 6 && rng.d6() >= need;
}

/** Exact probability that one die hits target t: the closed form of rollHit. */
export function hitProbability(t: number, maxTarget: number): number {
  return hitChance36(t, maxTarget) / 36;
}

/**
 * The same probability in 36ths, as an integer, for the hot loop: integers never box,
 * and sums of them stay exact (a 2-dice chance is then in 1296ths).
 */
export function hitChance36(t: number, maxTarget: number): number {
  if (t > maxTarget) return 0;
  if (t <= 6) return 6 * (7 - (t < 2 ? 2 : t));
  const need = t - 2;
  if (need > 6) return 0;
  return 7 - need;
}

/**
 * The situation of one to-hit roll as bits, so the engine (shooting.ts → toHitNumber) and
 * the exact odds (tools/odds.ts) compute the target number with the same function.
 */
export const SIT_AREA = 1; // the attack resolves as Cover Fire (items 22, 43, 45–47)
export const SIT_COVER_ORDER = 2; // a Cover Fire order (item 22)
export const SIT_FOCUS = 4; // a Focus Fire special action (item 29)
export const SIT_ADVANCE = 8; // fired during an Advance (items 24, 41)
export const SIT_RESPONSE = 16; // fired in response to an Assault (items 26, 34, 43)
export const SIT_COVER = 32; // target in cover, or hidden collateral (items 37, 38)
export const SIT_DOWN = 64; // target Down (item 19)
export const SIT_COVERT = 128; // target has Covert: Down is −2 (item 75)
export const SIT_MOVED = 256; // shooter moved this turn (item 34)
export const SIT_WW = 512; // shooter Walking Wounded (item 56)
export const SIT_FULL_PSYCHE = 1024; // shooter at full psyche (item 35)
export const SIT_HALF = 2048; // target within half the weapon's effective range (item 35, R14)
export const SIT_HIGH = 4096; // shooter on high ground (items 35, 70)
export const SIT_DEADEYE = 8192; // shooter has Deadeye: his Fire orders count as Focus Fire (item 76)
export const SIT_LMG_FOCUS_COVER = 16384; // rules.lmg_focus_ignores_cover (R16)
export const SIT_SCOPED_STACKS = 32768; // rules.scoped_half_range_stacks (R15)

/**
 * hitTargetFor's answers by weapon code (< 16) and situation (16 bits), worked out on first
 * use: the key is all it reads (the weapon tables are constants). 0 = not yet (a target is
 * at least 2). 1 MiB of address space, of which only the pages of situations met are touched.
 */
const TARGETS = new Int8Array(1 << 20);

/** Target number for weapon code `w` in situation `sit` (items 33–36, 41–47, 76, R15, R16). */
export function hitTargetFor(w: number, sit: number): number {
  if (w >>> 4 !== 0 || sit >>> 16 !== 0) return hitTargetPlain(w, sit);
  const k = (w << 16) | sit, t = TARGETS[k];
  return t !== 0 ? t : (TARGETS[k] = hitTargetPlain(w, sit));
}

/** hitTargetFor worked out from the rules (test/nco-perf-policy.test.ts checks the table against it). */
export function hitTargetPlain(w: number, sit: number): number {
  // Items 45–47: flamethrower and grenade take no modifier at all (flat 3+), HE only the Cover Fire −2 (5+).
  if (W_NO_MODIFIERS[w]) return hitTargetFromMods(w === W_HE ? W_COVER_FIRE_MOD[W_HE] : 0);
  const isLmg = w === W_LMG;
  let mods = 0;
  if ((sit & SIT_AREA) !== 0) mods += isLmg ? -1 : -2; // items 22, 43
  // Item 76: a Deadeye's Fire orders count as Focus Fire; his Cover Fire and Advance shots do not.
  let focus = (sit & SIT_FOCUS) !== 0 || ((sit & SIT_DEADEYE) !== 0 && (sit & (SIT_COVER_ORDER | SIT_ADVANCE)) === 0);
  if (W_FOCUS_IS_FIRE[w]) focus = false; // items 42, 44: Focus Fire is a plain Fire
  if (isLmg && (sit & SIT_LMG_FOCUS_COVER) === 0) focus = false; // R16
  if (!focus) {
    if ((sit & SIT_COVER) !== 0) mods -= 1;
    if ((sit & SIT_DOWN) !== 0) mods -= (sit & SIT_COVERT) !== 0 ? 2 : 1; // items 19, 75
  }
  if ((sit & SIT_MOVED) !== 0) mods -= 1;
  if ((sit & SIT_WW) !== 0) mods -= 1; // item 56
  if ((sit & SIT_RESPONSE) !== 0) mods += isLmg ? 1 : -1; // items 26, 43
  if ((sit & SIT_FULL_PSYCHE) !== 0) mods += 1; // item 35
  const half = (sit & SIT_HALF) !== 0;
  if (w === W_SCOPED && (sit & SIT_ADVANCE) === 0) mods += (sit & SIT_SCOPED_STACKS) !== 0 && half ? 2 : 1; // item 41, R15
  else if (half) mods += 1;
  if (w === W_PISTOL && !half) mods -= 1; // item 44
  if ((sit & SIT_HIGH) !== 0) mods += 1; // item 70
  return hitTargetFromMods(mods);
}
