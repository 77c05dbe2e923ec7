/**
 * The shipped policies as the rules see them: one NcoDecisions object (rules/decisions.ts)
 * whose functions dispatch per side on g.scn.policies[s].kind (the scripted presets, or
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

/** Activation priority (g.actOrder) for every choice that walks the squad: soldiers nearest the enemy first. */
function sortActivation(g: NcoGame): void {
  const n = g.n, alive = g.alive, side = g.side, dd = g.dd, score = g.score, act = g.actOrder;
  for (let i = 0; i < n; i++) {
    let best = 1e9;
    if (alive[i]) {
      const row = i * n;
      // Enemies only: side 0 is [0, split), side 1 [split, n).
      const lo = side[i] === 0 ? g.split : 0, hi = side[i] === 0 ? n : g.split;
      for (let j = lo; j < hi; j++) {
        if (!alive[j]) continue;
        const d = dd[row + j];
        if (d < best) best = d;
      }
    }
    score[i] = best;
    act[i] = i;
  }
  // Insertion sort (n is small, and it allocates nothing) that moves the keys along with the
  // indices (score is scratch): the same comparisons on the same numbers, one lookup fewer.
  for (let a = 1; a < n; a++) {
    const v = act[a], key = score[a];
    let b = a - 1;
    while (b >= 0 && score[b] > key) { act[b + 1] = act[b]; score[b + 1] = score[b]; b--; }
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
