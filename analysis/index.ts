/** Every analysis of one results document, as arquero tables (null where a block is missing). */
import type { ColumnTable } from 'arquero';
import { costEffectiveness } from './cost.ts';
import { endCauses, gameLength, lossesAtLeast, sideSpread } from './distributions.ts';
import { sideLethality, typeLethality } from './lethality.ts';
import type { Results } from './load.ts';
import { marginDistribution, scores, winClasses, winRates } from './outcomes.ts';
import { rulesInPlay } from './rules-in-play.ts';

export interface Analysis {
  winRates: ColumnTable;
  scores: ColumnTable;
  margins: ColumnTable | null;
  winClasses: ColumnTable | null;
  sideLethality: ColumnTable;
  /** 10/50/90% quantiles of losses so far and value share held, per side and bin (null for older results). */
  sideSpread: ColumnTable | null;
  /** P(at least k losses by the end of each bin), per side. */
  lossesAtLeast: ColumnTable | null;
  /** Games ending in each bin. */
  gameLength: ColumnTable | null;
  /** Games by outcome and how they ended (elimination, time, rules). */
  endCauses: ColumnTable | null;
  typeLethality: ColumnTable | null;
  costEffectiveness: ColumnTable | null;
  /** Times each rule fired per game, by side (rulesets that count them). */
  rulesInPlay: ColumnTable | null;
}

export function analyze(r: Results): Analysis {
  return {
    winRates: winRates(r),
    scores: scores(r),
    margins: marginDistribution(r),
    winClasses: winClasses(r),
    sideLethality: sideLethality(r),
    sideSpread: sideSpread(r),
    lossesAtLeast: lossesAtLeast(r),
    gameLength: gameLength(r),
    endCauses: endCauses(r),
    typeLethality: typeLethality(r),
    costEffectiveness: costEffectiveness(r),
    rulesInPlay: rulesInPlay(r),
  };
}

export { checkResults, loadResults, type Results } from './load.ts';
