/**
 * Skill-die's players (engine/kit/players.ts, docs/rules/skill-die.md "Policies"):
 * - scripted `aggressive`: advances on the objectives and the enemy, fires whenever it can
 *   hurt someone, the commander names the best shooter Main Effort;
 * - scripted `cautious`: moves cover to cover, holds its Action as a Reaction unless a shot is
 *   likely to kill, the commander Signals for initiative when no shooter is worth it;
 * - `random`: every decision uniformly at random among the legal ones (env.policy).
 * Each seat gets its player's decisions object; nothing below branches on which player it is.
 */
import { definePlayers } from '../../../kit/players.ts';
import type { SkillDecisions } from '../rules/decisions.ts';
import { SKILL_KNOBS } from './knobs.ts';
import { activateRandom, deployRandom, orderRandom, reactRandom } from './random.ts';
import { activateScripted, deployLine, orderUnits, reactScripted } from './scripted.ts';

const scripted: SkillDecisions = {
  deploy: (g, side) => deployLine(g, side, g.scn.policies[side]),
  buildOrder: orderUnits,
  activate: (g, u) => activateScripted(g, u, g.scn.policies[g.scn.side[u]]),
  react: (g, r, actor) => reactScripted(g, r, actor, g.scn.policies[g.scn.side[r]]),
};

const random: SkillDecisions = {
  deploy: deployRandom,
  buildOrder: orderRandom,
  activate: activateRandom,
  react: reactRandom,
};

export const skillPlayers = definePlayers(SKILL_KNOBS, {
  scripted: {
    doc: 'One scripted procedure with sweepable weights: aggressive advances and fires; cautious moves cover to cover and reacts.',
    decisions: scripted,
    presets: {
      aggressive: { objective_weight: 1, advance_weight: 0.5, cover_weight: 2, exposure_weight: 0.5, spacing_weight: 1, attack_weight: 20, min_kill_chance: 0, double_move: true, command: 'main-effort', crew_assist: true, react: true, friendly_fire_ratio: 0.25, deploy_spread: 0.8 },
      cautious: { objective_weight: 0.6, advance_weight: 0.1, cover_weight: 6, exposure_weight: 2, spacing_weight: 3, attack_weight: 15, min_kill_chance: 0.25, double_move: false, command: 'initiative', crew_assist: true, react: true, friendly_fire_ratio: 0, deploy_spread: 0.6 },
    },
  },
  random: {
    doc: 'Uniformly random legal choices, the measuring floor.',
    decisions: random,
    presets: {
      random: { objective_weight: 0, advance_weight: 0, cover_weight: 0, exposure_weight: 0, spacing_weight: 0, attack_weight: 0, min_kill_chance: 0, double_move: true, command: 'main-effort', crew_assist: true, react: true, friendly_fire_ratio: 10, deploy_spread: 1 },
    },
  },
});
