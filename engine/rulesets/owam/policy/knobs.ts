/**
 * OWAM's player knobs, declared once (engine/kit/players.ts). The scripted player reads them
 * as `PolicyParams` (camel case); docs/rules/owam.md "Policies" says what each preset does.
 */
import { knob, type Policy } from '../../../kit/players.ts';

export const OWAM_KNOBS = {
  attack_margin: knob.number(0, 20, 'Higher: attacks less readily; attacks only when the expected value (sum over firers of P(suppress) + 2·P(kill)) reaches this.'),
  approach_weight: knob.number(0, 10, 'Higher: moves harder toward the goal (objective or nearest enemy), weight per card closed.'),
  cover_weight: knob.number(0, 10, 'Higher: prefers destinations with better defense (terrain, entrenchment).'),
  exposure_weight: knob.number(0, 10, 'Higher: avoids destinations seen by more enemy FTs (penalty per FT with LOS).'),
  assault_ratio: knob.number(0, 10, 'Higher: assaults less; moves into an enemy\'s card only with at least this ratio of fit soldiers.'),
  retreat_ratio: knob.number(0, 10, 'Higher: retreats from assaults sooner; retreats when own fit soldiers < enemy\'s × this.'),
  rally_share: knob.number(0, 1, 'Lower: rallies sooner; rallies when at least this share of the FT is suppressed (0–1).'),
  hold_reactive: knob.boolean('Keep Evade, F.U.B.A.R. and Chain of Command cards for their Command Decision rather than spend them as Standing Orders.'),
  dig_in: knob.boolean('Use Stealth and Entrench when not attacking.'),
  fubar_attacks: knob.boolean('Play F.U.B.A.R. on an enemy Attack Order aimed at own FTs.'),
  coc_margin: knob.number(0, 8, 'Lower: plays Chain of Command more often; replays a flip at least this far on the wrong side of the die\'s middle.'),
  fireteams: knob.int(1, 4, 'Number of FTs the squad is split into when the side gives no fireteams (item 19).'),
  valor_plays: knob.boolean('Spend Lucky Shot and Act of Valor on the best enemy in reach at the start of an activation (W1).'),
};

export type PolicyParams = Policy<typeof OWAM_KNOBS>;
