/** Cost still in play over time by unit type: one small panel per type, one line per side. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { cap, rowsOf, type Chart } from '../chart.ts';
import { CONFIG, SCHEMA, SMALL, sideColour, typeFacet } from '../theme.ts';

/** Needs typeCost and typeCostLostSteps (with typeCasualties). */
export function typeCostChart(a: Analysis, r: Results): Chart | null {
  const rows: Record<string, any>[] = rowsOf(a.typeLethality).filter((x) => x.costRemaining !== null).map((x) => ({ ...x, type: r.typeName(x.type) }));
  if (rows.length === 0) return null;
  const n = r.nouns;
  const types = [...new Set(rows.map((x) => x.type as string))];
  // Step 0 is the force as fielded.
  const start = rows.filter((x) => x.step === 1).map((x) => ({ side: x.side, type: x.type, step: 0, stepLabel: 'start', costRemaining: x.costFielded }));
  const values = [...start, ...rows.map((x) => ({ side: x.side, type: x.type, step: x.step, stepLabel: x.stepLabel, costRemaining: x.costRemaining }))];
  const what = `cost in play (${n.value})`;
  const colour = sideColour(r);
  return {
    id: 'type-cost',
    title: `Cost in play by ${n.unit} type`,
    description:
      `Mean cost (${n.value} paid, with options) of each ${n.unit} type still in play at the end of each ${r.stepAxis}: one panel per type, one line per side; ${r.stepAxis} 0 is the force as fielded. ` +
      'Means only: no per-type sums of squares are recorded.',
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: `${cap(what)} by ${n.unit} type`, subtitle: `mean per game, by ${r.unit}` },
      data: { values },
      // Small multiples like the losses chart (a stack of a dozen similar colours could not be read).
      ...typeFacet(types),
      spec: {
        width: SMALL,
        height: SMALL * 0.75,
        mark: { type: 'line', point: { size: 18 }, strokeWidth: 1.8 },
        encoding: {
          x: { field: 'step', type: 'quantitative', title: r.stepAxis, scale: { domain: [0, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
          y: { field: 'costRemaining', type: 'quantitative', title: `${n.value} in play`, axis: { tickCount: 4 } },
          color: colour,
          tooltip: [{ field: 'type' }, { field: 'side' }, { field: 'stepLabel', title: r.unit }, { field: 'costRemaining', format: '.1f', title: what }],
        },
      },
    },
  };
}
