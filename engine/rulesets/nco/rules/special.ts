/**
 * The Special Actions phase (items 16, 17, 29–32, R7, R8): who qualifies, the alternation,
 * and Focus Fire, Assault, Mend and Ambush.
 */
import { traceSpecial } from './trace-log.ts';
import { RC_AMBUSH_SET } from '../data/rule-counters.ts';
import { AC_AMBUSH, AC_FOCUS_FIRE, AC_MEND, AC_SA_ASSAULT } from '../data/counters.ts';
import {
  O_ASSAULT, O_COVER_FIRE, O_RALLY, O_RUN, PHASE_SPECIAL,
  SA_AMBUSH, SA_ASSAULT, SA_FOCUS_FIRE, type NcoGame,
} from './state.ts';
import { S_DEADEYE, S_IDEALIST } from '../data/roster-types.ts';
import { fireAt, F_DEADEYE_FOCUS, F_FOCUS } from './shooting.ts';
import { assault } from './assault.ts';
import { extraMagazine } from './items.ts';

/**
 * Item 16: courage ≥ 4 now, not in breakdown, and this turn's order was not Rally, Cover
 * Fire or Run/Assault. A soldier waiting in Ambush is busy and does not qualify.
 */
export function qualifiesForSpecial(g: NcoGame, i: number): boolean {
  if (!g.alive[i] || g.brokenNow[i] || g.psyche[i] <= 0 || g.ambush[i] > 0) return false;
  if (g.courage[i] + g.courageMod[i] < g.scn.rules.special_action_min_courage) return false;
  const o = g.order[i];
  if (o === O_RALLY || o === O_COVER_FIRE || o === O_RUN || o === O_ASSAULT) return false;
  if (g.noSpecial[i]) return false;
  return true;
}

/** Players alternate, starting with the one who did not get the first die (items 12, 17, R8). */
export function specialPhase(g: NcoGame): void {
  g.phase = PHASE_SPECIAL;
  let side = 1 - g.firstSide;
  let idle = 0;
  while (idle < 2 && !g.over) {
    g.decide.chooseSpecial(g, side);
    const i = g.pick;
    if (i < 0) {
      idle++;
      side = 1 - side;
      continue;
    }
    idle = 0;
    g.specialDone[i] = 1;
    executeSpecial(g, i, g.pickOrder);
    side = 1 - side;
  }
}

export function executeSpecial(g: NcoGame, i: number, action: number): void {
  if (g.trace !== null) traceSpecial(g, i, action);
  switch (action) {
    case SA_FOCUS_FIRE: {
      g.decide.chooseFocusShot(g, i);
      if (g.pickTarget < 0) return mend(g, i); // no target after all: he Mends, counted once, as a Mend
      g.count.actions.add(g.side[i], AC_FOCUS_FIRE);
      const deadeye = (g.scn.skills[i] & S_DEADEYE) !== 0 ? F_DEADEYE_FOCUS : 0;
      fireAt(g, i, g.pickTarget, g.pickWeapon, F_FOCUS | deadeye);
      extraMagazine(g, i, 1); // item 80: after Focus Fire only with Deadeye
      return;
    }
    case SA_ASSAULT:
      g.count.actions.add(g.side[i], AC_SA_ASSAULT);
      assault(g, i, g.pickTarget, g.moveIn[i] + g.moveMod, true); // item 30: only M
      return;
    case SA_AMBUSH:
      g.count.actions.add(g.side[i], AC_AMBUSH);
      g.count.rulesInPlay.add(g.side[i], RC_AMBUSH_SET);
      g.ambush[i] = 1 + g.scn.rules.ambush_persists_turns; // R5: this turn and the next
      g.ambushers[g.side[i]]++;
      g.down[i] = 1; // item 32: counts as Down while waiting
      return;
    default:
      // R8: with special_action_mandatory off, a soldier with nothing to mend passes.
      if (!g.scn.rules.special_action_mandatory && g.health[i] === g.maxHealth[i] && g.psyche[i] === g.maxPsyche[i]) return;
      mend(g, i);
  }
}

/** Mend (item 31): A heals +1 health +1 psyche; B gives +1 psyche to self and +2 to a friend within 3". */
function mend(g: NcoGame, i: number): void {
  g.count.actions.add(g.side[i], AC_MEND);
  if ((g.scn.skills[i] & S_IDEALIST) !== 0) { // item 74: all psyche, nothing else
    g.psyche[i] = g.maxPsyche[i];
    return;
  }
  const friend = g.decide.mendChoice(g, i);
  if (friend < 0) {
    heal(g, i, 1, 1);
  } else {
    heal(g, i, 0, 1);
    heal(g, friend, 0, 2);
  }
}

/** Regains health and psyche up to the maximum (item 55). */
export function heal(g: NcoGame, i: number, h: number, p: number): void {
  if (!g.alive[i]) return;
  g.health[i] = Math.min(g.maxHealth[i], g.health[i] + h);
  if (p > 0 && !g.brokenNow[i]) {
    g.psyche[i] = Math.min(g.maxPsyche[i], g.psyche[i] + p);
    if (g.psyche[i] > 0) g.mustRally[i] = 0;
  }
}

