/**
 * Skill-die's player knobs, declared once (engine/kit/players.ts). The scripted player reads
 * them as `PolicyParams` (camel case; a choice is its index).
 */
import { knob, type Policy } from '../../../kit/players.ts';

export const COMMAND_MODES = ['main-effort', 'initiative', 'none'] as const;
export const CMD_MAIN_EFFORT = 0, CMD_INITIATIVE = 1, CMD_NONE = 2;

export const SKILL_KNOBS = {
  objective_weight: knob.number(0, 10, 'Higher: moves harder toward the nearest objective (weight per inch closed).'),
  advance_weight: knob.number(0, 10, 'Higher: closes on the nearest enemy more eagerly, up to its best weapon\'s range (weight per inch).'),
  cover_weight: knob.number(0, 50, 'Higher: prefers to end its move in partial cover (`cover` terrain).'),
  exposure_weight: knob.number(0, 50, 'Higher: avoids end points where it expects to lose points to one turn of enemy fire.'),
  spacing_weight: knob.number(0, 50, 'Higher: keeps more than 3" from friends (other than its crew) so one explosive hits fewer.'),
  attack_weight: knob.number(0, 50, 'Higher: values end points with a better expected kill over safety or ground.'),
  min_kill_chance: knob.number(0, 1, 'Higher: attacks only when the kill chance reaches this (0–1); otherwise holds the Action as a Reaction.'),
  double_move: knob.boolean('Trade the Action for a second Move when no attack is available (troops only, item 5).'),
  command: knob.choice(COMMAND_MODES, 'Commander\'s Action: name a Main Effort (item 23), Signal for initiative (item 25), or neither.'),
  crew_assist: knob.boolean('Crew members give up their Action to add +1 to their gunner (item 12).'),
  react: knob.boolean('Spend held Actions as Reactions during the enemy\'s turn (item 6).'),
  friendly_fire_ratio: knob.number(0, 10, 'Higher: accepts more friends under a blast; skips an aim point whose friendly points in the Radius exceed this share of enemy points.'),
  deploy_spread: knob.number(0, 1, 'Share of the deployment zone\'s width used: 0 = bunched in the centre, 1 = edge to edge.'),
};

export type PolicyParams = Policy<typeof SKILL_KNOBS>;
