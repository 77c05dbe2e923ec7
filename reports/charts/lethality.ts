/** Lethality over time per side: casualties per step and cumulative, with 95% bands. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { cap, rowsOf, type Chart } from '../chart.ts';
import { CONFIG, PANEL, SCHEMA, sideColour } from '../theme.ts';

export function lethalityChart(a: Analysis, r: Results): Chart {
  const PER_STEP = `casualties in the ${r.unit}`;
  const CUMULATIVE = 'cumulative casualties';
  const rows = rowsOf(a.sideLethality);
  const values = [
    ...rows.map((x) => ({ side: x.side, step: x.step, stepLabel: x.stepLabel, measure: PER_STEP, mean: x.casualties, lo: x.casualtiesLo, hi: x.casualtiesHi })),
    ...rows.map((x) => ({ side: x.side, step: x.step, stepLabel: x.stepLabel, measure: CUMULATIVE, mean: x.cumCasualties, lo: x.cumCasualtiesLo, hi: x.cumCasualtiesHi })),
  ];
  const colour = sideColour(r);
  return {
    id: 'lethality',
    title: 'Lethality over time',
    description:
      `Mean ${r.nouns.units} lost per game by each side in each ${r.stepAxis} (left) and in total by the end of it (right). ` +
      'Bands: 95% confidence interval of the mean (from per-game sums of squares).',
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: 'Lethality over time', subtitle: `mean casualties per game, by ${r.unit}, 95% bands` },
      data: { values },
      facet: { column: { field: 'measure', type: 'nominal', sort: [PER_STEP, CUMULATIVE], title: null, header: { labelFontSize: 13 } } },
      resolve: { scale: { y: 'independent' } },
      spec: {
        width: PANEL,
        height: 230,
        encoding: {
          x: { field: 'step', type: 'quantitative', title: r.stepAxis, scale: { domain: [1, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
        },
        layer: [
          { mark: { type: 'area', opacity: 0.22 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: colour } },
          {
            mark: { type: 'line', point: true, strokeWidth: 2 },
            encoding: {
              color: colour,
              y: { field: 'mean', type: 'quantitative', title: `${r.nouns.units} lost (mean per game)` },
              tooltip: [{ field: 'side' }, { field: 'stepLabel', title: r.unit }, { field: 'mean', format: '.3f' }, { field: 'lo', format: '.3f' }, { field: 'hi', format: '.3f' }],
            },
          },
        ],
      },
    },
  };
}

/** The value each side holds at the end of each step (step 0: at the start). */
export function valueHeldChart(a: Analysis, r: Results): Chart {
  const rows = rowsOf(a.sideLethality);
  const v = r.nouns.value;
  const start = r.sides.map((side) => {
    const first = rows.find((x) => x.side === side);
    return { side, step: 0, stepLabel: 'start', mean: first?.startingValue ?? 0, lo: null, hi: null };
  });
  const values = [...start, ...rows.map((x) => ({ side: x.side, step: x.step, stepLabel: x.stepLabel, mean: x.survivingValue, lo: x.survivingValueLo, hi: x.survivingValueHi, share: x.survivingShare }))];
  const colour = sideColour(r);
  return {
    id: 'value-held',
    title: `${cap(v)} held over time`,
    description:
      `Mean ${v} each side holds (its ${r.nouns.units} still in play, valued as the ruleset scores them) at the end of each ${r.stepAxis}; ${r.stepAxis} 0 is the starting force. ` +
      'Bands: 95% confidence interval of the mean.',
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: `${cap(v)} held`, subtitle: `mean ${v} held per game at the end of each ${r.stepAxis}, 95% bands` },
      width: 2 * PANEL + 40,
      height: 250,
      data: { values },
      encoding: {
        x: { field: 'step', type: 'quantitative', title: r.stepAxis, scale: { domain: [0, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
      },
      layer: [
        { mark: { type: 'area', opacity: 0.22 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: colour } },
        {
          mark: { type: 'line', point: true, strokeWidth: 2 },
          encoding: {
            color: colour,
            y: { field: 'mean', type: 'quantitative', title: `${v} held (mean per game)`, scale: { zero: true } },
            tooltip: [{ field: 'side' }, { field: 'stepLabel', title: r.unit }, { field: 'mean', format: '.1f' }, { field: 'share', format: '.1%', title: `of starting ${v}` }],
          },
        },
      ],
    },
  };
}
