/**
 * NCO's players (engine/kit/players.ts, docs/policies.md):
 * - scripted `aggressive`, `cautious`, `objective` (rushes scenario objectives): one decision
 *   procedure with the sweepable knobs of policy/knobs.ts;
 * - `random`: uniformly random legal choices, the measuring floor; takes no knobs.
 * Both declare the same decisions object (policy/decisions.ts), which answers for both seats
 * and branches on PolicyParams.random where random play differs: the rules make their calls
 * through one object so every call site stays monomorphic.
 */
import { definePlayers } from '../../../kit/players.ts';
import { scriptedDecisions } from './decisions.ts';
import { NCO_KNOBS, type PolicyParams } from './knobs.ts';

export const ncoPlayers = definePlayers(NCO_KNOBS, {
  scripted: {
    doc: 'One scripted procedure with sweepable knobs: aggressive advances and assaults, cautious holds cover and ambushes, objective rushes scenario objectives.',
    decisions: scriptedDecisions,
    presets: {
      aggressive: { aggression: 0.8, cover_preference: 0.2, target_priority: 'nearest', reactive_down_threshold: 1, assault_margin: 1, ambush_preference: 0, objective_weight: 0.3, item_min_gain: 1, extra_magazine_min_chance: 0.3, high_ground_run: 0, ambush_lookahead: 0, fire_first: false },
      cautious: { aggression: 0.2, cover_preference: 0.9, target_priority: 'weakest', reactive_down_threshold: 0.5, assault_margin: 3, ambush_preference: 0.5, objective_weight: 0.3, item_min_gain: 1, extra_magazine_min_chance: 0.5, high_ground_run: 0, ambush_lookahead: 1, fire_first: false },
      objective: { aggression: 0.8, cover_preference: 0.2, target_priority: 'nearest', reactive_down_threshold: 1, assault_margin: 1, ambush_preference: 0, objective_weight: 0.9, item_min_gain: 1, extra_magazine_min_chance: 0.3, high_ground_run: 0, ambush_lookahead: 0, fire_first: false },
    },
  },
  random: {
    doc: 'Uniformly random legal choices, the measuring floor; takes no knobs.',
    decisions: scriptedDecisions,
    tunable: false,
    // What the procedure's shared code reads for a random side (objective share, Down threshold...).
    presets: {
      random: { aggression: 0.5, cover_preference: 0.5, target_priority: 'nearest', reactive_down_threshold: 0.5, assault_margin: 0, ambush_preference: 0.5, objective_weight: 0.5, item_min_gain: 1, extra_magazine_min_chance: 0.3, high_ground_run: 0, ambush_lookahead: 0, fire_first: false },
    },
  },
});

/** A validated `policy` value → the parameters the game reads. */
export function resolveNcoPolicy(config: unknown): PolicyParams {
  const p = ncoPlayers.resolve(config);
  return { ...p, random: p.player === 'random' };
}
