import { checkOutFlag, writeOutFiles } from './output.ts';
import { csvText } from '../analysis/csv-text.ts';
import { ConfigError } from '../engine/errors.ts';
import { join } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { ColumnTable } from 'arquero';
import { loadTournament } from '../analysis/tournament-table.ts';
import { compareRuns, perGame } from '../analysis/compare.ts';
import { loadFairCosts } from '../analysis/fair-cost-table.ts';
import { loadResults } from '../analysis/load.ts';
import { reportHtml, summaryMarkdown } from '../reports/html.ts';
import { buildReport } from '../reports/index.ts';
import { renderSvg } from '../reports/svg.ts';

interface ReportArgs {
  results: string;
  out: string;
  balance?: string;
  tournament?: string;
  compare?: string;
}

function builder(y: Argv): Argv<ReportArgs> {
  return y
    .positional('results', { type: 'string', describe: 'results.json written by `squadsim run --out`', demandOption: true })
    .option('out', { alias: 'o', type: 'string', describe: 'folder for report.html, one SVG per chart, summary.md and CSV tables', demandOption: true, requiresArg: true })
    .option('balance', { type: 'string', describe: 'a `squadsim balance` result: adds the fair-cost chart and table', requiresArg: true })
    .option('compare', { type: 'string', describe: "the reference run's results.json (A; this report's run is B): adds B − A for every headline metric, the same numbers as `squadsim compare A B`", requiresArg: true })
    .option('tournament', { type: 'string', describe: 'a `squadsim tournament` result of the same ruleset: adds the policy ratings and scores', requiresArg: true })
    .example('$0 report out/results.json --out out', 'write out/report.html and the rest next to the results')
    .example('$0 report results.json --out report --balance balance.json', 'include fair cost against printed cost')
    .example('$0 report change/results.json --compare base/results.json --out change/', 'add B − A (B = change, A = base), as `compare base/results.json change/results.json`') as unknown as Argv<ReportArgs>;
}

/**
 * Reads and checks every input, builds every file in memory, and only then writes them
 * (each atomically), so bad input writes nothing.
 */
async function handler(argv: ArgumentsCamelCase<ReportArgs>): Promise<void> {
  const out = argv.out;
  checkOutFlag(out);
  const results = loadResults(argv.results);
  // Every other input must be of the same ruleset as the results (exit 2 otherwise).
  const balance: ColumnTable | null = argv.balance !== undefined ? loadFairCosts(argv.balance, results.doc.ruleset) : null;
  const tournament = argv.tournament !== undefined ? loadTournament(argv.tournament, results.doc.ruleset) : null;
  const other = argv.compare !== undefined ? loadResults(argv.compare) : null;
  if (other && other.doc.ruleset !== results.doc.ruleset) throw new ConfigError('--compare: ruleset', other.doc.ruleset, `expected ${JSON.stringify(results.doc.ruleset)}, the ruleset of ${argv.results}: only runs of one ruleset compare`);
  // `report CHANGE --compare BASE` is `compare BASE CHANGE` in a report: the --compare run is
  // the reference A, the reported run is B, and every difference is B − A.
  const comparison = other ? { comparison: compareRuns(other, results, perGame(other, argv.compare!), perGame(results, argv.results)), aName: argv.compare!, bName: argv.results } : null;
  const report = buildReport(results, balance, tournament, comparison);
  const files: [string, string][] = [];
  for (const chart of report.charts) files.push([`${chart.id}.svg`, await renderSvg(chart)]);
  for (const t of report.tables) files.push([`${t.id}.csv`, csvText(t.data)]);
  files.push(['summary.md', summaryMarkdown(report)]);
  files.push(['report.html', reportHtml(report)]);

  writeOutFiles(out, files);
  const dir = out.replace(/\/+$/, '');
  process.stdout.write(
    [
      `report: ${join(dir, 'report.html')}`,
      `charts: ${report.charts.map((c) => `${c.id}.svg`).join(', ')}`,
      `tables: summary.md, ${report.tables.map((t) => `${t.id}.csv`).join(', ')}`,
      ...report.notes.map((n) => `note: ${n}`),
      '',
    ].join('\n'),
  );
}

export const reportCommand: CommandModule<object, ReportArgs> = {
  command: 'report <results>',
  describe: 'write report.html (self-contained, offline), one SVG per chart and summary tables',
  builder,
  handler,
};
