/**
 * Platoon's players (engine/kit/players.ts): the scripted player with its two presets, and
 * `random`, uniformly random legal choices (env.policy) as the measuring floor. Each seat
 * gets its player's decisions object; nothing below branches on which player a side is.
 */
import { definePlayers } from '../../../kit/players.ts';
import type { PlatoonDecisions } from '../rules/decisions.ts';
import { deployRandomly, deploySide } from './deploy.ts';
import { PLATOON_KNOBS } from './knobs.ts';
import { randomActivate, randomBool, randomCasualty, randomOfficerOrders, randomPlan, randomRegroup, randomTarget } from './random.ts';
import {
  planFor, scriptedActivate, scriptedRegroup, scriptedAmbushPoint, scriptedCasualty, scriptedKeep, scriptedOfficerOrders, scriptedReactToAssault, scriptedReactToShot, scriptedTarget,
} from './scripted.ts';

const scripted: PlatoonDecisions = {
  deploy: deploySide,
  activate: scriptedActivate,
  officerOrders: scriptedOfficerOrders,
  planMove: planFor,
  target: scriptedTarget,
  reactToShot: scriptedReactToShot,
  reactToAssault: scriptedReactToAssault,
  ambushPoint: scriptedAmbushPoint,
  keepOrder: scriptedKeep,
  regroup: scriptedRegroup,
  casualty: scriptedCasualty,
};

const random: PlatoonDecisions = {
  deploy: deployRandomly,
  activate: randomActivate,
  officerOrders: randomOfficerOrders,
  planMove: randomPlan,
  target: randomTarget,
  reactToShot: (g) => randomBool(g),
  reactToAssault: (g) => g.prng.below(3),
  ambushPoint: (g, _a, _m, n) => g.prng.below(n + 1) - 1,
  keepOrder: (g) => randomBool(g),
  regroup: randomRegroup,
  casualty: randomCasualty,
};

export const platoonPlayers = definePlayers(PLATOON_KNOBS, {
  scripted: {
    doc: 'One scripted procedure: aggressive closes in and assaults; cautious holds cover and ambushes.',
    decisions: scripted,
    presets: {
      aggressive: { advance_to_in: 6, cover_weight: 1, rally_pins: 3, react_down_loss: 2.5, assault_odds: 1.2, ambush_when_idle: false, keep_down_pins: 20, fire_threshold: 0.6, target_rule: 'max-damage', vehicle_stand_off_in: 14 },
      cautious: { advance_to_in: 18, cover_weight: 4, rally_pins: 2, react_down_loss: 1, assault_odds: 3, ambush_when_idle: true, keep_down_pins: 3, fire_threshold: 0.2, target_rule: 'max-damage', vehicle_stand_off_in: 24 },
    },
  },
  random: {
    doc: 'Uniformly random legal choices, the measuring floor.',
    decisions: random,
    presets: {
      random: { advance_to_in: 12, cover_weight: 0, rally_pins: 12, react_down_loss: 10, assault_odds: 20, ambush_when_idle: false, keep_down_pins: 20, fire_threshold: 0, target_rule: 'nearest', vehicle_stand_off_in: 0 },
    },
  },
});
