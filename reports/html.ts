/** report.html (through reports/page.ts) and summary.md of one run. */
import { describePlayed, playedLines } from '../resultsdoc/played.ts';
import { getRuleset } from '../engine/rulesets/index.ts';
import type { Report } from './index.ts';
import { markdownTable } from './tables.ts';
import { chartsPage, esc, type IntroCard } from './page.ts';
import { comparisonLines } from './compare-page.ts';

/** The report page; `libraries` is for tests (defaults to the installed bundles). */
export function reportHtml(report: Report, libraries?: string[]): string {
  const r = report.results;
  const doc = r.doc;
  return chartsPage({
    title: `${r.sides[0]} vs ${r.sides[1]}`,
    metaHtml: `ruleset <b>${esc(doc.ruleset)}</b> · ${r.games.toLocaleString('en-US')} games · seed ${doc.seed} · config <code>${esc(String(doc.configHash))}</code> · squadsim ${esc(String(doc.version))}`,
    intro: introCards(report),
    notes: report.notes,
    charts: report.charts,
    tables: report.tables,
    tablesDesc: 'The same numbers as CSV files (full precision) and summary.md next to this page. Intervals are 95%.',
  }, libraries);
}

/** summary.md: the run, the notes and every summary table. */
export function summaryMarkdown(report: Report): string {
  const r = report.results;
  const d = r.doc;
  return [
    `# ${r.sides[0]} vs ${r.sides[1]}`,
    '',
    `ruleset \`${d.ruleset}\`, ${r.games} games, seed ${d.seed}, config \`${d.configHash}\`, squadsim ${d.version}. Intervals are 95%.`,
    '',
    ...introCards(report).flatMap((c) => [`## ${c.title}`, '', ...c.lines.map((l) => `- ${l}`), '']),
    ...report.notes.map((n) => `> ${n}\n`),
    ...report.tables.flatMap((t) => [`## ${t.title}`, '', markdownTable(t), '']),
  ].join('\n');
}

/** "What was played" and, with `--compare`, which run is A and B and what changed. */
function introCards(report: Report): IntroCard[] {
  const cards: IntroCard[] = [{ title: 'What was played', lines: playedOf(report.results.doc) }];
  const c = report.comparison;
  if (c) cards.push({ title: 'Compared with another run', id: 'changed', lines: comparisonLines(c.comparison, c.aName, c.bName) });
  return cards;
}

/** The run's "what was played" lines: from the summary, or worked out for results older than it. */
function playedOf(doc: Report['results']['doc']): string[] {
  if (doc.summary.played) return playedLines(doc.summary.played);
  const ruleset = getRuleset(doc.ruleset);
  return ruleset ? playedLines(describePlayed(ruleset, doc.config)) : ['(not recorded in these results)'];
}
