/** Everything a report holds, built in memory from one results document (and a balance and a tournament result). */
import type { ColumnTable } from 'arquero';
import { analyze, type Analysis } from '../analysis/index.ts';
import type { Results } from '../analysis/load.ts';
import type { Chart } from './chart.ts';
import { costEffectivenessChart } from './charts/cost-effectiveness.ts';
import { fairCostChart } from './charts/fair-cost.ts';
import { lethalityChart, valueHeldChart } from './charts/lethality.ts';
import { endCauseChart, gameLengthChart, spreadChart } from './charts/spread.ts';
import { scoreMarginChart, winClassesChart } from './charts/margins.ts';
import { typeLethalityChart } from './charts/type-lethality.ts';
import { typeCostChart } from './charts/type-cost.ts';
import { winRatesChart } from './charts/win-rates.ts';
import { summaryTables, type SummaryTable } from './tables.ts';
import type { TournamentTables } from '../analysis/tournament-table.ts';
import type { Comparison } from '../analysis/compare.ts';
import { differenceCharts, compareSummaryTable } from './compare-page.ts';

export interface Report {
  results: Results;
  analysis: Analysis;
  charts: Chart[];
  tables: SummaryTable[];
  /** Why a chart is missing (shown in report.html and summary.md). */
  notes: string[];
  /** `report B --compare A`: the reference run A, this run B, and what changed. */
  comparison: ReportComparison | null;
}

/** A report's comparison: this run is B (the change), the `--compare` run is A (the reference). */
export interface ReportComparison {
  comparison: Comparison;
  aName: string;
  bName: string;
}

export function buildReport(results: Results, balance: ColumnTable | null, tournament: TournamentTables | null = null, comparison: ReportComparison | null = null): Report {
  const a = analyze(results);
  const notes: string[] = [];
  const optional = (chart: Chart | null, missing: string): Chart[] => {
    if (!chart) notes.push(missing);
    return chart ? [chart] : [];
  };
  const n = results.nouns;
  const charts = [
    winRatesChart(a, results),
    ...optional(scoreMarginChart(a, results), `${n.score} margin chart omitted: the results have no marginHist block.`),
    // A ruleset without classes of win has nothing to chart: no note (it is not missing data).
    ...(results.blocks.has('winClass') ? optional(winClassesChart(a, results), 'Classes-of-win chart omitted: the winClass block is empty.') : []),
    lethalityChart(a, results),
    valueHeldChart(a, results),
    ...optional(spreadChart(a, results), 'Spread-between-games chart omitted: the results predate the distribution blocks (run again).'),
    ...optional(gameLengthChart(a, results), 'Game-length chart omitted: the results predate the gameLengthHist block (run again).'),
    ...optional(endCauseChart(a, results), 'How-games-ended chart omitted: the results predate the endCause block (run again).'),
    ...optional(typeLethalityChart(a, results), `Losses-by-${n.unit}-type chart omitted: the results have no typeCasualties and typeFielded blocks.`),
    ...optional(typeCostChart(a, results), `Cost-by-${n.unit}-type chart omitted: the results have no typeCost and typeCostLostSteps blocks.`),
    ...optional(costEffectivenessChart(a, results), 'Cost-effectiveness chart omitted: the results have no typeCost block with typeKills or typeCostLost.'),
    // The fair-cost chart needs a balance result (report --balance): no note on every ordinary report.
    ...(balance ? optional(fairCostChart(balance, n), 'Fair-cost chart omitted: the balance result has no fitted features.') : []),
    ...(comparison ? differenceCharts(comparison.comparison) : []),
  ];
  const tables = summaryTables(a, results, balance, tournament);
  if (comparison) tables.push(compareSummaryTable(comparison.comparison));
  return { results, analysis: a, charts, tables, notes, comparison };
}
