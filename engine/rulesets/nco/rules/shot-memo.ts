/**
 * Issue 14: fire_first asks every unordered soldier's best target at every die
 * (policy/best-shooter.ts), though between two dice little that a shot reads has changed.
 * Two exact memos: bestTarget's plain (flags 0) shot of soldier i at enemy j per pair
 * (shotAt), and bestShooter's per-soldier best shot with what it was worked out from
 * (rows and snapshots below). An entry is used only while everything it read is as it was.
 *
 * What `rd > reach || !los ? none : bestWeapon(g, i, j, 0)` (with hitChance, toHitNumber,
 * hitDice, effectiveRange) reads, and what keeps each in step:
 * - shooter i: primary, easyJam, moved, health === 1, psyche === maxPsyche, and rangeMod
 *   (the reach and the ranges): all in the shooter key, recomputed on every use;
 * - target j: down (in the key, added per pair);
 * - the pair: rd, vis (LOS), cov (coverGuess) and both elevC: written only by touched() and
 *   touchedAll(), which wipe the pair's key with vis and cov and count the soldier's touches;
 * - static for a game: side, pistol, skills (Deadeye, Covert), the weapon tables, the rules
 *   (a new game: reset fills the keys with −1).
 * cov is stale by design (intervening models): an entry is written by the same calls the
 * plain code makes the first time after a wipe, so cov is filled at the same moments.
 * alive is not in the entry: the caller tests it first, as the plain loop does.
 * test/nco-perf-shots.test.ts checks both memos against the plain code in whole games.
 */
import type { StateArrays } from '../../../state.ts';
import type { NcoGame } from './state.ts';
import { bestWeapon } from './weapon-choice.ts';

/** Packed shot: chance × SHOT_W + weapon (weapon codes < 16); 0 = no shot. */
export const SHOT_W = 16;

export class ShotMemo {
  /** Per pair (row = shooter): the key the shot was worked out under (−1: none) and the packed shot. */
  readonly key: Int32Array;
  readonly val: Int32Array;
  /** Per soldier: touched() calls this game (a moved soldier's pairs are new). */
  readonly touches: Int32Array;
  // bestShooter's rows (policy/best-shooter.ts), per soldier of the side that asks:
  /** The side's bestShooter call the row was last brought up to date in (−1: never). */
  readonly rowCall: Int32Array;
  /** The shooter's key and touches then, and his best pair value, its target and weapon. */
  readonly rowKey: Int32Array;
  readonly rowTouch: Int32Array;
  readonly rowV: Int32Array;
  readonly rowT: Int32Array;
  readonly rowW: Int32Array;
  /** Per pair: bestTarget's weighted value of the shot (0: none) and its weapon, as of rowCall. */
  readonly pairV: Int32Array;
  readonly pairW: Int32Array;
  /**
   * Per soldier, as his enemies' last bestShooter call saw him, what a shot's value at him
   * reads: touches × 4 + alive × 2 + down, then health, psyche and their maxima (target
   * priorities 1 and 3); as his own side's last call saw him, touches × 4 + alive × 2 + down
   * (an area weapon's shot reads the friends near the aim).
   */
  readonly seenFoe: Int32Array;
  readonly seenHealth: Int32Array;
  readonly seenPsyche: Int32Array;
  readonly seenMaxH: Int32Array;
  readonly seenMaxP: Int32Array;
  readonly seenFriend: Int32Array;
  /** bestShooter calls per side this game. */
  readonly calls: Int32Array;
  /** Scratch: the enemies changed since the side's last call. */
  readonly changed: Int32Array;
  /** policy/targets.ts shotValue's weapon (a second result). */
  lastW = 0;

  constructor(n: number, st: StateArrays) {
    this.key = st.i32(n * n, -1);
    this.val = st.scratch(new Int32Array(n * n)); // read only under a matching key
    this.touches = st.i32(n);
    this.rowCall = st.i32(n, -1);
    // Read only under a matching rowCall (written with it):
    this.rowKey = st.scratch(new Int32Array(n));
    this.rowTouch = st.scratch(new Int32Array(n));
    this.rowV = st.scratch(new Int32Array(n));
    this.rowT = st.scratch(new Int32Array(n));
    this.rowW = st.scratch(new Int32Array(n));
    this.pairV = st.scratch(new Int32Array(n * n));
    this.pairW = st.scratch(new Int32Array(n * n));
    // Compared before any row is used incrementally (a row is new in a game's first call):
    this.seenFoe = st.scratch(new Int32Array(n));
    this.seenHealth = st.scratch(new Int32Array(n));
    this.seenPsyche = st.scratch(new Int32Array(n));
    this.seenMaxH = st.scratch(new Int32Array(n));
    this.seenMaxP = st.scratch(new Int32Array(n));
    this.seenFriend = st.scratch(new Int32Array(n));
    this.calls = st.i32(2);
    this.changed = st.scratch(new Int32Array(n));
  }

  /** touchedAll(): every pair is new. */
  wipe(): void {
    this.key.fill(-1);
    for (let a = 0; a < this.touches.length; a++) this.touches[a]++;
  }
}

/**
 * The shooter's half of the key (×2: the target's down is added per pair). Arithmetic only:
 * an integer rangeMod keeps it exact; any other value never equals a stored Int32, so it misses.
 */
export function shooterKey(g: NcoGame, i: number): number {
  const bits = g.easyJam[i] * 8 + g.moved[i] * 4 + (g.health[i] === 1 ? 2 : 0) + (g.psyche[i] === g.maxPsyche[i] ? 1 : 0);
  return ((g.rangeMod * 64 + g.primary[i]) * 16 + bits) * 2;
}

/**
 * Soldier i's shot at j (j alive) under `flags`: the packed weapon and chance, or 0;
 * memoised for flags 0 only. `key` is shooterKey(g, i) (read for flags 0 only), `reach` i's longest effective range.
 */
export function shotAt(g: NcoGame, i: number, j: number, flags: number, key: number, reach: number): number {
  const memo = g.shots, k = i * g.n + j, kj = key + g.down[j];
  if (flags === 0 && memo.key[k] === kj) return memo.val[k];
  let m = 0;
  if (g.rd[k] <= reach && g.los(i, j)) {
    const w = bestWeapon(g, i, j, flags);
    m = w === 0 ? 0 : g.lastChance * SHOT_W + w;
  }
  if (flags === 0) {
    memo.key[k] = kj;
    memo.val[k] = m;
  }
  return m;
}
