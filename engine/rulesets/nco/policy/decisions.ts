/**
 * The shipped policies as the rules see them: one NcoDecisions object (rules/decisions.ts)
 * whose functions answer for both seats, branching on g.scn.policies[s].random (the scripted presets, or
 * `random`). index.ts gives it to every game; the rules reach it only as g.decide.
 */
import type { NcoDecisions } from '../rules/decisions.ts';
import type { NcoGame } from '../rules/state.ts';
import { snapSpotDistances } from './cover.ts';
import { ableChoice, easyChoice } from './events.ts';
import { downItemRecipient, followerChoice, wantsExtraMagazine, wantsFieldMap, wantsIntel, wantsTrinket } from './items.ts';
import { chooseBomber, chooseDropX, chooseTokenSpot, wantsLeave } from './missions.ts';
import { guessMission } from './objectives.ts';
import {
  chooseAdvanceShot, chooseFocusShot, chooseOrder, chooseSpecial, mendChoice, orderFor, rallyWhat, setMoveStop,
  streakChoice, wantsAmbushTrigger, wantsAssaultResponse, wantsReactiveDown,
} from './orders.ts';
import { medicRallyTarget, ritesTransfer } from './rites.ts';

/** Start of a turn: who acts first (activation order) and each cover spot's nearest enemy. */
function turnStarted(g: NcoGame): void {
  sortActivation(g);
  snapSpotDistances(g);
}

/**
 * Activation priority (g.actOrder) for every choice that walks the squad: soldiers nearest
 * the enemy first, each side's in its own index range (side 0's in [0, split), side 1's in
 * [split, n)). Every walk takes one side's soldiers only, so this gives each the same order
 * as one sort of all soldiers would, and a walk may keep to its side's range.
 */
function sortActivation(g: NcoGame): void {
  const n = g.n, split = g.split, alive = g.alive, dd = g.dd, score = g.score, act = g.actOrder;
  for (let i = 0; i < n; i++) {
    score[i] = 1e9;
    act[i] = i;
  }
  // Each soldier's distance to his nearest living enemy: every pair once, from side 0's row
  // (dd is symmetric: touched() and touchedAll() write both entries of a pair alike), over a
  // list of side 1's living soldiers (an alive test per pair was often mispredicted).
  const foes = g.list;
  let m = 0;
  for (let j = split; j < n; j++) if (alive[j]) foes[m++] = j;
  for (let i = 0; i < split; i++) {
    if (!alive[i]) continue;
    const row = i * n;
    let best = 1e9;
    for (let k = 0; k < m; k++) {
      const j = foes[k], d = dd[row + j];
      if (d < best) best = d;
      if (d < score[j]) score[j] = d;
    }
    score[i] = best;
  }
  sortRange(act, score, 0, split);
  sortRange(act, score, split, n);
  const from = g.actFrom, mustRally = g.mustRally;
  from.orderFrom[0] = from.specialFrom[0] = 0;
  from.orderFrom[1] = from.specialFrom[1] = split;
  let r0 = 0, r1 = 0;
  for (let i = 0; i < split; i++) r0 |= mustRally[i];
  for (let i = split; i < n; i++) r1 |= mustRally[i];
  from.rally[0] = r0;
  from.rally[1] = r1;
}

/**
 * Stable insertion sort of act[lo, hi) by score (n is small, and it allocates nothing); the
 * keys move along with the indices (score is scratch).
 */
function sortRange(act: Int32Array, score: Float64Array, lo: number, hi: number): void {
  for (let a = lo + 1; a < hi; a++) {
    const v = act[a], key = score[a];
    let b = a - 1;
    while (b >= lo && score[b] > key) { act[b + 1] = act[b]; score[b + 1] = score[b]; b--; }
    act[b + 1] = v;
    score[b + 1] = key;
  }
}

export const scriptedDecisions: NcoDecisions = {
  turnStarted,
  chooseOrder, orderFor, streakChoice, rallyWhat, chooseAdvanceShot, setMoveStop, followerChoice, wantsIntel,
  chooseSpecial, mendChoice, chooseFocusShot,
  wantsReactiveDown, wantsAssaultResponse, wantsAmbushTrigger,
  ableChoice, easyChoice,
  downItemRecipient, wantsExtraMagazine, wantsFieldMap, wantsTrinket, medicRallyTarget, ritesTransfer,
  chooseBomber, chooseDropX, chooseTokenSpot, wantsLeave, guessMission,
};
