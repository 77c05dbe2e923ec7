/**
 * Iron Squad's player knobs, declared once (engine/kit/players.ts). The scripted players read
 * them as `PolicyParams` (camel case; a choice is its index).
 */
import { knob, type Policy } from '../../../kit/players.ts';

export const TARGET_RULES = ['lowest-hp', 'max-damage'] as const;
export const TGT_LOWEST_HP = 0;
export const TGT_MAX_DAMAGE = 1;

export const IRON_KNOBS = {
  attack_weight: knob.number(0, 10, 'Higher: prefers end hexes from which it expects to take more health off the best target.'),
  cover_weight: knob.number(0, 10, 'Higher: prefers end hexes with better cover (the TAM an enemy rifle would suffer) and high ground.'),
  objective_weight: knob.number(0, 10, 'Higher: heads harder for its mission\'s objective hex (weight per hex closed).'),
  vp_weight: knob.number(0, 10, 'Higher: prefers end hexes that earn VP (unexplored Building, unvisited objective).'),
  exposure_weight: knob.number(0, 10, 'Higher: avoids end hexes more enemies could shoot next turn (penalty per enemy).'),
  approach_weight: knob.number(0, 10, 'Higher: closes in on the nearest enemy more (weight per hex).'),
  deny_weight: knob.number(0, 10, 'Higher: guards the enemy\'s mission objective hex (weight per hex); used only with rules.full_information (R19).'),
  target_rule: knob.choice(TARGET_RULES, 'How targets are picked: the lowest-Health enemy in range (the solo bot, R20) or the most expected damage.'),
  reveals_per_activation: knob.int(0, 6, 'Spends MP to reveal up to this many adjacent face-down tiles per activation (item 15).'),
  fire_first: knob.boolean('Fires from the start hex before moving when a shot is available.'),
  fire_mid_move: knob.boolean('Fires from the hex along its move with the best shot, then moves on, when that beats the shot at the end (item 22).'),
  max_backfire: knob.number(0, 1, 'Skips a shot whose chance of an "A −1H" result exceeds this (0–1); lower = more careful.'),
  deploy_depth: knob.number(0, 1, 'Where units deploy in their zone: 0 = the road-side rows, 1 = the back rows.'),
  mission_kill_bonus: knob.number(0, 10, 'Higher: values a kill that advances its own mission (the mission card\'s enemy type, or any kill when the enemy never fielded it) this much more (VP-equivalent, on top of the 3 VP of a kill).'),
  finish_mission: knob.boolean('When its mission\'s kill part is done, a unit that can reach the objective hex (no enemy on it) moves there, completing the mission (item 23).'),
  hunt_mission: knob.boolean('The approach term closes in on the nearest enemy whose death advances its own mission (when one is alive) instead of the nearest enemy.'),
  medic_seeks_wounded: knob.boolean('A Medic who has not healed this round moves next to the friend missing the most health (immobilised first) that he can reach, and heals him (item 60).'),
  shots_first: knob.boolean('Units other than the Engineer (first) and the Medic (last) activate in order of the best shot they have from where they stand, those without one last (item 21).'),
  retreat_health: knob.int(0, 4, 'A unit at this health or less ends its move where the fewest enemies could shoot it next turn, then in the best cover (0 = never retreats).'),
};

export type PolicyParams = Policy<typeof IRON_KNOBS>;
