/**
 * trace.html: one traced game (`squadsim trace --out DIR`) as a page a designer reads: what
 * was played, the result, a chart of what happened in each step, and the event log step by
 * step (the same lines as trace.txt, with their kind).
 */
import { from } from 'arquero';
import type { TraceEvent } from '../engine/trace.ts';
import { cap, type Chart } from './chart.ts';
import { chartsPage, esc } from './page.ts';
import type { SummaryTable } from './tables.ts';
import { CONFIG, SCHEMA, WIDE } from './theme.ts';

export interface TracePage {
  ruleset: string;
  version: string;
  seed: number;
  game: number;
  /** The trace's step noun ("turn", "round"). */
  stepNoun: string;
  /** What was played (resultsdoc/played.ts lines). */
  played: string[];
  events: readonly TraceEvent[];
}

/** The runner's own lines, not things that happened in play. */
const BOOKKEEPING = new Set(['game', 'result']);

/** Stacked bars: events of each kind in each step (set-up is step 0). */
export function traceChart(p: TracePage): Chart {
  const counts = new Map<string, { step: number; kind: string; events: number }>();
  for (const e of p.events) {
    if (BOOKKEEPING.has(e.kind)) continue;
    const key = `${e.step}\u0000${e.kind}`;
    const c = counts.get(key) ?? { step: e.step, kind: e.kind, events: 0 };
    c.events++;
    counts.set(key, c);
  }
  const values = [...counts.values()].map((c) => ({ ...c, stepLabel: c.step === 0 ? 'set-up' : `${p.stepNoun} ${c.step}` }));
  const order = [...new Set(values.map((v) => v.stepLabel))];
  return {
    id: 'trace-events',
    title: `What happened in each ${p.stepNoun}`,
    description: `Events of the traced game by ${p.stepNoun} and kind (the log below lists each one). Set-up is what happened before the first ${p.stepNoun}.`,
    spec: {
      $schema: SCHEMA,
      config: CONFIG,
      title: { text: `Events by ${p.stepNoun}`, subtitle: `game ${p.game} of seed ${p.seed}` },
      data: { values },
      width: WIDE - 140,
      height: 220,
      mark: 'bar',
      encoding: {
        x: { field: 'stepLabel', type: 'ordinal', sort: order, title: null, axis: { labelAngle: 0 } },
        y: { field: 'events', type: 'quantitative', stack: 'zero', title: 'events' },
        color: { field: 'kind', type: 'nominal', title: 'kind', legend: { columns: 4 } },
        tooltip: [{ field: 'stepLabel', title: p.stepNoun }, { field: 'kind' }, { field: 'events' }],
      },
    },
  };
}

/** One table per step: every event in order. */
export function traceTables(p: TracePage): SummaryTable[] {
  const steps = [...new Set(p.events.map((e) => e.step))];
  return steps.map((s) => {
    const rows = p.events.filter((e) => e.step === s).map((e) => ({ seq: e.seq, kind: e.kind, text: e.text }));
    return {
      id: `step-${s}`,
      title: s === 0 ? 'Set-up' : `${cap(p.stepNoun)} ${s}`,
      data: from(rows),
      header: ['#', 'kind', 'what happened'],
      cells: rows.map((r) => [String(r.seq), r.kind, r.text]),
    };
  });
}

export function traceHtml(p: TracePage, libraries?: string[]): string {
  const result = p.events.find((e) => e.kind === 'result')?.text ?? 'no result line';
  return chartsPage({
    title: `Game ${p.game} of seed ${p.seed}`,
    metaHtml: `ruleset <b>${esc(p.ruleset)}</b> · ${esc(result)} · ${p.events.length} events · squadsim ${esc(p.version)}`,
    intro: { title: 'What was played', lines: [...p.played, `this game: index ${p.game} of master seed ${p.seed}; the same game as row ${p.game} of \`squadsim run --seed ${p.seed} --record games\``] },
    notes: [],
    charts: [traceChart(p)],
    tables: traceTables(p),
    tablesDesc: 'Every event in the order it happened, as trace.txt and trace.jsonl beside this page list them.',
    tablesTitle: 'The game, event by event',
    foldLong: false,
  }, libraries);
}
