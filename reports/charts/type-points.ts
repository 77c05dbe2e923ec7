/** Points remaining over time by soldier type: stacked areas, one panel per side. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, PANEL, SCHEMA } from '../theme.ts';
import { TYPE_COLOURS } from './type-lethality.ts';

/** Needs typePoints and typePointsLostSteps (with typeCasualties). */
export function typePointsChart(a: Analysis, r: Results): Chart | null {
  const rows = rowsOf(a.typeLethality).filter((x) => x.pointsRemaining !== null);
  if (rows.length === 0) return null;
  const types = [...new Set(rows.map((x) => x.type as string))];
  // Step 0 is the force as fielded.
  const start = rows.filter((x) => x.step === 1).map((x) => ({ side: x.side, type: x.type, step: 0, pointsRemaining: x.pointsFielded }));
  const values = [...start, ...rows.map((x) => ({ side: x.side, type: x.type, step: x.step, pointsRemaining: x.pointsRemaining }))];
  return {
    id: 'type-points',
    title: 'Points remaining by soldier type',
    description:
      `Mean points (with options) of each soldier type still in play at the end of each ${r.unit}, stacked per side; ${r.unit} 0 is the force as fielded. ` +
      'Means only: no per-type sums of squares are recorded.',
    spec: {
      $schema: SCHEMA,
      config: { ...CONFIG, legend: { ...CONFIG.legend, columns: 5, symbolLimit: 0 } },
      title: { text: 'Points remaining by soldier type', subtitle: `mean points per game still in play, by ${r.unit}` },
      data: { values },
      facet: { column: { field: 'side', type: 'nominal', sort: [...r.sides], title: null, header: { labelFontSize: 13 } } },
      spec: {
        width: PANEL,
        height: 240,
        mark: { type: 'area', line: { strokeWidth: 0.5, color: 'white' } },
        encoding: {
          x: { field: 'step', type: 'quantitative', title: r.unit, scale: { domain: [0, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
          y: { field: 'pointsRemaining', type: 'quantitative', stack: 'zero', title: 'points remaining (mean per game)' },
          color: { field: 'type', type: 'nominal', title: 'soldier type', sort: types, scale: { domain: types, range: TYPE_COLOURS } },
          tooltip: [{ field: 'side' }, { field: 'type' }, { field: 'step', title: r.unit }, { field: 'pointsRemaining', format: '.1f', title: 'points remaining' }],
        },
      },
    },
  };
}
