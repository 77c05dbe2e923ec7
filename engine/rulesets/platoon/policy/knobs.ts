/**
 * Platoon's player knobs, declared once (engine/kit/players.ts): each knob's config name,
 * range and meaning. The scripted player reads them as `PolicyParams` (camel case; a choice
 * is its index).
 */
import { knob, type Policy } from '../../../kit/players.ts';

export const TARGET_RULES = ['max-damage', 'nearest'] as const;
export const TGT_MAX_DAMAGE = 0;
export const TGT_NEAREST = 1;

export const PLATOON_KNOBS = {
  advance_to_in: knob.number(0, 72, 'Inches from the nearest enemy it wants to end a move at; lower = closes in harder.'),
  cover_weight: knob.number(0, 20, 'Higher: values ending a move in cover (per cover class) over reaching the wanted distance (per inch).'),
  rally_pins: knob.int(1, 12, 'Rallies when it has at least this many pins; lower = rallies sooner.'),
  react_down_loss: knob.number(0, 10, 'Reacts Down when shot at if the expected models lost reach this; lower = ducks more often.'),
  assault_odds: knob.number(0, 20, 'Assaults when expected casualties inflicted / suffered reach this; lower = assaults more often.'),
  ambush_when_idle: knob.boolean('Takes Ambush when no target is in range, instead of advancing.'),
  keep_down_pins: knob.int(1, 20, 'Keeps Down at Turn End when it has at least this many pins (to shed them, R6); lower = stays Down more.'),
  fire_threshold: knob.number(0, 10, 'Minimum expected damage for a Fire order to beat moving; higher = fires less, moves more.'),
  target_rule: knob.choice(TARGET_RULES, 'Which target to shoot: the one it expects to damage most, or the nearest.'),
  vehicle_stand_off_in: knob.number(0, 72, 'Vehicles stop at least this many inches from the nearest enemy (out of Panzerfaust and assault reach).'),
};

export type PolicyParams = Policy<typeof PLATOON_KNOBS>;
