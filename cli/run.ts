import { playedLines } from '../resultsdoc/played.ts';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import type { ShardInfo, TargetErrorInfo } from '../resultsdoc/format.ts';
import type { Summary } from '../resultsdoc/summary.ts';
import { JobInterrupted, runJob } from '../sim/job.ts';
import { redisTarget } from '../sim/queue/url.ts';
import { shardFromEnv } from '../sim/shard-auto.ts';
import { parseShard } from '../sim/shards.ts';
import { DEFAULT_MAX_GAMES } from '../sim/target-error.ts';
import { intFlag, workersFlag } from './errors.ts';
import { announceReady, ownSignals, signalExitCode, STOP_SIGNALS } from './signals.ts';

export { signalExitCode };

const DEFAULT_GAMES = 100_000;
/** --games default with --target-error: two chunks, then as many as the target needs. */
const TARGET_MIN_GAMES = 1000;

interface RunArgs {
  config?: string;
  games: unknown;
  seed: unknown;
  workers?: unknown;
  out?: string;
  json: boolean;
  targetError?: unknown;
  maxGames?: unknown;
  record?: string;
  shard?: unknown;
  checkpoint?: string;
  checkpointSeconds: unknown;
  queue?: string;
}

// games/seed/workers have no yargs `type`: a number type turns "abc" into NaN and loses
// what the user typed, which the error message must show. intFlag validates them instead.
function builder(y: Argv): Argv<RunArgs> {
  return y
    .positional('config', { type: 'string', describe: 'config JSON file (default: configs/nco/default.json)' })
    .option('games', { alias: 'n', describe: 'games to play (with --target-error: the minimum)', defaultDescription: `${DEFAULT_GAMES} (${TARGET_MIN_GAMES} with --target-error)`, requiresArg: true })
    .option('target-error', { describe: "keep playing 500-game chunks until each side's 95% win-rate interval is at most ±E (e.g. 0.005)", requiresArg: true })
    .option('max-games', { describe: 'stop a --target-error run here even if the target is not met', defaultDescription: String(DEFAULT_MAX_GAMES), requiresArg: true })
    .option('record', { type: 'string', choices: ['games'], describe: 'also store one row per game beside DIR/results.json (needs --out; see docs/csv.md)', requiresArg: true })
    .option('shard', { describe: 'play only shard K of N of the run (e.g. 2/4), for `squadsim merge` to combine; `auto`: K and N from the batch scheduler (docs/distributed.md)', requiresArg: true })
    .option('queue', { type: 'string', describe: 'coordinate: queue the chunks on this Redis (redis://[user:password@]host[:port][/db], rediss:// for TLS; given empty: REDIS_URL) for `squadsim worker` processes to play, and write the same results as a local run' })
    .option('checkpoint', { type: 'string', describe: 'save progress to FILE now and then; rerunning the same command resumes from it (deleted when the run completes)', requiresArg: true })
    .option('checkpoint-seconds', { describe: 'seconds between checkpoint saves', default: 30, requiresArg: true })
    .option('seed', { alias: 's', describe: 'master seed, 0..4294967295', default: 1, requiresArg: true })
    .option('workers', { alias: 'w', describe: 'worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('out', { alias: 'o', type: 'string', describe: 'write DIR/results.json (the full results document)', requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the summary JSON on stdout' })
    .example('$0 run --games 20000 --seed 7 --json', 'default matchup, summary as JSON')
    .example('$0 run my.json --out out/', 'write out/results.json')
    .example('$0 run --target-error 0.005 --json', 'play until both win rates are known to ±0.5%')
    .example('$0 run --games 20000 --record games --out out/', 'also store per-game rows (squadsim export --table games)')
    .example('$0 run --games 10000000 --checkpoint run.ckpt --out out/', 'a long run that survives an interruption: rerun the same command to resume')
    .example('$0 run --games 1000000 --shard 1/4 --out shard1/', 'the first quarter of a run; `squadsim merge shard*/results.json --out all/`')
    .example('$0 run my.json --games 2000000 --queue redis://redis.lan:6379 --out out/', 'have `squadsim worker` processes on other machines play it (docs/distributed.md)') as unknown as Argv<RunArgs>;
}

/**
 * While `work` runs: the first stop signal halts the run (no new chunks; those in flight
 * finish and are saved to the checkpoint), a second drops the chunks in flight as well.
 */
export async function stoppable<T>(work: (halt: AbortSignal, cancel: AbortSignal) => Promise<T>): Promise<T> {
  const halt = new AbortController(), cancel = new AbortController();
  const onSignal = (sig: NodeJS.Signals): void => {
    if (!halt.signal.aborted) {
      process.stderr.write(`\nsquadsim: ${sig}: stopping after the chunks in flight (${sig} again drops them)\n`);
      halt.abort(sig);
    } else cancel.abort(sig);
  };
  for (const s of STOP_SIGNALS) process.on(s, onSignal);
  const release = ownSignals();
  announceReady('stops after the chunks in flight');
  try {
    return await work(halt.signal, cancel.signal);
  } finally {
    release();
    for (const s of STOP_SIGNALS) process.off(s, onSignal);
  }
}

/** What an interrupted run says on stderr: what was saved and how to resume, or that nothing was. */
function interruptedText(e: JobInterrupted, upTo: boolean): string {
  const { reason, gamesDone, chunksDone, plannedGames } = e.run;
  const head = `squadsim: interrupted by ${String(reason)} after ${gamesDone} of ${upTo ? 'at most ' : ''}${plannedGames} games`;
  if (e.queue !== undefined) {
    const kept = e.saveError ? `the merged chunks could not be saved (${e.saveError.message}), but their results stay` : `saved them (${chunksDone} chunks)`;
    return `${head}; ${kept} in the queue ${e.queue}, where the workers go on playing the rest: rerun the same command to resume\n`;
  }
  if (e.checkpoint === undefined) return `${head}; nothing was saved (no --checkpoint FILE was asked for: add one to make a long run resumable)\n`;
  if (e.saveError) return `${head}; the checkpoint ${e.checkpoint} could not be saved (${e.saveError.message}): those games are lost\n`;
  return `${head}; saved them (${chunksDone} chunks) to the checkpoint ${e.checkpoint}: rerun the same command to resume\n`;
}

async function handler(argv: ArgumentsCamelCase<RunArgs>): Promise<void> {
  const targetError = argv.targetError === undefined ? undefined : fractionFlag('target-error', argv.targetError);
  const games = argv.games === undefined ? (targetError === undefined ? DEFAULT_GAMES : TARGET_MIN_GAMES) : intFlag('games', argv.games, 1, Number.MAX_SAFE_INTEGER, 'a positive integer');
  const seed = intFlag('seed', argv.seed, 0, 0xffffffff, 'an integer from 0 to 4294967295');
  const queue = argv.queue === undefined ? undefined : { target: redisTarget(argv.queue, '--queue'), flag: '--queue' };
  if (queue && argv.workers !== undefined) throw new ConfigError('--workers', argv.workers, 'cannot be used with --queue: the coordinator plays no games; give --workers to each `squadsim worker`');
  const workers = queue ? 0 : workersFlag(argv.workers);
  if (argv.maxGames !== undefined && targetError === undefined) throw new ConfigError('--max-games', argv.maxGames, 'is only used with --target-error E');
  const maxGames = argv.maxGames === undefined ? undefined : intFlag('max-games', argv.maxGames, games, Number.MAX_SAFE_INTEGER, `an integer >= --games (${games})`);
  const shard = argv.shard === undefined ? undefined : String(argv.shard).trim() === 'auto' ? autoShard() : parseShard(String(argv.shard));
  const checkpointSeconds = intFlag('checkpoint-seconds', argv.checkpointSeconds, 1, 86_400, 'a whole number of seconds from 1 to 86400');
  const job = (halt: AbortSignal, cancel: AbortSignal) => runJob({
    games, seed, workers, progress: !argv.json, checkpointSeconds, halt, cancel,
    ...(argv.config !== undefined ? { config: argv.config } : {}),
    ...(targetError !== undefined ? { targetError } : {}),
    ...(maxGames !== undefined ? { maxGames } : {}),
    ...(argv.out !== undefined ? { out: argv.out } : {}),
    ...(argv.record !== undefined ? { recordGames: true } : {}),
    ...(shard ? { shard } : {}),
    ...(argv.checkpoint !== undefined ? { checkpoint: argv.checkpoint } : {}),
    ...(queue ? { queue } : {}),
    onNotice: (message) => process.stderr.write(`squadsim: ${message}\n`),
    onResume: (chunks) => process.stderr.write(`squadsim: resuming from ${argv.checkpoint}: ${chunks} chunk(s) already played\n`),
    onWarning: (message) => process.stderr.write(`squadsim: warning: ${message}\n`),
  });
  let run;
  try {
    ({ run } = await stoppable(job));
  } catch (e) {
    if (!(e instanceof JobInterrupted)) throw e;
    process.stderr.write(interruptedText(e, targetError !== undefined));
    process.exitCode = signalExitCode(e.run.reason);
    return;
  }
  if (run.targetError && !run.targetError.reached) process.stderr.write(`squadsim: warning: ${targetLine(run.targetError, run.games)}\n`);
  process.stdout.write(argv.json ? JSON.stringify(run.summary) + '\n' : humanTable(run.summary, queue ? undefined : run.workers, argv.out, run.targetError, run.shard));
}

/** `--shard auto`: K/N from the batch scheduler's environment (sim/shard-auto.ts), said on stderr. */
function autoShard(): { index: number; count: number } {
  const { index, count, source } = shardFromEnv(process.env);
  process.stderr.write(`squadsim: --shard auto: shard ${index}/${count} (${source})\n`);
  return { index, count };
}

/** A number strictly between 0 and 0.5 (a win-rate half-width), as a ConfigError otherwise. */
function fractionFlag(flag: string, raw: unknown): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n >= 0.5) throw new ConfigError(`--${flag}`, raw, 'expected a number greater than 0 and less than 0.5 (a win-rate half-width, e.g. 0.005)');
  return n;
}

function targetLine(t: TargetErrorInfo, games: number): string {
  const hw = t.halfWidth.map((h) => `±${(h * 100).toFixed(2)}%`).join(', ');
  return t.reached
    ? `target error ±${+(t.target * 100).toPrecision(6)}% reached after ${games} games (half-widths ${hw})`
    : `target error ±${+(t.target * 100).toPrecision(6)}% NOT reached: stopped at --max-games ${t.maxGames} (half-widths ${hw})`;
}

/** The run's (or a merge's) result as the table people read; `workers` undefined for a merge. */
export function humanTable(s: Summary, workers: number | undefined, out: string | undefined, target?: TargetErrorInfo, shard?: ShardInfo): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const rows = [
    ['side', 'wins', 'win rate', '95% interval', `mean ${s.nouns.score}`],
    ...s.sides.map((d) => [d.name, String(d.wins), pct(d.winRate), `${pct(d.winRateInterval[0])} – ${pct(d.winRateInterval[1])}`, d.meanScore.toFixed(1)]),
    ['draws', String(s.draws), pct(s.games > 0 ? s.draws / s.games : 0), '', ''],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  const line = (r: string[]): string => r.map((v, c) => (c === 0 ? v.padEnd(widths[c]) : v.padStart(widths[c]))).join('  ').trimEnd();
  const where = workers === undefined ? '' : workers === 0 ? ', main thread' : `, ${workers} worker${workers === 1 ? '' : 's'}`;
  const part = shard ? ` (shard ${shard.index}/${shard.count}: games ${shard.firstGame}–${shard.firstGame + shard.games - 1} of ${shard.totalGames})` : '';
  return [
    `${s.ruleset}: ${s.games} games${part}, seed ${s.seed}${where}, squadsim ${s.version}`,
    ...(s.played ? playedLines(s.played) : []),
    '',
    ...rows.map(line),
    '',
    ...(target ? [targetLine(target, s.games)] : []),
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
