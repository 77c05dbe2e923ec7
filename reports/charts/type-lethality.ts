/** Lethality per unit type: cumulative share of each type's units lost, per side. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { rowsOf, type Chart } from '../chart.ts';
import { CONFIG, SCHEMA, SMALL, sideColour, typeFacet } from '../theme.ts';

/** Needs typeCasualties and typeFielded (the share needs the number fielded). */
export function typeLethalityChart(a: Analysis, r: Results): Chart | null {
  const values = rowsOf(a.typeLethality).filter((x) => x.lostShare !== null).map((x) => ({ ...x, type: r.typeName(x.type) }));
  if (values.length === 0) return null;
  const types = [...new Set(values.map((x) => x.type as string))];
  const n = r.nouns;
  const colour = sideColour(r);
  return {
    id: 'type-lethality',
    title: `Losses by ${n.unit} type`,
    description:
      `Cumulative share of each ${n.unit} type's fielded ${n.units} lost by the end of each ${r.stepAxis}: one panel per type, one line per side. ` +
      `Bands: 95% Wilson interval counting each fielded ${n.unit} as one trial (narrower than a per-game interval, since the ${n.units} of one game share its fate).`,
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: `Losses by ${n.unit} type`, subtitle: `share of the type's ${n.units} lost by the end of each ${r.stepAxis}, 95% bands` },
      data: { values },
      // Small multiples, one per type, coloured by side: a dozen type colours cannot be told
      // apart, and the panel title names the type in full (no truncated legend).
      ...typeFacet(types),
      spec: {
        width: SMALL,
        height: SMALL * 0.75,
        encoding: {
          x: { field: 'step', type: 'quantitative', title: r.stepAxis, scale: { domain: [1, r.steps] }, axis: { tickMinStep: 1, format: 'd' } },
        },
        layer: [
          { mark: { type: 'area', opacity: 0.15 }, encoding: { y: { field: 'lostShareLo', type: 'quantitative' }, y2: { field: 'lostShareHi' }, color: colour } },
          {
            mark: { type: 'line', point: { size: 18 }, strokeWidth: 1.8 },
            encoding: {
              color: colour,
              y: { field: 'lostShare', type: 'quantitative', title: 'share lost', scale: { domain: [0, 1] }, axis: { format: '.0%', tickCount: 5 } },
              tooltip: [{ field: 'type' }, { field: 'side' }, { field: 'stepLabel', title: r.unit }, { field: 'lostShare', format: '.1%' }, { field: 'fieldedPerGame', format: '.2f', title: 'fielded per game' }],
            },
          },
        ],
      },
    },
  };
}
