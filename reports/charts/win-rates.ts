/** Win and draw rates with 95% Wilson intervals as error bars. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, pct, SCHEMA, sideScale, WIDE } from '../theme.ts';

export function winRatesChart(a: Analysis, r: Results): Chart {
  const values = rowsOf(a.winRates).map((w) => ({
    ...w,
    label: `${pct(w.rate)}  (${pct(w.lo)}–${pct(w.hi)})`,
  }));
  return {
    id: 'win-rates',
    title: 'Win rates',
    description: `Share of ${r.games.toLocaleString('en-US')} games won by each side, and drawn. Whiskers: 95% Wilson score interval.`,
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: 'Win rates', subtitle: `${r.sides[0]} vs ${r.sides[1]}, ${r.games.toLocaleString('en-US')} games, 95% intervals` },
      width: WIDE - 140,
      height: { step: 44 },
      data: { values },
      encoding: { y: { field: 'outcome', type: 'nominal', sort: null, title: null, axis: { labelFontSize: 12 } } },
      layer: [
        {
          mark: { type: 'bar', height: { band: 0.6 } },
          encoding: {
            x: { field: 'rate', type: 'quantitative', title: 'share of games', scale: { domain: [0, 1] }, axis: { format: '.0%' } },
            color: { field: 'outcome', type: 'nominal', scale: sideScale(r.sides, true), legend: null },
            tooltip: [{ field: 'outcome' }, { field: 'games', format: ',' }, { field: 'rate', format: '.2%' }, { field: 'lo', format: '.2%' }, { field: 'hi', format: '.2%' }],
          },
        },
        { mark: { type: 'errorbar', ticks: { size: 14 }, thickness: 1.5, color: '#222' }, encoding: { x: { field: 'lo', type: 'quantitative', title: 'share of games' }, x2: { field: 'hi' } } },
        { mark: { type: 'text', align: 'left', dx: 8, fontSize: 12 }, encoding: { x: { field: 'hi', type: 'quantitative', title: 'share of games' }, text: { field: 'label' } } },
      ],
    },
  };
}
