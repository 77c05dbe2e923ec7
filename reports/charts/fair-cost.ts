/** Fair cost against printed cost, from a `squadsim balance` result (`report --balance FILE`). */
import type { ColumnTable } from 'arquero';
import type { Nouns } from '../../engine/tally-plan.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, SCHEMA, WIDE } from '../theme.ts';

const VERDICT_COLOURS = {
  domain: ['over-costed', 'under-costed', 'ok', 'unsettled', 'not exercised', 'printed cost'],
  range: ['#e45756', '#54a24b', '#4c78a8', '#b8860b', '#9d9d9d', '#222222'],
};
const COLOUR = { field: 'colour', type: 'nominal' as const, scale: VERDICT_COLOURS, title: null, legend: { symbolOpacity: 1 } };

export function fairCostChart(balance: ColumnTable | null, n: Nouns): Chart | null {
  const rows = rowsOf(balance);
  if (rows.length === 0) return null;
  const order = rows.map((x) => x.feature as string);
  const fair = rows.map((x) => ({ ...x, kind: 'fair cost', colour: x.verdict || 'ok' }));
  const printed = rows.map((x) => ({ feature: x.feature, kind: 'printed cost', value: x.printed, colour: 'printed cost' }));
  return {
    id: 'fair-cost',
    title: 'Fair cost against printed cost',
    description:
      `For each ${n.unit} type and option: the fitted fair cost in ${n.value} (dot, with its 95% interval) next to the printed cost (black diamond). ` +
      'Over-costed (red) and under-costed (green) are stated only when a fresh seed would likely repeat the call; unsettled (amber) leans one way but a fresh seed could call it either way; not exercised (grey): the players hardly used it, so it is not priced.',
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: 'Fair cost vs printed cost', subtitle: `${n.value}; fitted from paired random-roster games, 95% intervals` },
      width: WIDE - 180,
      height: { step: 22 },
      encoding: { y: { field: 'feature', type: 'nominal', sort: order, title: null } },
      layer: [
        {
          data: { values: fair },
          mark: { type: 'rule', strokeWidth: 2 },
          encoding: { x: { field: 'lo', type: 'quantitative', title: 'points' }, x2: { field: 'hi' }, color: COLOUR },
        },
        {
          data: { values: fair },
          mark: { type: 'point', filled: true, size: 70, opacity: 1 },
          encoding: {
            x: { field: 'fair', type: 'quantitative' },
            color: COLOUR,
            tooltip: [{ field: 'feature' }, { field: 'printed', title: 'printed cost' }, { field: 'fair', format: '.1f', title: 'fair cost' }, { field: 'lo', format: '.1f' }, { field: 'hi', format: '.1f' }, { field: 'verdict' }],
          },
        },
        {
          data: { values: printed },
          mark: { type: 'point', shape: 'diamond', filled: true, size: 60, opacity: 0.9 },
          encoding: { x: { field: 'value', type: 'quantitative' }, color: COLOUR },
        },
      ],
    },
  };
}
