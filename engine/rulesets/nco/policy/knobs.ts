/**
 * NCO's player knobs, declared once (engine/kit/players.ts): the config's `policy` schema,
 * presets, `tune`'s starting point and the resolved `PolicyParams` the procedure reads
 * (camel case; a choice is its index) all come from this one list.
 */
import { knob, type Policy } from '../../../kit/players.ts';

export const TARGET_PRIORITIES = ['nearest', 'weakest', 'valuable', 'kill'] as const;

export const NCO_KNOBS = {
  aggression: knob.number(0, 1, '0–1, higher: soldiers advance, run and assault more readily rather than hold and shoot.'),
  cover_preference: knob.number(0, 1, '0–1, higher: movement prefers ending in cover more strongly.'),
  target_priority: knob.choice(TARGET_PRIORITIES, 'Which visible enemy to shoot first: the nearest (best odds), the weakest, the most valuable, or `kill` (victory points for a kill, weighted toward the wounded: fire concentrates to finish them).'),
  reactive_down_threshold: knob.number(0, 1, 'Takes a reactive Down when the incoming attack\'s hit chance is at least this; lower = ducks more (1 = never).'),
  assault_margin: knob.int(-6, 6, 'Assaults only when own close-combat courage exceeds the target\'s by at least this; lower = assaults more.'),
  ambush_preference: knob.number(0, 1, '0–1, higher: more qualifying soldiers set an Ambush instead of Focus Fire when no shot is good.'),
  objective_weight: knob.number(0, 1, '0–1, higher: scenario objectives weigh more against killing (more soldiers sent, objective targets favoured).'),
  item_min_gain: knob.number(0, 6, 'Uses a Down item (Letters, Morphine, Flask, Tobacco) when its expected health + psyche gain is at least this; lower = uses items sooner.'),
  extra_magazine_min_chance: knob.number(0, 2, 'Uses the Extra Magazine when the second Fire\'s expected hits (chance × hit dice) are at least this.'),
  high_ground_run: knob.number(0, 1, '0–1: the share of a Run (2×M, the climb\'s height included) a soldier with no good shot spends to climb onto high ground that has an enemy in range and sight below it (item 70\'s +1), and a soldier up there holds and fires; 0 = never climbs.'),
  ambush_lookahead: knob.number(0, 1, '0–1: an Ambush is set only when some enemy, moving this share of his Run straight toward the ambusher, passes a point in the ambusher\'s sight and range (item 32), and next turn he cancels it for a new order when he has a good shot or no enemy can come into view; 0 = sets it with no enemy in reach and always waits (the old blind Ambush).'),
  fire_first: knob.boolean('When a die is drawn, give it to the soldier with the best shot worth a Fire before those who would move (shots land before the enemy acts again); false = soldiers nearest the enemy first.'),
};

/**
 * A side's resolved policy. `random` is true for the random player: NCO's one decision
 * procedure answers for both seats (rules/decisions.ts: one object, monomorphic call sites)
 * and takes the random branch at the choices where random play differs.
 */
export type PolicyParams = Policy<typeof NCO_KNOBS> & { readonly random: boolean };
