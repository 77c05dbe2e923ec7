/** The scenario rules as the rules call them (rules/scenario-rules.ts): one object, wired in index.ts. */
import type { ScenarioRules } from '../rules/scenario-rules.ts';
import { afterMove, enforceExclusion, onChosenDown, pilotOrder, playsNextTurn, scenarioOrder } from './objectives.ts';
import { scoreScenario } from './scoring.ts';
import { setupScenario } from './setup.ts';

export const scenarioRules: ScenarioRules = {
  setupScenario, playsNextTurn, scoreScenario, scenarioOrder, pilotOrder, onChosenDown, enforceExclusion, afterMove,
};
