/** Every analysis of one results document, as arquero tables (null where a block is missing). */
import type { ColumnTable } from 'arquero';
import { costEffectiveness } from './cost.ts';
import { sideLethality, typeLethality } from './lethality.ts';
import type { Results } from './load.ts';
import { marginClasses, marginDistribution, victoryPoints, winRates } from './outcomes.ts';

export interface Analysis {
  winRates: ColumnTable;
  victoryPoints: ColumnTable;
  margins: ColumnTable | null;
  marginClasses: ColumnTable | null;
  sideLethality: ColumnTable;
  typeLethality: ColumnTable | null;
  costEffectiveness: ColumnTable | null;
}

export function analyze(r: Results): Analysis {
  return {
    winRates: winRates(r),
    victoryPoints: victoryPoints(r),
    margins: marginDistribution(r),
    marginClasses: marginClasses(r),
    sideLethality: sideLethality(r),
    typeLethality: typeLethality(r),
    costEffectiveness: costEffectiveness(r),
  };
}

export { checkResults, loadResults, type Results } from './load.ts';
