/** The shipped policies answering the rules' questions (rules/decisions.ts), switched on each side's policy kind. */
import type { PlatoonDecisions } from '../rules/decisions.ts';
import type { PlatoonGame } from '../rules/state.ts';
import { deploySide } from './deploy.ts';
import { POL_RANDOM } from './params.ts';
import { randomActivate, randomBool, randomCasualty, randomOfficerOrders, randomPlan, randomRegroup, randomTarget } from './random.ts';
import {
  planFor, scriptedActivate, scriptedRegroup, scriptedAmbushPoint, scriptedCasualty, scriptedKeep, scriptedOfficerOrders, scriptedReactToAssault, scriptedReactToShot, scriptedTarget,
} from './scripted.ts';

const rnd = (g: PlatoonGame, u: number): boolean => g.scn.policies[g.scn.side[u]].kind === POL_RANDOM;

export const platoonDecisions: PlatoonDecisions = {
  deploy: deploySide,
  activate: (g, s) => (g.scn.policies[s].kind === POL_RANDOM ? randomActivate(g, s) : scriptedActivate(g, s)),
  officerOrders: (g, o, order, max) => (rnd(g, o) ? randomOfficerOrders(g, o, order, max) : scriptedOfficerOrders(g, o, order, max)),
  planMove: (g, u, order) => (rnd(g, u) ? randomPlan(g, u, order) : planFor(g, u, order)),
  // Friendly Fire: the opponent (the side asked) chooses, so the asking side's kind decides.
  target: (g, u, friendly) => {
    const kind = g.scn.policies[friendly ? 1 - g.scn.side[u] : g.scn.side[u]].kind;
    return kind === POL_RANDOM ? randomTarget(g, u, friendly) : scriptedTarget(g, u, friendly);
  },
  reactToShot: (g, t, s) => (rnd(g, t) ? randomBool(g) : scriptedReactToShot(g, t, s)),
  reactToAssault: (g, t, a) => (rnd(g, t) ? g.prng.below(3) : scriptedReactToAssault(g, t, a)),
  ambushPoint: (g, a, m, n) => (rnd(g, a) ? g.prng.below(n + 1) - 1 : scriptedAmbushPoint(g, a, m, n)),
  keepOrder: (g, u) => (rnd(g, u) ? randomBool(g) : scriptedKeep(g, u)),
  regroup: (g, u) => (rnd(g, u) ? randomRegroup(g, u) : scriptedRegroup(g, u)),
  casualty: (g, u) => (rnd(g, u) ? randomCasualty(g, u) : scriptedCasualty(g, u)),
};
