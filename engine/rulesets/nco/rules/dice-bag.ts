/**
 * Taking order dice outside the blind draw (items 13, 14, 20, 22, 26, 32, 57, 71, R4):
 * a soldier who takes one of his side's dice gets an order now. Every such pull goes
 * through `takeDie`, so Ambush cancellation, Inspiring Presence and the streak option are
 * applied the same way for reactive Down, response Fire, forced Down and Ambush triggers.
 */
import { O_DOWN, O_NONE, O_RALLY, type NcoGame } from './state.ts';
import { S_INSPIRING, S_INSPIRING_2 } from '../data/roster-types.ts';

/** Inspiring Presence (item 71): allies within 4" (8" with IP2), himself included, regain +1 psyche. */
export function inspire(g: NcoGame, i: number): void {
  const range = (g.scn.skills[i] & S_INSPIRING_2) !== 0 ? 8 : 4;
  for (let j = 0; j < g.n; j++) {
    if (!g.alive[j] || g.side[j] !== g.side[i] || g.brokenNow[j]) continue;
    if (j === i || g.rd[i * g.n + j] <= range) {
      if (g.psyche[j] < g.maxPsyche[j]) g.psyche[j]++;
    }
  }
}

/**
 * Soldier i (who has no order yet) takes one of his side's dice for `order` outside the
 * blind draw. A new order ends his Ambush (item 32). With rules.streak_counts_reactive the
 * pull counts toward the streak like a draw (R4; off by default).
 */
export function takeDie(g: NcoGame, i: number, order: number): void {
  if (g.order[i] !== O_NONE) return;
  const s = g.side[i];
  g.order[i] = order;
  g.bag.take(s);
  if (g.ambush[i] > 0) {
    g.ambush[i] = 0;
    g.ambushers[s]--;
    g.down[i] = 0;
  }
  if ((g.scn.skills[i] & S_INSPIRING) !== 0 && order !== O_RALLY && order !== O_DOWN) inspire(g, i);
  if (g.scn.rules.streak_counts_reactive) g.bag.countStreak(s);
}

/** Range of the Natural Leader's bonus die (item 73). */
export const LEADER_RANGE_IN = 4;

/** Whether soldier j may take Natural Leader i's bonus die: a friend within 4" with lower courage, no order yet (item 73). */
export function mayFollow(g: NcoGame, i: number, j: number): boolean {
  return j !== i && g.alive[j] === 1 && g.side[j] === g.side[i] && g.order[j] === O_NONE
    && g.rd[i * g.n + j] <= LEADER_RANGE_IN && g.courage[j] + g.courageMod[j] < g.courage[i] + g.courageMod[i];
}
