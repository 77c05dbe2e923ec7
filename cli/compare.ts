/**
 * `squadsim compare A.json B.json`: two runs of one matchup with a change between them
 * (analysis/compare.ts), as a table, compare.json/csv and compare.html.
 */
import { checkOutFlag, writeOutFiles } from './output.ts';
import { csvText } from '../analysis/csv-text.ts';
import { join } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { COMPARE_FILE, COMPARE_FORMAT, compareRuns, compareTable, perGame } from '../analysis/compare.ts';
import { loadResults, type Results } from '../analysis/load.ts';
import { compareCharts, compareHtml, compareSummaryTable } from '../reports/compare-page.ts';
import { renderSvg } from '../reports/svg.ts';
import { describePlayed, playedLines } from '../resultsdoc/played.ts';
import { getRuleset } from '../engine/rulesets/index.ts';
import { packageVersion } from '../sim/paths.ts';

interface CompareArgs {
  a: string;
  b: string;
  out?: string;
  json: boolean;
}

function builder(y: Argv): Argv<CompareArgs> {
  return y
    .positional('a', { type: 'string', describe: 'results.json of the first run (the reference)', demandOption: true })
    .positional('b', { type: 'string', describe: 'results.json of the second run (one change from A)', demandOption: true })
    .option('out', { alias: 'o', type: 'string', describe: `write DIR/${COMPARE_FILE}, compare.csv, compare.html and its SVGs`, requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the comparison JSON on stdout' })
    .example('$0 compare base/results.json cheap-private/results.json --out cmp/', 'what a cheaper Private changed (run both with --record games on one seed for paired intervals)') as unknown as Argv<CompareArgs>;
}

function playedOf(r: Results): string[] {
  if (r.doc.summary.played) return playedLines(r.doc.summary.played);
  const rs = getRuleset(r.doc.ruleset);
  return rs ? playedLines(describePlayed(rs, r.doc.config)) : [];
}

async function handler(argv: ArgumentsCamelCase<CompareArgs>): Promise<void> {
  checkOutFlag(argv.out);
  const a = loadResults(argv.a), b = loadResults(argv.b);
  const c = compareRuns(a, b, perGame(a, argv.a), perGame(b, argv.b));
  const doc = { format: COMPARE_FORMAT, version: packageVersion(), ruleset: a.doc.ruleset, a: argv.a, b: argv.b, ...c };
  const text = JSON.stringify(doc, null, 2) + '\n';
  if (argv.out !== undefined) {
    const info = { a: { name: argv.a, played: playedOf(a) }, b: { name: argv.b, played: playedOf(b) }, ruleset: a.doc.ruleset, version: packageVersion() };
    const files: [string, string][] = [[COMPARE_FILE, text], ['compare.csv', csvText(compareSummaryTable(c).data)], ['compare.html', compareHtml(c, info)]];
    for (const ch of compareCharts(c)) files.push([`${ch.id}.svg`, await renderSvg(ch)]);
    writeOutFiles(argv.out, files);
  }
  process.stdout.write(argv.json ? text : compareTable(c, argv.a, argv.b) + (argv.out !== undefined ? `compare: ${join(argv.out.replace(/\/+$/, ''), 'compare.html')}\n` : ''));
}

export const compareCommand: CommandModule<object, CompareArgs> = {
  command: 'compare <a> <b>',
  describe: 'two runs of one matchup with one change: B − A for every headline metric, paired when possible',
  builder,
  handler,
};
