/**
 * OWAM's players (engine/kit/players.ts, docs/rules/owam.md "Policies"):
 * - scripted `aggressive`: closes in, attacks the FT it can hurt most, spends CDs on offence;
 * - scripted `cautious`: holds cover, entrenches and hides in Stealth, fires from range, keeps
 *   Evade and F.U.B.A.R. for defence;
 * - `random`: a uniformly random legal choice at every decision (on env.policy).
 * Each seat gets its player's decisions object; nothing below branches on which player it is.
 */
import { definePlayers } from '../../../kit/players.ts';
import type { OwamDecisions } from '../rules/decisions.ts';
import { OWAM_KNOBS } from './knobs.ts';
import { randomActivate } from './random.ts';
import {
  assessmentRandom, chainOfCommandRandom, evadeRandom, fubarDisciplineRandom, lineUpRandom, marksmanRandom,
  orderFirersRandom, pickCellRandom, pickRallyRandom, respondRandom, retreatRandom, throwBackRandom,
} from './random-windows.ts';
import { scriptedActivate } from './scripted.ts';
import { assessment, chainOfCommand, evade, fubarDiscipline, lineUp, marksman, orderFirers, pickCell, pickRally, respondToCard, retreat, throwBack } from './windows.ts';

export const scriptedDecisions: OwamDecisions = {
  activate: (g, ft) => scriptedActivate(g, ft, g.scn.policies[g.sideOfFt(ft)]),
  respondToCard, chainOfCommand, evade, fubarDiscipline, orderFirers, marksman, pickRally, lineUp, retreat, throwBack, assessment, pickCell,
};

export const randomDecisions: OwamDecisions = {
  activate: randomActivate, respondToCard: respondRandom, chainOfCommand: chainOfCommandRandom, evade: evadeRandom,
  fubarDiscipline: fubarDisciplineRandom, orderFirers: orderFirersRandom, marksman: marksmanRandom, pickRally: pickRallyRandom,
  lineUp: lineUpRandom, retreat: retreatRandom, throwBack: throwBackRandom, assessment: assessmentRandom, pickCell: pickCellRandom,
};

export const owamPlayers = definePlayers(OWAM_KNOBS, {
  scripted: {
    doc: 'One scripted procedure with sweepable weights: aggressive closes in and attacks; cautious holds cover, digs in and keeps its reactive cards.',
    decisions: scriptedDecisions,
    presets: {
      aggressive: { attack_margin: 0.05, approach_weight: 1.5, cover_weight: 0.3, exposure_weight: 0.2, assault_ratio: 1.5, retreat_ratio: 0.5, rally_share: 0.5, hold_reactive: false, dig_in: false, fubar_attacks: true, coc_margin: 2, fireteams: 2, valor_plays: true },
      cautious: { attack_margin: 0.4, approach_weight: 0.4, cover_weight: 1, exposure_weight: 0.8, assault_ratio: 3, retreat_ratio: 1, rally_share: 0.3, hold_reactive: true, dig_in: true, fubar_attacks: true, coc_margin: 1, fireteams: 3, valor_plays: false },
    },
  },
  random: {
    doc: 'Uniformly random legal choices, the measuring floor; only `fireteams` (the squad it builds) is read.',
    decisions: randomDecisions,
    presets: {
      random: { attack_margin: 0, approach_weight: 0, cover_weight: 0, exposure_weight: 0, assault_ratio: 0, retreat_ratio: 0.5, rally_share: 0.5, hold_reactive: false, dig_in: false, fubar_attacks: false, coc_margin: 0, fireteams: 2, valor_plays: false },
    },
  },
});
