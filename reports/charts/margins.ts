/** How wide the wins are: the score margin histogram and the classes of win. */
import type { Analysis } from '../../analysis/index.ts';
import type { Results } from '../../analysis/load.ts';
import { cap, rowsOf, type Chart } from '../chart.ts';
import { CONFIG, DRAW_COLOUR, SCHEMA, SIDE_COLOURS, sideScale, WIDE } from '../theme.ts';

/** Needs marginHist. Bars right of 0 are games side 0 led on score, left of 0 side 1. */
export function scoreMarginChart(a: Analysis, r: Results): Chart | null {
  if (!a.margins) return null;
  const rows = rowsOf(a.margins);
  const ahead = [`${r.sides[0]} ahead`, `${r.sides[1]} ahead`, 'about level'];
  const numeric = rows.every((m) => m.value !== null);
  // Numeric bins are drawn on a numeric axis, each bar as wide as the spacing of bin centres.
  const gaps = numeric ? rows.slice(1).map((m, i) => m.value - rows[i].value) : [];
  const width = gaps.length ? Math.min(...gaps) : 1;
  const values = rows.map((m) => ({
    ...m,
    from: numeric ? m.value - width / 2 : null,
    to: numeric ? m.value + width / 2 : null,
    leader: !numeric ? 'bin' : m.value > 0 ? ahead[0] : m.value < 0 ? ahead[1] : ahead[2],
  }));
  const x = numeric
    ? { x: { field: 'from', type: 'quantitative' as const, title: `${r.nouns.score} margin (${r.sides[0]} − ${r.sides[1]})`, scale: { nice: false } }, x2: { field: 'to' } }
    : { x: { field: 'bin', type: 'ordinal' as const, title: `${r.nouns.score} margin`, sort: { field: 'order' }, axis: { labelOverlap: 'greedy' as const } } };
  return {
    id: 'score-margins',
    title: `${cap(r.nouns.scoreLong)} margins`,
    description: `Distribution of the ${r.nouns.score} margin (${r.sides[0]} minus ${r.sides[1]}) over all games, in the ruleset's bins; bars are coloured by the side ahead on ${r.nouns.score} (the bin at 0 holds near-level games).`,
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: `${cap(r.nouns.scoreLong)} margin`, subtitle: `${r.sides[0]} minus ${r.sides[1]}, share of games per bin` },
      width: WIDE,
      height: 220,
      data: { values },
      mark: { type: numeric ? 'rect' : 'bar', stroke: 'white', strokeWidth: 0.5 },
      encoding: {
        ...x,
        y: { field: 'share', type: 'quantitative', title: 'share of games', axis: { format: '.0%' } },
        ...(numeric ? { y2: { datum: 0 } } : {}),
        color: { field: 'leader', type: 'nominal', title: null, sort: ahead, scale: { domain: ahead, range: [...SIDE_COLOURS, DRAW_COLOUR] } },
        tooltip: [{ field: 'bin', title: 'margin (bin)' }, { field: 'games', format: ',' }, { field: 'share', format: '.2%' }],
      },
    },
  };
}

/** Needs the winClass block (NCO: the rulebook's margin-of-victory classes; Iron Squad: how games are decided). */
export function winClassesChart(a: Analysis, r: Results): Chart | null {
  if (!a.winClasses) return null;
  const values = rowsOf(a.winClasses);
  const classes = [...new Map(values.map((v) => [v.class, v.order])).entries()].sort((x, y) => x[1] - y[1]).map((x) => x[0]);
  return {
    id: 'win-classes',
    title: 'Classes of win',
    description: "Share of all games each side won in each class of win the ruleset defines (NCO: the rulebook's margin-of-victory classes; Iron Squad: how the game was decided, by a mission, on VP or by a tie-break). Whiskers: 95% Wilson interval.",
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: 'Classes of win', subtitle: 'share of all games won in each class, 95% intervals' },
      width: WIDE - 160,
      height: { step: 16 },
      data: { values },
      encoding: {
        y: { field: 'class', type: 'nominal', sort: classes, title: null },
        yOffset: { field: 'side', type: 'nominal', sort: [...r.sides] },
      },
      layer: [
        {
          mark: 'bar',
          encoding: {
            x: { field: 'rate', type: 'quantitative', title: 'share of games', axis: { format: '.0%' } },
            color: { field: 'side', type: 'nominal', title: 'winner', scale: sideScale(r.sides) },
            tooltip: [{ field: 'side' }, { field: 'class' }, { field: 'games', format: ',' }, { field: 'rate', format: '.2%' }],
          },
        },
        { mark: { type: 'errorbar', ticks: { size: 6 }, color: '#222' }, encoding: { x: { field: 'lo', type: 'quantitative', title: 'share of games' }, x2: { field: 'hi' } } },
      ],
    },
  };
}
