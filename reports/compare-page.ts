/**
 * compare.html: the two runs side by side (each metric for A and B) and the differences
 * B − A with their intervals, as charts and a table.
 */
import { from } from 'arquero';
import { runLine, type Comparison, type MetricDiff } from '../analysis/compare.ts';
import type { Chart } from './chart.ts';
import { chartsPage, esc } from './page.ts';
import type { SummaryTable } from './tables.ts';
import { CONFIG, pct, SCHEMA, WIDE } from './theme.ts';

export interface CompareInfo {
  a: { name: string; played: string[] };
  b: { name: string; played: string[] };
  ruleset: string;
  version: string;
}

const RUN_COLOURS = { domain: ['A', 'B'], range: ['#8c8c8c', '#2a7f62'] };

function sideBySide(c: Comparison, kind: MetricDiff['kind'], title: string, axis: string): Chart {
  const values = c.metrics.filter((m) => m.kind === kind).flatMap((m) => [{ metric: m.metric, run: 'A', value: m.a }, { metric: m.metric, run: 'B', value: m.b }]);
  return {
    id: kind === 'rate' ? 'compare-rates' : 'compare-scores',
    title,
    description: `Each metric in run A (grey) and run B (green).`,
    spec: {
      $schema: SCHEMA, config: CONFIG, title: { text: title }, width: WIDE - 180, height: { step: 16 },
      data: { values },
      encoding: {
        y: { field: 'metric', type: 'nominal', sort: null, title: null },
        yOffset: { field: 'run', type: 'nominal', sort: ['A', 'B'] },
        // Few ticks, never overlapping: "60%65%" read as one label.
        x: { field: 'value', type: 'quantitative', title: axis, axis: { tickCount: 5, labelOverlap: 'greedy', ...(kind === 'rate' ? { format: '.0%' } : {}) } },
        color: { field: 'run', type: 'nominal', scale: RUN_COLOURS, title: 'run' },
        tooltip: [{ field: 'metric' }, { field: 'run' }, { field: 'value', format: kind === 'rate' ? '.1%' : '.2f' }],
      },
      mark: 'bar',
    } as any,
  };
}

/**
 * Each metric's change B − A with its 95% interval: rates in percentage points and scores in
 * their own units, on two charts, so neither unit's axis squeezes the other's.
 */
function differences(c: Comparison, kind: MetricDiff['kind']): Chart | null {
  const rate = kind === 'rate';
  const values = c.metrics.filter((m) => m.kind === kind).map((m) => ({ metric: m.metric, diff: rate ? 100 * m.diff : m.diff, lo: rate ? 100 * m.lo : m.lo, hi: rate ? 100 * m.hi : m.hi, moved: m.lo > 0 || m.hi < 0 ? 'moved' : 'within noise' }));
  if (values.length === 0) return null;
  const unit = rate ? 'percentage points' : 'score units';
  const title = rate ? 'Rate differences B − A' : 'Score differences B − A';
  return {
    id: rate ? 'compare-differences' : 'compare-score-differences',
    title,
    description: `Each ${rate ? 'rate' : 'mean score'}'s change from A to B in ${unit} with its 95% interval (${c.paired ? 'paired game by game' : 'runs treated as independent'}); green when the interval excludes 0.`,
    spec: {
      $schema: SCHEMA, config: CONFIG, title: { text: title, subtitle: `${unit}, 95% intervals, ${c.paired ? 'paired' : 'unpaired'}` }, width: WIDE - 180, height: { step: 26 },
      data: { values },
      encoding: { y: { field: 'metric', type: 'nominal', sort: null, title: null } },
      layer: [
        { mark: { type: 'rule', color: '#999', strokeDash: [3, 3] }, encoding: { x: { datum: 0, type: 'quantitative' } } },
        { mark: { type: 'errorbar', ticks: { size: 8 } }, encoding: { x: { field: 'lo', type: 'quantitative', title: `B − A (${unit})`, axis: { tickCount: 6, labelOverlap: 'greedy' } }, x2: { field: 'hi' } } },
        {
          mark: { type: 'point', filled: true, size: 60 },
          encoding: {
            x: { field: 'diff', type: 'quantitative' },
            color: { field: 'moved', type: 'nominal', scale: { domain: ['moved', 'within noise'], range: ['#2a7f62', '#8c8c8c'] }, title: null },
            tooltip: [{ field: 'metric' }, { field: 'diff', format: '+.2f', title: `B − A (${unit})` }, { field: 'lo', format: '+.2f' }, { field: 'hi', format: '+.2f' }],
          },
        },
      ],
    } as any,
  };
}

/** The paired differences B − A: the charts a report with --compare adds. */
export function differenceCharts(c: Comparison): Chart[] {
  return [differences(c, 'rate'), differences(c, 'score')].filter((x): x is Chart => x !== null);
}

export function compareCharts(c: Comparison): Chart[] {
  return [...differenceCharts(c), sideBySide(c, 'rate', 'Win and draw rates', 'share of games'), sideBySide(c, 'score', 'Mean scores', 'mean per game')];
}

export function compareSummaryTable(c: Comparison): SummaryTable {
  const f = (m: MetricDiff, x: number) => (m.kind === 'rate' ? pct(x) : x.toFixed(2));
  const d = (m: MetricDiff, x: number) => (m.kind === 'rate' ? `${(100 * x).toFixed(1)} pp` : x.toFixed(2));
  return {
    id: 'compare', title: 'B − A for every headline metric',
    data: from(c.metrics.map((m) => ({ metric: m.metric, a: m.a, b: m.b, diff: m.diff, lo: m.lo, hi: m.hi, paired: c.paired }))),
    header: ['metric', 'A', 'B', 'B − A', '95% interval', 'moved'],
    cells: c.metrics.map((m) => [m.metric, f(m, m.a), f(m, m.b), d(m, m.diff), `${d(m, m.lo)} – ${d(m, m.hi)}`, m.lo > 0 || m.hi < 0 ? 'yes' : 'no']),
  };
}

/**
 * Which run is A and which is B, how many games on which seed, what changed between their
 * configs and how the intervals were taken: the first card of every comparison page.
 */
export function comparisonLines(c: Comparison, aName: string, bName: string): string[] {
  const changes = c.changes.length === 0 ? ['changed: nothing (the two configs are identical)'] : c.changes.map((ch) => `changed: ${ch.path}: ${JSON.stringify(ch.a)} in A → ${JSON.stringify(ch.b)} in B`);
  return [
    `A (the reference): ${aName}, ${runLine(c.runs.a)}`,
    `B (the change): ${bName}, ${runLine(c.runs.b)}`,
    ...changes,
    `every difference is B − A; ${c.paired ? 'paired game by game (same seed and games, per-game rows in both)' : `not paired: ${c.why ?? ''}`}`,
  ];
}

export function compareHtml(c: Comparison, info: CompareInfo, libraries?: string[]): string {
  const games = c.runs.a.games === c.runs.b.games && c.runs.a.seed === c.runs.b.seed ? `${runLine(c.runs.a)} each` : `A ${runLine(c.runs.a)}; B ${runLine(c.runs.b)}`;
  return chartsPage({
    title: `Compare: ${info.a.name} → ${info.b.name}`,
    metaHtml: `ruleset <b>${esc(info.ruleset)}</b> · ${esc(games)} · ${c.paired ? 'paired game by game' : `not paired (${esc(c.why ?? '')})`} · squadsim ${esc(info.version)}`,
    intro: [{ title: 'What changed', id: 'changed', lines: comparisonLines(c, info.a.name, info.b.name) }, { title: 'What was played (A)', lines: info.a.played }],
    notes: c.changes.length > 1 ? [`${c.changes.length} config fields differ: a comparison says most about one change at a time.`] : [],
    charts: compareCharts(c),
    tables: [compareSummaryTable(c)],
    tablesDesc: 'The same numbers in compare.json and compare.csv next to this page. Intervals are 95%.',
  }, libraries);
}
