/**
 * Iron Squad's players (engine/kit/players.ts, docs/rules/iron-squad.md "Policies"):
 * - `bot`: the rulebook's solo bot (items 74, R20): the lowest-HP enemy it can reach, ties
 *   by the priority list, then the best terrain, then the shortest move; moves, then fires;
 * - scripted (`rush`, `farm`): one hex-scoring procedure with sweepable weights; rush heads
 *   for its mission's objective hex and shoots what it meets, farm reveals tiles, explores
 *   buildings, visits objectives, fires first and then moves into cover;
 * - `random`: every decision uniformly at random among the legal ones (env.policy).
 * Each seat gets its player's decisions object; nothing below branches on which player it is.
 */
import { definePlayers } from '../../../kit/players.ts';
import type { IronDecisions } from '../rules/decisions.ts';
import { IRON_KNOBS } from './knobs.ts';
import { activateRandom, deployRandom, medicsRandom, orderRandom } from './random.ts';
import { activate, activateBot, buildOrder, deploySide, medicsAtTurnStart, medicsReact } from './scripted.ts';

/** The weighted hex-scoring player (rush, farm). */
export const scriptedDecisions: IronDecisions = { deploySide, buildOrder, activate, medicsAtTurnStart, medicsReact };
/** The solo bot: the same turn, its own choice of end hex (destination.ts botDestination). */
export const botDecisions: IronDecisions = { deploySide, buildOrder, activate: activateBot, medicsAtTurnStart, medicsReact };
/** Uniformly random legal choices (policy/random.ts). */
export const randomDecisions: IronDecisions = {
  deploySide: deployRandom, buildOrder: orderRandom, activate: activateRandom,
  medicsAtTurnStart: medicsRandom, medicsReact: medicsRandom,
};

/** Knobs the bot's procedure does not read are given as in the other presets' off state. */
const BOT = { attack_weight: 4, cover_weight: 0.1, objective_weight: 0, vp_weight: 0, exposure_weight: 0, approach_weight: 1, deny_weight: 0, target_rule: 'lowest-hp', reveals_per_activation: 0, fire_first: false, fire_mid_move: true, max_backfire: 1, deploy_depth: 0, mission_kill_bonus: 0, finish_mission: false, hunt_mission: false, medic_seeks_wounded: false, shots_first: false, retreat_health: 0 } as const;

export const ironPlayers = definePlayers(IRON_KNOBS, {
  bot: {
    doc: 'The rulebook\'s solo bot (items 74, R20): the lowest-HP enemy it can reach, then terrain, then the shortest move.',
    decisions: botDecisions,
    presets: { bot: BOT },
  },
  scripted: {
    doc: 'One hex-scoring procedure with sweepable weights: rush heads for its objective and shoots; farm farms VP from cover.',
    decisions: scriptedDecisions,
    presets: {
      rush: { attack_weight: 2, cover_weight: 0.05, objective_weight: 1.5, vp_weight: 0.5, exposure_weight: 0.2, approach_weight: 0.2, deny_weight: 0, target_rule: 'max-damage', reveals_per_activation: 1, fire_first: false, fire_mid_move: true, max_backfire: 0.4, deploy_depth: 0, mission_kill_bonus: 0, finish_mission: false, hunt_mission: false, medic_seeks_wounded: false, shots_first: false, retreat_health: 0 },
      farm: { attack_weight: 1.5, cover_weight: 0.15, objective_weight: 0.3, vp_weight: 2, exposure_weight: 0.8, approach_weight: 0.1, deny_weight: 0.5, target_rule: 'max-damage', reveals_per_activation: 3, fire_first: true, fire_mid_move: true, max_backfire: 0.25, deploy_depth: 1, mission_kill_bonus: 0, finish_mission: false, hunt_mission: false, medic_seeks_wounded: false, shots_first: false, retreat_health: 0 },
    },
  },
  random: {
    doc: 'Uniformly random legal choices, the measuring floor: reveals, shots, moves, facing and heals on coins and uniform draws.',
    decisions: randomDecisions,
    tunable: false,
    presets: { random: { ...BOT, target_rule: 'max-damage', max_backfire: 1, fire_mid_move: false } },
  },
});
