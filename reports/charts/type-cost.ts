/** Cost still in play over time by unit type: stacked areas, one panel per side. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { cap, rowsOf, type Chart } from '../chart.ts';
import { CONFIG, PANEL, SCHEMA } from '../theme.ts';
import { TYPE_COLOURS } from './type-lethality.ts';

/** Needs typeCost and typeCostLostSteps (with typeCasualties). */
export function typeCostChart(a: Analysis, r: Results): Chart | null {
  const rows = rowsOf(a.typeLethality).filter((x) => x.costRemaining !== null);
  if (rows.length === 0) return null;
  const n = r.nouns;
  const types = [...new Set(rows.map((x) => x.type as string))];
  // Step 0 is the force as fielded.
  const start = rows.filter((x) => x.step === 1).map((x) => ({ side: x.side, type: x.type, step: 0, stepLabel: 'start', costRemaining: x.costFielded }));
  const values = [...start, ...rows.map((x) => ({ side: x.side, type: x.type, step: x.step, stepLabel: x.stepLabel, costRemaining: x.costRemaining }))];
  const what = `cost in play (${n.value})`;
  return {
    id: 'type-cost',
    title: `Cost in play by ${n.unit} type`,
    description:
      `Mean cost (${n.value} paid, with options) of each ${n.unit} type still in play at the end of each ${r.unit}, stacked per side; ${r.unit} 0 is the force as fielded. ` +
      'Means only: no per-type sums of squares are recorded.',
    spec: {
      $schema: SCHEMA,
      config: { ...CONFIG, legend: { ...CONFIG.legend, columns: 5, symbolLimit: 0 } },
      title: { text: `${cap(what)} by ${n.unit} type`, subtitle: `mean per game, by ${r.unit}` },
      data: { values },
      facet: { column: { field: 'side', type: 'nominal', sort: [...r.sides], title: null, header: { labelFontSize: 13 } } },
      spec: {
        width: PANEL,
        height: 240,
        mark: { type: 'area', line: { strokeWidth: 0.5, color: 'white' } },
        encoding: {
          x: { field: 'step', type: 'quantitative', title: r.stepAxis, scale: { domain: [0, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
          y: { field: 'costRemaining', type: 'quantitative', stack: 'zero', title: `${what}, mean per game` },
          color: { field: 'type', type: 'nominal', title: `${n.unit} type`, sort: types, scale: { domain: types, range: TYPE_COLOURS } },
          tooltip: [{ field: 'side' }, { field: 'type' }, { field: 'stepLabel', title: r.unit }, { field: 'costRemaining', format: '.1f', title: what }],
        },
      },
    },
  };
}
