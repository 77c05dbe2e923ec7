/** Lethality over time per side: casualties per step and cumulative, with 95% bands. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, PANEL, SCHEMA, sideScale } from '../theme.ts';

export function lethalityChart(a: Analysis, r: Results): Chart {
  const PER_STEP = `casualties in the ${r.unit}`;
  const CUMULATIVE = 'cumulative casualties';
  const rows = rowsOf(a.sideLethality);
  const values = [
    ...rows.map((x) => ({ side: x.side, step: x.step, measure: PER_STEP, mean: x.casualties, lo: x.casualtiesLo, hi: x.casualtiesHi })),
    ...rows.map((x) => ({ side: x.side, step: x.step, measure: CUMULATIVE, mean: x.cumCasualties, lo: x.cumCasualtiesLo, hi: x.cumCasualtiesHi })),
  ];
  const banded = rows.some((x) => x.casualtiesLo !== null);
  const colour = sideColour(r);
  return {
    id: 'lethality',
    title: 'Lethality over time',
    description:
      `Mean soldiers lost per game by each side in each ${r.unit} (left) and in total by the end of it (right). ` +
      (banded ? 'Bands: 95% confidence interval of the mean (from per-game sums of squares).' : 'This ruleset records no sums of squares, so the curves have no bands.'),
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: 'Lethality over time', subtitle: `mean casualties per game, by ${r.unit}${banded ? ', 95% bands' : ''}` },
      data: { values },
      facet: { column: { field: 'measure', type: 'nominal', sort: [PER_STEP, CUMULATIVE], title: null, header: { labelFontSize: 13 } } },
      resolve: { scale: { y: 'independent' } },
      spec: {
        width: PANEL,
        height: 230,
        encoding: {
          x: { field: 'step', type: 'quantitative', title: r.unit, scale: { domain: [1, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
        },
        layer: [
          { mark: { type: 'area', opacity: 0.22 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: colour } },
          {
            mark: { type: 'line', point: true, strokeWidth: 2 },
            encoding: {
              color: colour,
              y: { field: 'mean', type: 'quantitative', title: 'soldiers lost (mean per game)' },
              tooltip: [{ field: 'side' }, { field: 'step', title: r.unit }, { field: 'mean', format: '.3f' }, { field: 'lo', format: '.3f' }, { field: 'hi', format: '.3f' }],
            },
          },
        ],
      },
    },
  };
}

/** Surviving points per side at the end of each step (step 0: the starting points). */
export function pointsRemainingChart(a: Analysis, r: Results): Chart {
  const rows = rowsOf(a.sideLethality);
  const start = r.sides.map((side) => {
    const first = rows.find((x) => x.side === side);
    return { side, step: 0, mean: first?.startingPoints ?? 0, lo: null, hi: null };
  });
  const values = [...start, ...rows.map((x) => ({ side: x.side, step: x.step, mean: x.survivingPoints, lo: x.survivingPointsLo, hi: x.survivingPointsHi, share: x.survivingShare }))];
  const banded = rows.some((x) => x.survivingPointsLo !== null);
  const colour = sideColour(r);
  return {
    id: 'points-remaining',
    title: 'Points remaining over time',
    description:
      `Mean points of each side's soldiers still in play at the end of each ${r.unit}; ${r.unit} 0 is the starting force. ` +
      (banded ? 'Bands: 95% confidence interval of the mean.' : 'No bands: this ruleset records no sums of squares.'),
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: 'Points remaining', subtitle: `mean surviving points per game at the end of each ${r.unit}${banded ? ', 95% bands' : ''}` },
      width: 2 * PANEL + 40,
      height: 250,
      data: { values },
      encoding: {
        x: { field: 'step', type: 'quantitative', title: r.unit, scale: { domain: [0, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
      },
      layer: [
        { mark: { type: 'area', opacity: 0.22 }, encoding: { y: { field: 'lo', type: 'quantitative' }, y2: { field: 'hi' }, color: colour } },
        {
          mark: { type: 'line', point: true, strokeWidth: 2 },
          encoding: {
            color: colour,
            y: { field: 'mean', type: 'quantitative', title: 'points remaining (mean per game)', scale: { zero: true } },
            tooltip: [{ field: 'side' }, { field: 'step', title: r.unit }, { field: 'mean', format: '.1f' }, { field: 'share', format: '.1%', title: 'of starting points' }],
          },
        },
      ],
    },
  };
}

function sideColour(r: Results) {
  return { field: 'side', type: 'nominal' as const, title: null, sort: [...r.sides], scale: sideScale(r.sides), legend: { symbolType: 'stroke', symbolStrokeWidth: 3, symbolOpacity: 1 } };
}
