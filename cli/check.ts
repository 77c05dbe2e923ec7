import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { baselineFromResults, compareWithBaseline, DEFAULT_ALPHA, formatCheck, parseBaseline, type Baseline } from '../analysis/check.ts';
import { loadResults } from '../analysis/load.ts';
import { writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { EXIT } from './errors.ts';
import type { AgainstArgs } from './check-against.ts';

interface CheckArgs extends Omit<AgainstArgs, 'against'> {
  /** With --baseline: a results.json; with --against: the config to play. */
  file: string;
  baseline?: string;
  against?: string;
  alpha: unknown;
  updateBaseline: boolean;
  json: boolean;
}

/** Flags of the paired gate only (refused with --baseline). */
const AGAINST_ONLY = ['maxGames', 'batch', 'tolerance', 'workers', 'summary', 'annotations'] as const;
const dashed = (k: string): string => '--' + k.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

function builder(y: Argv): Argv<CheckArgs> {
  return y
    .positional('file', { type: 'string', describe: 'with --baseline: a results.json written by `squadsim run --out`; with --against: the config to play', demandOption: true })
    .option('baseline', { alias: 'b', type: 'string', describe: 'the baseline JSON (squadsim.baseline/2) to compare a results.json with, or to write with --update-baseline', requiresArg: true })
    .option('against', { type: 'string', describe: 'paired sequential gate: play the config with this build on the seed and games of this reference results.json (recorded with --record games) and stop once every metric is decided', requiresArg: true })
    .option('alpha', { describe: 'false-alarm rate of the whole check, split evenly over the metrics (Bonferroni); with --against also over every look', default: DEFAULT_ALPHA, requiresArg: true })
    .option('update-baseline', { type: 'boolean', default: false, describe: 'write the baseline from these results (atomically) instead of checking' })
    .option('tolerance', { describe: "--against: a metric is equivalent once its interval is inside ±this many win-rate points (side 0's result; the other metrics: the same size in standard deviations)", defaultDescription: '1', requiresArg: true })
    .option('max-games', { describe: '--against: stop after this many games even if a metric is undecided', defaultDescription: "the reference's games", requiresArg: true })
    .option('batch', { describe: '--against: games between two looks', defaultDescription: '1000', requiresArg: true })
    .option('workers', { alias: 'w', describe: '--against: worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('summary', { type: 'string', describe: '--against: append the result as Markdown to FILE (e.g. "$GITHUB_STEP_SUMMARY")', requiresArg: true })
    .option('annotations', { type: 'boolean', describe: '--against: also print GitHub Actions annotations (::error for each shifted metric)' })
    .option('json', { type: 'boolean', default: false, describe: 'print the comparison as JSON (squadsim.check/2; with --against squadsim.gate/1)' })
    .example('$0 check out/results.json --baseline configs/nco/baselines/default.json', 'exit 1 if a win rate or lethality moved')
    .example('$0 check out/results.json --baseline configs/nco/baselines/default.json --update-baseline', 'accept the new numbers')
    .example('$0 check configs/nco/default.json --against ref/results.json --annotations', 'this build against a reference recorded on main (docs/ci.md)')
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
  if (argv.against !== undefined && argv.baseline !== undefined) throw new ConfigError('--against', argv.against, 'cannot be used with --baseline: give --against REF.json (paired gate, FILE is a config) or --baseline BASELINE.json (FILE is a results.json)');
  if (argv.against === undefined && argv.baseline === undefined) throw new ConfigError('--against', undefined, 'expected --against REF.json (play FILE, a config, against a reference recorded with --record games) or --baseline BASELINE.json (compare FILE, a results.json, with a baseline)');
  const alpha = alphaFlag(argv.alpha);
  if (argv.against !== undefined) {
    if (argv.updateBaseline) throw new ConfigError('--update-baseline', true, 'is only used with --baseline (with --against the reference is a results.json: record it with `squadsim run --record games`)');
    const { checkAgainst } = await import('./check-against.ts');
    await checkAgainst({ ...argv, against: argv.against }, alpha);
    return;
  }
  const extra = AGAINST_ONLY.find((k) => argv[k] !== undefined);
  if (extra !== undefined) throw new ConfigError(dashed(extra), argv[extra], 'is only used with --against');
  const baseline = argv.baseline!;
  const cur = baselineFromResults(loadResults(argv.file));
  if (argv.updateBaseline) {
    try {
      writeFileAtomic(baseline, JSON.stringify(cur, null, 2) + '\n');
    } catch (e) {
      throw new ConfigError('--baseline', baseline, `expected a writable file path (${(e as Error).message})`);
    }
    process.stdout.write(argv.json ? JSON.stringify({ wrote: baseline, games: cur.games, seed: cur.seed }) + '\n' : `wrote baseline ${baseline} (${cur.games} games, seed ${cur.seed})\n`);
    return;
  }
  const base = readBaseline(baseline);
  const rep = compareWithBaseline(cur, base, alpha);
  process.stdout.write(argv.json ? JSON.stringify(rep) + '\n' : formatCheck(rep, { results: argv.file, baseline: baseline, cur, base }));
  if (!rep.pass) process.exitCode = EXIT.checkFailed;
}

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check <file>',
  describe: 'CI gate: play a config against a reference run, paired game by game (--against), or compare a run with a stored baseline (--baseline); exit 1 when a metric moved',
  builder,
  handler,
};
