import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { baselineFromResults, compareWithBaseline, DEFAULT_ALPHA, formatCheck, parseBaseline, type Baseline } from '../analysis/check.ts';
import { loadResults } from '../analysis/load.ts';
import { writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { EXIT } from './errors.ts';

interface CheckArgs {
  results: string;
  baseline: string;
  alpha: unknown;
  updateBaseline: boolean;
  json: boolean;
}

function builder(y: Argv): Argv<CheckArgs> {
  return y
    .positional('results', { type: 'string', describe: 'a results.json written by `squadsim run --out`', demandOption: true })
    .option('baseline', { alias: 'b', type: 'string', demandOption: true, describe: 'the baseline JSON (squadsim.baseline/1) to compare with, or to write with --update-baseline', requiresArg: true })
    .option('alpha', { describe: 'false-alarm rate of the whole check, split evenly over the metrics (Bonferroni)', default: DEFAULT_ALPHA, requiresArg: true })
    .option('update-baseline', { type: 'boolean', default: false, describe: 'write the baseline from these results (atomically) instead of checking' })
    .option('json', { type: 'boolean', default: false, describe: 'print the comparison as JSON (squadsim.check/1)' })
    .example('$0 check out/results.json --baseline configs/nco/baselines/default.json', 'exit 1 if a win rate or lethality moved')
    .example('$0 check out/results.json --baseline configs/nco/baselines/default.json --update-baseline', 'accept the new numbers')
    .epilogue('Exit codes: 0 nothing moved, 1 a metric moved (regression), 2 bad input.') as unknown as Argv<CheckArgs>;
}

function readBaseline(path: string): Baseline {
  const json = readJsonFile(path, { field: '--baseline', allowed: 'expected a readable baseline JSON file (create one with --update-baseline)' });
  return parseBaseline(json, 'baseline');
}

function alphaFlag(raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n >= 1) throw new ConfigError('--alpha', raw, 'expected a number greater than 0 and less than 1 (e.g. 0.001)');
  return n;
}

async function handler(argv: ArgumentsCamelCase<CheckArgs>): Promise<void> {
  const alpha = alphaFlag(argv.alpha);
  const cur = baselineFromResults(loadResults(argv.results));
  if (argv.updateBaseline) {
    try {
      writeFileAtomic(argv.baseline, JSON.stringify(cur, null, 2) + '\n');
    } catch (e) {
      throw new ConfigError('--baseline', argv.baseline, `expected a writable file path (${(e as Error).message})`);
    }
    process.stdout.write(argv.json ? JSON.stringify({ wrote: argv.baseline, games: cur.games, seed: cur.seed }) + '\n' : `wrote baseline ${argv.baseline} (${cur.games} games, seed ${cur.seed})\n`);
    return;
  }
  const base = readBaseline(argv.baseline);
  const rep = compareWithBaseline(cur, base, alpha);
  process.stdout.write(argv.json ? JSON.stringify(rep) + '\n' : formatCheck(rep, { results: argv.results, baseline: argv.baseline, cur, base }));
  if (!rep.pass) process.exitCode = EXIT.checkFailed;
}

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check <results>',
  describe: 'compare a run with a stored baseline (CI gate): exit 1 when a metric moved',
  builder,
  handler,
};
