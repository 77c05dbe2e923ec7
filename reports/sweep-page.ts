/**
 * sweep.html and its SVGs: each metric against the first varied field, with 95% intervals
 * (error bars), one line per side; with a second varied field, one line per value of it
 * (side 1's win rate and score).
 */
import { from } from 'arquero';
import { sweepRecords, type SweepDoc } from '../analysis/param-sweep.ts';
import { cap, type Chart } from './chart.ts';
import { chartsPage, esc } from './page.ts';
import type { SummaryTable } from './tables.ts';
import { CONFIG, pct, SCHEMA, sideScale, WIDE } from './theme.ts';

function xEncoding(doc: SweepDoc) {
  const v = doc.vary[0];
  const numeric = v.values.every((x) => typeof x === 'number');
  const ints = numeric && v.values.every((x) => Number.isInteger(x));
  return { field: 'x', type: numeric ? 'quantitative' : 'ordinal', title: v.path, ...(numeric ? { scale: { zero: false }, ...(ints ? { axis: { tickMinStep: 1, format: 'd' } } : {}) } : { sort: null }) } as const;
}

/** Long-form points: one per grid point and line (side, or value of the second field). */
function points(doc: SweepDoc, metric: 'win' | 'score') {
  const [a, b] = doc.vary;
  return doc.rows.flatMap((r) => r.sides
    .map((s, k) => ({ s, k }))
    .filter(({ k }) => !b || k === 0)
    .map(({ s }) => ({
      x: r.at[a.path],
      line: b ? `${b.path} = ${String(r.at[b.path])}` : s.side,
      y: metric === 'win' ? s.winRate : s.meanScore,
      lo: metric === 'win' ? s.winLo : s.scoreLo,
      hi: metric === 'win' ? s.winHi : s.scoreHi,
    })));
}

function metricChart(doc: SweepDoc, metric: 'win' | 'score'): Chart {
  const win = metric === 'win';
  const [a, b] = doc.vary;
  const who = b ? `${doc.rows[0].sides[0].side}'s` : "each side's";
  const yTitle = win ? 'win rate' : `mean ${doc.nouns.score}`;
  const color = b ? { field: 'line', type: 'nominal', title: b.path } : { field: 'line', type: 'nominal', title: null, scale: sideScale(doc.rows[0].sides.map((s) => s.side)) };
  return {
    id: win ? 'sweep-win-rate' : 'sweep-score',
    title: win ? `Win rate against ${a.path}` : `${cap(doc.nouns.scoreLong)} against ${a.path}`,
    description: `${who[0].toUpperCase()}${who.slice(1)} ${win ? 'share of games won' : `mean ${doc.nouns.scoreLong} per game`} at each value of ${a.path}${b ? `, one line per value of ${b.path}` : ''}; ${doc.games.toLocaleString('en-US')} games per point on the same seeds. Bars: 95% ${win ? 'Wilson' : 'normal'} intervals.`,
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: win ? 'Win rate' : `Mean ${doc.nouns.score}`, subtitle: `against ${a.path}, ${doc.games.toLocaleString('en-US')} games per point, 95% intervals` },
      width: WIDE - 120,
      height: 280,
      data: { values: points(doc, metric) },
      encoding: { x: xEncoding(doc), color } as any,
      layer: [
        // zero: false: a 4-point trend must not look flat against an axis from 0.
        { mark: { type: 'line', point: true }, encoding: { y: { field: 'y', type: 'quantitative', title: yTitle, scale: { zero: false }, ...(win ? { axis: { format: '.0%' } } : {}) }, tooltip: [{ field: 'line' }, { field: 'x', title: a.path }, { field: 'y', format: win ? '.1%' : '.2f' }, { field: 'lo', format: win ? '.1%' : '.2f' }, { field: 'hi', format: win ? '.1%' : '.2f' }] } },
        { mark: { type: 'errorbar', ticks: { size: 6 } }, encoding: { y: { field: 'lo', type: 'quantitative', title: yTitle }, y2: { field: 'hi' } } },
      ],
    } as any,
  };
}

/**
 * The number that matters: side 0's result at each point minus at the first point, paired
 * game by game on the shared seeds, with its 95% interval (one line per value of a second
 * varied field, each against its own first point).
 */
function pairedChart(doc: SweepDoc): Chart | null {
  const [a, b] = doc.vary;
  const who = doc.rows[0].sides[0].side;
  // The first point is the reference: 0 by definition, drawn so the line starts there.
  const values = doc.rows.map((r) => ({
    x: r.at[a.path], line: b ? `${b.path} = ${String(r.at[b.path])}` : who,
    diff: 100 * (r.vsFirst?.diff ?? 0), lo: 100 * (r.vsFirst?.lo ?? 0), hi: 100 * (r.vsFirst?.hi ?? 0), unpaired: 100 * (r.vsFirst?.unpairedHalfWidth ?? 0),
  }));
  if (doc.rows.every((r) => r.vsFirst === null)) return null;
  const first = doc.vary.map((v) => `${v.path} = ${String(doc.rows[0].at[v.path])}`).join(', ');
  const color = b ? { field: 'line', type: 'nominal', title: b.path } : { field: 'line', type: 'nominal', title: null, scale: sideScale([who]) };
  return {
    id: 'sweep-paired',
    title: `${who}'s result against the first point (paired)`,
    description: `${who}'s result (win 1, draw ½) at each point minus at the first point (${first}), in points per 100 games, paired game by game on the shared seeds; bars are 95% intervals. The dashed line is no change.`,
    spec: {
      $schema: SCHEMA, config: CONFIG,
      title: { text: `${who}: change from the first point`, subtitle: `paired on common seeds, ${doc.games.toLocaleString('en-US')} games per point, 95% intervals` },
      width: WIDE - 120, height: 240,
      data: { values },
      layer: [
        // No shared x: the zero rule spans the whole width.
        { mark: { type: 'rule', color: '#999', strokeDash: [3, 3] }, encoding: { y: { datum: 0, type: 'quantitative' } } },
        { mark: { type: 'line', point: true }, encoding: { x: xEncoding(doc), color, y: { field: 'diff', type: 'quantitative', title: 'points per 100 games vs first' }, tooltip: [{ field: 'line' }, { field: 'x', title: a.path }, { field: 'diff', format: '+.2f', title: 'change' }, { field: 'lo', format: '+.2f' }, { field: 'hi', format: '+.2f' }, { field: 'unpaired', format: '.2f', title: 'unpaired ± (for comparison)' }] } },
        { mark: { type: 'errorbar', ticks: { size: 6 } }, encoding: { x: xEncoding(doc), color, y: { field: 'lo', type: 'quantitative', title: 'points per 100 games vs first' }, y2: { field: 'hi' } } },
      ],
    } as any,
  };
}

export function sweepCharts(doc: SweepDoc): Chart[] {
  const paired = pairedChart(doc);
  return [metricChart(doc, 'win'), ...(paired ? [paired] : []), metricChart(doc, 'score')];
}

export function sweepSummaryTable(doc: SweepDoc): SummaryTable {
  const data = from(sweepRecords(doc));
  const header = [...doc.vary.map((v) => v.path), ...doc.rows[0].sides.map((s) => `${s.side} win rate`), ...doc.rows[0].sides.map((s) => `${s.side} ${doc.nouns.score}`), 'draws', `${doc.rows[0].sides[0].side} vs first point (paired)`, 'unpaired ±'];
  const signed = (x: number) => `${x >= 0 ? '+' : '−'}${pct(Math.abs(x))}`;
  const cells = doc.rows.map((r) => [
    ...doc.vary.map((v) => String(r.at[v.path])),
    ...r.sides.map((s) => `${pct(s.winRate)} (${pct(s.winLo)} – ${pct(s.winHi)})`),
    ...r.sides.map((s) => s.meanScore.toFixed(1)),
    pct(r.drawRate),
    r.vsFirst === null ? '—' : `${signed(r.vsFirst.diff)} (${signed(r.vsFirst.lo)} – ${signed(r.vsFirst.hi)})`,
    r.vsFirst === null ? '—' : `±${pct(r.vsFirst.unpairedHalfWidth)}`,
  ]);
  return { id: 'sweep', title: 'Every grid point', data, header, cells };
}

export function sweepHtml(doc: SweepDoc, libraries?: string[]): string {
  return chartsPage({
    title: `Sweep of ${doc.vary.map((v) => v.path).join(' × ')}`,
    metaHtml: `ruleset <b>${esc(doc.ruleset)}</b> · ${doc.rows.length} points × ${doc.games.toLocaleString('en-US')} games on common seeds · seed ${doc.seed} · squadsim ${esc(doc.version)}`,
    intro: { title: 'What was played (the base config)', lines: doc.played },
    notes: [],
    charts: sweepCharts(doc),
    tables: [sweepSummaryTable(doc)],
    tablesDesc: "The same numbers in sweep.csv (full precision) and sweep.json next to this page. Intervals are 95%. The last column is side 0's result (win 1, draw ½) minus the first point's, paired game by game on the shared seeds; the unpaired half-width beside it is what independent runs would give.",
  }, libraries);
}
