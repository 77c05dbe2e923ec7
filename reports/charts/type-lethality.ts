/** Lethality per unit type: cumulative share of each type's units lost, per side. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, PANEL, SCHEMA } from '../theme.ts';

// Strong, distinguishable colours (no pale halves of paired palettes: they vanish on white).
export const TYPE_COLOURS = ['#4c78a8', '#f58518', '#54a24b', '#e45756', '#72b7b2', '#b279a2', '#9d755d', '#eeca3b', '#17becf', '#ff9da6', '#7f7f7f', '#8c564b', '#bcbd22', '#1f3b73', '#d62728', '#2ca02c'];

/** Needs typeCasualties and typeFielded (the share needs the number fielded). */
export function typeLethalityChart(a: Analysis, r: Results): Chart | null {
  const values = rowsOf(a.typeLethality).filter((x) => x.lostShare !== null);
  if (values.length === 0) return null;
  const types = [...new Set(values.map((x) => x.type as string))];
  const n = r.nouns;
  const colour = { field: 'type', type: 'nominal' as const, title: `${n.unit} type`, sort: types, scale: { domain: types, range: TYPE_COLOURS }, legend: { symbolType: 'stroke', symbolStrokeWidth: 3, symbolOpacity: 1 } };
  return {
    id: 'type-lethality',
    title: `Losses by ${n.unit} type`,
    description:
      `Cumulative share of each ${n.unit} type's fielded ${n.units} lost by the end of each ${r.unit}, per side. ` +
      `Bands: 95% Wilson interval counting each fielded ${n.unit} as one trial (narrower than a per-game interval, since the ${n.units} of one game share its fate).`,
    spec: {
      $schema: SCHEMA,
      config: { ...CONFIG, legend: { ...CONFIG.legend, columns: 5, symbolLimit: 0 } },
      title: { text: `Losses by ${n.unit} type`, subtitle: `share of the type's ${n.units} lost by the end of each ${r.unit}, 95% bands` },
      data: { values },
      facet: { column: { field: 'side', type: 'nominal', sort: [...r.sides], title: null, header: { labelFontSize: 13 } } },
      spec: {
        width: PANEL,
        height: 240,
        encoding: {
          x: { field: 'step', type: 'quantitative', title: r.stepAxis, scale: { domain: [1, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
        },
        layer: [
          { mark: { type: 'area', opacity: 0.12 }, encoding: { y: { field: 'lostShareLo', type: 'quantitative' }, y2: { field: 'lostShareHi' }, color: colour } },
          {
            mark: { type: 'line', point: { size: 25 }, strokeWidth: 1.8 },
            encoding: {
              color: colour,
              y: { field: 'lostShare', type: 'quantitative', title: 'share of the type lost', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
              tooltip: [{ field: 'side' }, { field: 'type' }, { field: 'stepLabel', title: r.unit }, { field: 'lostShare', format: '.1%' }, { field: 'fieldedPerGame', format: '.2f', title: 'fielded per game' }],
            },
          },
        ],
      },
    },
  };
}
