/** Cost-effectiveness by unit type: kills per 100 of cost (points, health…) spent, and the share of cost lost. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { cap, rowsOf, type Chart } from '../chart.ts';
import { CONFIG, HALF, PANEL, SCHEMA, sideScale } from '../theme.ts';

/** Needs typeCost with typeKills and/or typeCostLost. */
export function costEffectivenessChart(a: Analysis, r: Results): Chart | null {
  const n = r.nouns, v = n.value;
  // Types that cost nothing (e.g. NCO's mandatory Sergeant) have no per-cost value: say so on the bar.
  const values: Record<string, any>[] = rowsOf(a.costEffectiveness).map((x) => ({ ...x, type: r.typeName(x.type), free: x.costPerGame === 0 ? `costs 0 ${v}` : null }));
  const hasKills = values.some((x) => x.killsPer100Cost !== null);
  const hasLoss = values.some((x) => x.lossRate !== null);
  if (values.length === 0 || (!hasKills && !hasLoss)) return null;
  const types = [...new Set(values.map((x) => x.type as string))];
  const y = { field: 'type', type: 'nominal' as const, sort: types, title: null };
  const yOffset = { field: 'side', type: 'nominal' as const, sort: [...r.sides] };
  const color = { field: 'side', type: 'nominal' as const, title: null, scale: sideScale(r.sides) };
  const tooltip = [
    { field: 'side' }, { field: 'type' }, { field: 'costPerGame', format: '.1f', title: `${v} per game` },
    { field: 'killsPer100Cost', format: '.2f', title: `kills per 100 ${v}` }, { field: 'lossRate', format: '.1%', title: `${v} lost` },
    { field: 'lossShare', format: '.1%', title: "share of side's losses" }, { field: 'costShare', format: '.1%', title: `share of side's ${v}` },
  ];
  // One note per free type (not one per side: the two would overlap in the band).
  const freeNote = {
    transform: [{ filter: 'datum.free != null' }, { aggregate: [{ op: 'min' as const, field: 'free', as: 'free' }, { op: 'min' as const, field: 'side', as: 'side' }], groupby: ['type'] }],
    mark: { type: 'text' as const, align: 'left' as const, dx: 4, fontSize: 10, color: '#777' },
    encoding: { y, yOffset, x: { datum: 0, type: 'quantitative' as const }, text: { field: 'free' } },
  };
  // Two panels share the type axis: only the first shows its labels, so both fit 800 px.
  const width = hasKills && hasLoss ? HALF : PANEL;
  const yBare = { ...y, axis: { labels: false, ticks: false, domain: false } };
  const panels = [];
  if (hasKills) {
    panels.push({
      width, height: { step: 11 }, title: `kills per 100 ${v} fielded`,
      layer: [
        { mark: 'bar' as const, encoding: { y, yOffset, color, tooltip, x: { field: 'killsPer100Cost', type: 'quantitative' as const, title: `enemy ${n.units} taken out per 100 ${v}` } } },
        freeNote,
      ],
    });
  }
  if (hasLoss) {
    panels.push({
      width, height: { step: 11 }, title: `share of the type's ${v} lost`,
      layer: [
        { mark: 'bar' as const, encoding: { y: hasKills ? yBare : y, yOffset, color, tooltip, x: { field: 'lossRate', type: 'quantitative' as const, title: `${v} lost / ${v} fielded`, scale: { domain: [0, 1] }, axis: { format: '.0%' } } } },
        hasKills ? { ...freeNote, encoding: { ...freeNote.encoding, y: yBare } } : freeNote,
      ],
    });
  }
  return {
    id: 'cost-effectiveness',
    title: `Cost-effectiveness by ${n.unit} type`,
    description:
      `Left: enemy ${n.units} taken out per 100 ${v} of the type fielded (higher is better value). ` +
      `Right: share of the type's ${v} that was lost (lower survives better). Bars per side; types a side did not field are absent.`,
    spec: {
      $schema: SCHEMA,
      config: { ...CONFIG, title: { ...CONFIG.title, anchor: 'start' } },
      title: { text: `${cap('cost-effectiveness')} by ${n.unit} type`, subtitle: 'mean over all games, per side' },
      data: { values },
      hconcat: panels,
      resolve: { scale: { y: 'shared' } },
    },
  };
}
