/** The shipped policies answering the rules' questions (rules/decisions.ts), by side. */
import type { SkillDecisions } from '../rules/decisions.ts';
import type { SkillGame } from '../rules/state.ts';
import { POL_RANDOM } from './params.ts';
import { activateRandom, deployRandom, orderRandom, reactRandom } from './random.ts';
import { activateScripted, deployLine, orderUnits, reactScripted } from './scripted.ts';

const pol = (g: SkillGame, side: number) => g.scn.policies[side];

export const skillDecisions: SkillDecisions = {
  deploy(g, side) {
    const P = pol(g, side);
    if (P.kind === POL_RANDOM) deployRandom(g, side);
    else deployLine(g, side, P);
  },
  buildOrder(g, side) {
    if (pol(g, side).kind === POL_RANDOM) orderRandom(g, side);
    else orderUnits(g, side);
  },
  activate(g, u) {
    const P = pol(g, g.scn.uSide[u]);
    if (P.kind === POL_RANDOM) activateRandom(g, u);
    else activateScripted(g, u, P);
  },
  react(g, r, actor) {
    const P = pol(g, g.scn.uSide[r]);
    return P.kind === POL_RANDOM ? reactRandom(g, r) : reactScripted(g, r, actor, P);
  },
};
