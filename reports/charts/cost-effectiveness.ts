/** Cost-effectiveness by soldier type: kills per 100 points spent, and the share of points lost. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, PANEL, SCHEMA, sideScale } from '../theme.ts';

/** Needs typePoints with typeKills and/or typePointsLost. */
export function costEffectivenessChart(a: Analysis, r: Results): Chart | null {
  // Types that cost nothing (e.g. NCO's mandatory Sergeant) have no per-point value: say so on the bar.
  const values: Record<string, any>[] = rowsOf(a.costEffectiveness).map((x) => ({ ...x, free: x.pointsPerGame === 0 ? 'costs 0 points' : null }));
  const hasKills = values.some((x) => x.killsPer100Points !== null);
  const hasLoss = values.some((x) => x.lossRate !== null);
  if (values.length === 0 || (!hasKills && !hasLoss)) return null;
  const types = [...new Set(values.map((x) => x.type as string))];
  const y = { field: 'type', type: 'nominal' as const, sort: types, title: null };
  const yOffset = { field: 'side', type: 'nominal' as const, sort: [...r.sides] };
  const color = { field: 'side', type: 'nominal' as const, title: null, scale: sideScale(r.sides) };
  const tooltip = [
    { field: 'side' }, { field: 'type' }, { field: 'pointsPerGame', format: '.1f', title: 'points per game' },
    { field: 'killsPer100Points', format: '.2f', title: 'kills per 100 points' }, { field: 'lossRate', format: '.1%', title: 'points lost' },
    { field: 'lossShare', format: '.1%', title: "share of side's losses" }, { field: 'pointsShare', format: '.1%', title: "share of side's points" },
  ];
  const freeNote = {
    transform: [{ filter: 'datum.free != null' }],
    mark: { type: 'text' as const, align: 'left' as const, dx: 4, fontSize: 10, color: '#777' },
    encoding: { y, yOffset, x: { datum: 0, type: 'quantitative' as const }, text: { field: 'free' } },
  };
  const panels = [];
  if (hasKills) {
    panels.push({
      width: PANEL, height: { step: 11 }, title: 'kills per 100 points spent',
      layer: [
        { mark: 'bar' as const, encoding: { y, yOffset, color, tooltip, x: { field: 'killsPer100Points', type: 'quantitative' as const, title: 'enemy soldiers taken out per 100 points' } } },
        freeNote,
      ],
    });
  }
  if (hasLoss) {
    panels.push({
      width: PANEL, height: { step: 11 }, title: "share of the type's points lost",
      layer: [
        { mark: 'bar' as const, encoding: { y, yOffset, color, tooltip, x: { field: 'lossRate', type: 'quantitative' as const, title: 'points lost / points spent', scale: { domain: [0, 1] }, axis: { format: '.0%' } } } },
        freeNote,
      ],
    });
  }
  return {
    id: 'cost-effectiveness',
    title: 'Cost-effectiveness by soldier type',
    description:
      'Left: enemy soldiers taken out per 100 points spent on the type (higher is better value). ' +
      "Right: share of the points spent on the type that was lost (lower survives better). Bars per side; types a side did not field are absent.",
    spec: {
      $schema: SCHEMA,
      config: { ...CONFIG, title: { ...CONFIG.title, anchor: 'start' } },
      title: { text: 'Cost-effectiveness by soldier type', subtitle: 'mean over all games, per side' },
      data: { values },
      hconcat: panels,
      resolve: { scale: { y: 'shared' } },
    },
  };
}
