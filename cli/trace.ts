/**
 * `squadsim trace [config] --game N`: game N of a run, played alone with its event log:
 * trace.jsonl (one JSON object per event), trace.txt (readable) and trace.html, or the text on stdout.
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { loadConfig } from '../sim/config.ts';
import { traceGame } from '../sim/trace.ts';
import { intFlag } from './errors.ts';
import { checkOutFlag, writeOutFiles } from './output.ts';
import { describePlayed, playedLines } from '../resultsdoc/played.ts';
import { packageVersion } from '../sim/paths.ts';
import { renderSvg } from '../reports/svg.ts';
import { traceChart, traceHtml, type TracePage } from '../reports/trace-page.ts';

interface TraceArgs {
  config?: string;
  game?: unknown;
  seed?: unknown;
  out?: string;
  json: boolean;
}

function builder(y: Argv): Argv<TraceArgs> {
  return y
    .positional('config', { type: 'string', describe: 'config JSON file (default: configs/nco/default.json)' })
    .option('game', { alias: 'g', describe: 'the game index within the run (0-based, as the `game` column of export --table games)', demandOption: true, requiresArg: true })
    .option('seed', { alias: 's', describe: "the run's master seed, 0..4294967295", default: 1, requiresArg: true })
    .option('out', { alias: 'o', type: 'string', describe: 'write DIR/trace.jsonl, DIR/trace.txt and DIR/trace.html (a page with the log step by step)', requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print the events as JSON lines instead of text' })
    .example('$0 trace --game 41 --seed 7', 'game 41 of `squadsim run --seed 7`, turn by turn')
    .example('$0 trace configs/nco/scenarios/s3.json -g 0 --out trace/', 'the first S3 game as JSON lines and text') as unknown as Argv<TraceArgs>;
}

async function handler(argv: ArgumentsCamelCase<TraceArgs>): Promise<void> {
  const game = intFlag('game', argv.game, 0, Number.MAX_SAFE_INTEGER, 'a game index, an integer from 0');
  const seed = intFlag('seed', argv.seed, 0, 0xffffffff, 'an integer from 0 to 4294967295');
  checkOutFlag(argv.out);
  const loaded = loadConfig(argv.config);
  const t = traceGame(loaded, seed, game);
  const jsonl = t.events.map((e) => JSON.stringify(e)).join('\n') + '\n';
  if (argv.out !== undefined) {
    const page: TracePage = {
      ruleset: loaded.ruleset.id, version: packageVersion(), seed, game, stepNoun: t.stepNoun,
      played: playedLines(describePlayed(loaded.ruleset, loaded.scn.normalized, loaded.presets)), events: t.events,
    };
    const chart = traceChart(page);
    writeOutFiles(argv.out, [['trace.jsonl', jsonl], ['trace.txt', t.text], ['trace.html', traceHtml(page)], [`${chart.id}.svg`, await renderSvg(chart)]]);
  }
  process.stdout.write(argv.json ? jsonl : t.text + (argv.out !== undefined ? `trace: ${argv.out.replace(/\/+$/, '')}/trace.html, trace.txt, trace.jsonl\n` : ''));
}

export const traceCommand: CommandModule<object, TraceArgs> = {
  command: 'trace [config]',
  describe: "play one game of a run (same seed, same result) with its event log: orders, shots with their to-hit numbers, wounds, events, scores",
  builder,
  handler,
};
