/** The shipped policies answering the rules' questions (rules/decisions.ts). */
import type { OwamDecisions } from '../rules/decisions.ts';
import type { OwamGame } from '../rules/state.ts';
import { POL_RANDOM } from './params.ts';
import { randomActivate } from './random.ts';
import { scriptedActivate } from './scripted.ts';
import { assessment, chainOfCommand, evade, fubarDiscipline, lineUp, marksman, orderFirers, pickCell, pickRally, respondToCard, retreat, throwBack } from './windows.ts';

function activate(g: OwamGame, ft: number): void {
  const p = g.scn.policies[g.sideOfFt(ft)];
  if (p.kind === POL_RANDOM) randomActivate(g, ft);
  else scriptedActivate(g, ft, p);
}

export const scriptedDecisions: OwamDecisions = {
  activate, respondToCard, chainOfCommand, evade, fubarDiscipline, orderFirers, marksman, pickRally, lineUp, retreat, throwBack, assessment, pickCell,
};
