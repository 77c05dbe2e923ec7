import { availableParallelism } from 'node:os';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { loadConfig } from '../sim/config.ts';
import { buildResultsDoc, checkOutputDir, writeResultsAtomic } from '../sim/results.ts';
import { runSimulation, type RunResult } from '../sim/run.ts';
import type { Summary } from '../sim/summary.ts';
import { intFlag } from './errors.ts';

interface RunArgs {
  config?: string;
  games: unknown;
  seed: unknown;
  workers?: unknown;
  out?: string;
  json: boolean;
}

// games/seed/workers have no yargs `type`: a number type turns "abc" into NaN and loses
// what the user typed, which the error message must show. intFlag validates them instead.
function builder(y: Argv): Argv<RunArgs> {
  return y
    .positional('config', { type: 'string', describe: 'config JSON file (default: configs/nco/default.json)' })
    .option('games', { alias: 'n', describe: 'games to play', default: 100000, requiresArg: true })
    .option('seed', { alias: 's', describe: 'master seed, 0..4294967295', default: 1, requiresArg: true })
    .option('workers', { alias: 'w', describe: 'worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('out', { alias: 'o', type: 'string', describe: 'write DIR/results.json (the full results document)', requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the summary JSON on stdout' })
    .example('$0 run --games 20000 --seed 7 --json', 'default matchup, summary as JSON')
    .example('$0 run my.json --out out/', 'write out/results.json') as unknown as Argv<RunArgs>;
}

async function handler(argv: ArgumentsCamelCase<RunArgs>): Promise<void> {
  const games = intFlag('games', argv.games, 1, Number.MAX_SAFE_INTEGER, 'a positive integer');
  const seed = intFlag('seed', argv.seed, 0, 0xffffffff, 'an integer from 0 to 4294967295');
  const workers = argv.workers === undefined ? availableParallelism() : intFlag('workers', argv.workers, 0, 1024, 'an integer from 0 to 1024');
  if (argv.out !== undefined) checkOutDir(argv.out);
  // Bad config input is reported here, before any game is played or any file written.
  const loaded = loadConfig(argv.config);

  const run = await runSimulation({ config: loaded, games, seed, workers, progress: !argv.json });
  if (argv.out !== undefined) writeOut(argv.out, run);
  process.stdout.write(argv.json ? JSON.stringify(run.summary) + '\n' : humanTable(run.summary, run.workers, argv.out));
}

/** Fails early (exit 2, nothing run or written) when --out cannot become a writable folder. */
function checkOutDir(out: string): void {
  if (out.trim() === '') throw new ConfigError('--out', out, 'expected a folder path');
  try {
    checkOutputDir(out);
  } catch (e) {
    throw new ConfigError('--out', out, `expected a writable folder (${(e as Error).message})`);
  }
}

/** A results folder we cannot write to is bad input (exit 2), not a crash. */
function writeOut(out: string, run: RunResult): void {
  try {
    writeResultsAtomic(out, buildResultsDoc(run));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!code) throw e;
    throw new ConfigError('--out', out, `expected a writable folder (${(e as Error).message})`);
  }
}

function humanTable(s: Summary, workers: number, out: string | undefined): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const rows = [
    ['side', 'wins', 'win rate', '95% interval', 'mean VP'],
    ...s.sides.map((d) => [d.name, String(d.wins), pct(d.winRate), `${pct(d.winRateInterval[0])} – ${pct(d.winRateInterval[1])}`, d.meanVictoryPoints.toFixed(1)]),
    ['draws', String(s.draws), pct(s.games > 0 ? s.draws / s.games : 0), '', ''],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  const where = workers === 0 ? 'main thread' : `${workers} worker${workers === 1 ? '' : 's'}`;
  return [
    `${s.ruleset}: ${s.games} games, seed ${s.seed}, ${where}`,
    '',
    ...rows.map(line),
    '',
    `${Math.round(s.gamesPerSecond)} games/s (${s.elapsedSeconds.toFixed(2)} s)`,
    ...(out !== undefined ? [`results: ${out.replace(/\/+$/, '')}/results.json`] : []),
    '',
  ].join('\n');
}

export const runCommand: CommandModule<object, RunArgs> = {
  command: 'run [config]',
  describe: 'play seeded games and summarize them',
  builder,
  handler,
};
