/**
 * Mission play (digest section 4 item 12; items 23, 69, R8): what a side's own secret
 * mission card tells its policy. The kill part of a mission is the enemy unit of the card's
 * type, or any `mission_fallback_kills` kills when the enemy never fielded that type; the
 * hex part is holding the card's objective hex. Only the side's own card is read.
 */
import { UNREACHED } from '../../../geometry/hex-path.ts';
import { missionKillsDone } from '../rules/game.ts';
import type { IronGame } from '../rules/state.ts';

/** Whether side s has done its mission's kill part (versus games with a mission only). */
export function killPartDone(g: IronGame, s: number): boolean {
  return g.missionHex[s] >= 0 && !g.scn.solo && missionKillsDone(g, s);
}

/**
 * Marks side's enemies whose death advances side's mission (g.dec.missionMark) and gives
 * each the policy's mission_kill_bonus (g.dec.missionBonus: extra VP-equivalent of the
 * kill, scoring.ts shotValueAt); 0 on the rest and on side's own units. Called as each
 * activation starts and after each of its shots (a kill can finish the part).
 *
 * Kept while its key holds: the game (g.dec.gameStamp), side, the unit count, the attacks
 * made (a death, a hit or a kill count changes only through an attack), side's mission hex,
 * card type and kill count; then the marks written last are still the answer.
 */
export function markMissionTargets(g: IronGame, side: number): void {
  const ds = g.dec;
  if (ds.markGame === ds.gameStamp && ds.markSide === side && ds.markN === g.n && ds.markAttacks === g.attacks &&
    ds.markHex === g.missionHex[side] && ds.markType === g.missionType[side] && ds.markKills === g.killCount[side]) return;
  markMissionTargetsPlain(g, side);
  ds.markGame = ds.gameStamp; ds.markSide = side; ds.markN = g.n; ds.markAttacks = g.attacks;
  ds.markHex = g.missionHex[side]; ds.markType = g.missionType[side]; ds.markKills = g.killCount[side];
}

/** markMissionTargets without its key (the test compares the two). */
export function markMissionTargetsPlain(g: IronGame, side: number): void {
  const mb = g.dec.missionBonus, mark = g.dec.missionMark, bonus = g.scn.policies[side].missionKillBonus;
  const on = g.missionHex[side] >= 0 && !g.scn.solo && !killPartDone(g, side);
  const t = g.missionType[side];
  let fielded = false;
  if (on) for (let u = 0; u < g.n; u++) if (g.side[u] !== side && g.local[u] === 0 && g.type[u] === t) fielded = true;
  for (let u = 0; u < g.n; u++) {
    const m = on && g.side[u] !== side && (!fielded || (g.local[u] === 0 && g.type[u] === t));
    mark[u] = m ? 1 : 0;
    mb[u] = m ? bonus : 0;
  }
}

/**
 * The finishing move (item 23: completing the mission wins at once): side's objective
 * hex when the kill part is done, the hex was reached by the last search and no enemy
 * stands on it; −1 otherwise.
 */
export function finishingHex(g: IronGame, u: number): number {
  const s = g.side[u], mh = g.missionHex[s];
  if (mh < 0 || mh === g.hex[u] || g.board.path.cost[mh] === UNREACHED || !killPartDone(g, s)) return -1;
  for (let e = 0; e < g.n; e++) if (g.alive[e] !== 0 && g.side[e] !== s && g.hex[e] === mh) return -1;
  return mh;
}
