/**
 * Distributions, not only means (issue 31): how far games spread around the mean curves
 * (median and 10–90% band of losses so far and of the share of starting value held), how
 * long games last, and the chance of at least k losses by each step.
 */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, PANEL, SCHEMA, sideColour, WIDE } from '../theme.ts';

export function spreadChart(a: Analysis, r: Results): Chart | null {
  if (!a.sideSpread) return null;
  const LOST = `${r.nouns.units} lost so far`, HELD = `share of starting ${r.nouns.value} held`;
  const rows = rowsOf(a.sideSpread);
  const values = [
    ...rows.map((x) => ({ side: x.side, step: x.step, stepLabel: x.stepLabel, measure: LOST, p10: x.lostP10, p50: x.lostP50, p90: x.lostP90 })),
    ...rows.map((x) => ({ side: x.side, step: x.step, stepLabel: x.stepLabel, measure: HELD, p10: x.shareP10, p50: x.shareP50, p90: x.shareP90 })),
  ];
  const colour = sideColour(r);
  return {
    id: 'spread',
    title: 'Spread between games',
    description:
      `How games spread around the means: the median game (line) and the middle 80% of games (band, 10% to 90%) for ${r.nouns.units} lost by the end of each ${r.stepAxis} (left) ` +
      `and the share of its starting ${r.nouns.value} a side still holds (right, in 5% steps rounded down).`,
    spec: {
      $schema: SCHEMA, config: CONFIG,
      title: { text: 'Spread between games', subtitle: `median and 10–90% of games, by ${r.stepAxis}` },
      data: { values },
      facet: { column: { field: 'measure', type: 'nominal', sort: [LOST, HELD], title: null, header: { labelFontSize: 13 } } },
      resolve: { scale: { y: 'independent' } },
      spec: {
        width: PANEL, height: 230,
        encoding: { x: { field: 'step', type: 'quantitative', title: r.stepAxis, scale: { domain: [1, r.steps] }, axis: { tickMinStep: 1, format: 'd' } } },
        layer: [
          { mark: { type: 'area', opacity: 0.2 }, encoding: { y: { field: 'p10', type: 'quantitative' }, y2: { field: 'p90' }, color: colour } },
          {
            mark: { type: 'line', point: true, strokeWidth: 2, interpolate: 'step-after' },
            encoding: {
              color: colour,
              y: { field: 'p50', type: 'quantitative', title: 'median game (band: 10–90%)' },
              tooltip: [{ field: 'side' }, { field: 'stepLabel', title: r.unit }, { field: 'p10', title: '10%' }, { field: 'p50', title: 'median' }, { field: 'p90', title: '90%' }],
            },
          },
        ],
      },
    } as any,
  };
}

export function gameLengthChart(a: Analysis, r: Results): Chart | null {
  if (!a.gameLength) return null;
  const values = rowsOf(a.gameLength);
  return {
    id: 'game-length',
    title: 'Game length',
    description: `Share of games ending in each ${r.stepAxis} (a game that runs its full length ends in the last).`,
    spec: {
      $schema: SCHEMA, config: CONFIG,
      title: { text: 'Game length', subtitle: `share of games ending in each ${r.stepAxis}` },
      width: WIDE - 160, height: 180,
      data: { values },
      mark: { type: 'bar', color: '#5b7fa6' },
      encoding: {
        x: { field: 'stepLabel', type: 'ordinal', sort: null, title: r.stepAxis, axis: { labelAngle: 0, labelOverlap: 'greedy' } },
        y: { field: 'share', type: 'quantitative', title: 'share of games', axis: { format: '.0%' } },
        tooltip: [{ field: 'stepLabel', title: r.unit }, { field: 'games' }, { field: 'share', format: '.1%' }],
      },
    } as any,
  };
}

/** How games ended: each outcome's share of games, split by end cause (stacked bars). */
export function endCauseChart(a: Analysis, r: Results): Chart | null {
  if (!a.endCauses) return null;
  const values = rowsOf(a.endCauses);
  return {
    id: 'end-cause',
    title: 'How games ended',
    description: `Share of all games by outcome and how they ended: a side wiped out, time ran out (every ${r.unit} played), or ended sooner by the rules (a mission, objective or morale end).`,
    spec: {
      $schema: SCHEMA, config: CONFIG,
      title: { text: 'How games ended', subtitle: 'share of all games, by outcome and end cause' },
      width: WIDE - 260, height: 120,
      data: { values },
      mark: { type: 'bar' },
      encoding: {
        y: { field: 'outcome', type: 'nominal', sort: null, title: null },
        x: { field: 'share', type: 'quantitative', stack: 'zero', title: 'share of games', axis: { format: '.0%' } },
        color: { field: 'cause', type: 'nominal', title: 'ended by', sort: null, scale: { range: ['#b5443b', '#5b7fa6', '#7aa35b'] } },
        tooltip: [{ field: 'outcome' }, { field: 'cause', title: 'ended by' }, { field: 'games' }, { field: 'share', format: '.1%' }],
      },
    } as any,
  };
}
