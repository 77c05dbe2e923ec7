import yargs, { type Argv } from 'yargs';
import { packageVersion } from '../sim/paths.ts';
import { closest } from '../engine/suggest.ts';
import { EXIT, reportError, UsageError } from './errors.ts';
import type { CommandModule } from 'yargs';

/**
 * The commands, loaded lazily: top-level help and did-you-mean need only these names and
 * descriptions, so `squadsim --help` loads no command code, and `squadsim run` loads run's
 * (the engine, piscina) but not report's or export's (arquero, vega). Each entry's `command`
 * and `describe` equal its module's (test/cli-lazy.test.ts).
 */
export const COMMAND_TABLE: Record<string, { command: string; describe: string; load(): Promise<CommandModule<object, never>> }> = {
  run: { command: 'run [config]', describe: 'play seeded games and summarize them', load: async () => (await import('./run.ts')).runCommand as never },
  schema: { command: 'schema <ruleset>', describe: "print the JSON Schema of a ruleset's config (configs/schemas/<id>.schema.json)", load: async () => (await import('./schema.ts')).schemaCommand as never },
  export: { command: 'export <results>', describe: 'write a results table as CSV, Apache Arrow or Parquet (columns: docs/csv.md)', load: async () => (await import('./export.ts')).exportCommand as never },
  check: { command: 'check <file>', describe: 'CI gate: play a config against a reference run, paired game by game (--against), or compare a run with a stored baseline (--baseline); exit 1 when a metric moved', load: async () => (await import('./check.ts')).checkCommand as never },
  report: { command: 'report <results>', describe: 'write report.html (self-contained, offline), one SVG per chart and summary tables', load: async () => (await import('./report.ts')).reportCommand as never },
  balance: { command: 'balance <sweep>', describe: 'fit fair point costs from random rosters played in seat-swapped pairs', load: async () => (await import('./balance.ts')).balanceCommand as never },
  odds: { command: 'odds', describe: 'exact outcome distribution of one attack (squadsim odds <ruleset> --help for its options)', load: async () => (await import('./odds.ts')).oddsCommand as never },
  verify: { command: 'verify <results>', describe: 'replay a run and check every number in its results.json, bit for bit (exit 1 when one differs)', load: async () => (await import('./verify.ts')).verifyCommand as never },
  merge: { command: 'merge <shards..>', describe: 'combine the results of `run --shard K/N` into the whole run', load: async () => (await import('./merge.ts')).mergeCommand as never },
  worker: { command: 'worker', describe: 'play the chunks of queue runs (`run --queue`) from Redis on this machine', load: async () => (await import('./worker.ts')).workerCommand as never },
  tournament: { command: 'tournament [config]', describe: 'a round robin of policies on one matchup, seat-swapped on common seeds: score matrix and ratings', load: async () => (await import('./tournament.ts')).tournamentCommand as never },
  tune: { command: 'tune [config]', describe: "optimise a policy's parameters against a field of opponents (NTBEA, seat-swapped on common seeds)", load: async () => (await import('./tune.ts')).tuneCommand as never },
  sweep: { command: 'sweep [config]', describe: 'vary one or two config fields over a grid on common seeds, and chart each metric against them', load: async () => (await import('./sweep.ts')).sweepCommand as never },
  compare: { command: 'compare <a> <b>', describe: 'two runs of one matchup with one change: B − A for every headline metric, paired when possible', load: async () => (await import('./compare.ts')).compareCommand as never },
  trace: { command: 'trace [config]', describe: "play one game of a run (same seed, same result) with its event log: orders, shots with their to-hit numbers, wounds, events, scores", load: async () => (await import('./trace.ts')).traceCommand as never },
};
const COMMANDS = Object.keys(COMMAND_TABLE);
/** Arguments that take a list; yargs turns any other flag given twice into a list too. */
const LIST_ARGS = new Set(['_', '$0', 'shards', 'vary', 'v']);

/**
 * A single-valued flag given twice (`--out a --out b`) is refused rather than letting a
 * handler meet an array it does not expect, or silently picking one of the values.
 */
function refuseRepeatedFlags(argv: Record<string, unknown>): void {
  const repeated = Object.keys(argv).filter((k) => Array.isArray(argv[k]) && !LIST_ARGS.has(k));
  if (repeated.length === 0) return;
  // yargs also stores each value under its alias and camelCase names: name the long, dashed one.
  const name = repeated.find((k) => k.length > 1 && !/[A-Z]/.test(k)) ?? repeated[0];
  const values = argv[name] as unknown[];
  throw new UsageError(`${name.length > 1 ? '--' : '-'}${name} was given ${values.length} times (${values.map((v) => JSON.stringify(v)).join(', ')}); give it once`);
}

/**
 * The command modules for `args`: the full module of every command named anywhere in args
 * (options may come before the command; loading one too many only costs time), and for the
 * others a stub with the same name and description, which yargs needs for the command list,
 * did-you-mean and strict mode, and which never runs: yargs runs a command only when its
 * name is in args.
 */
async function commandModules(args: readonly string[]): Promise<CommandModule<object, never>[]> {
  const given = new Set(args);
  return Promise.all(Object.entries(COMMAND_TABLE).map(async ([name, c]) => given.has(name) ? c.load() : {
    command: c.command,
    describe: c.describe,
    handler: () => {
      throw new Error(`internal: command ${name} ran without its module`);
    },
  }));
}

/**
 * Parses `args` (without node and the script), runs the command and returns the exit code.
 * Nothing here calls process.exit, so stdout is always flushed before the process ends.
 */
/** ` (did you mean --games?)` after yargs' "Unknown argument: gmes", from the command's own flags. */
function unknownFlagHint(msg: string | undefined, y: Argv | undefined): string {
  const m = /^Unknown arguments?: (.+)$/.exec(msg ?? '');
  if (!m || y === undefined) return '';
  // getOptions() is public in yargs but missing from @types/yargs.
  const flags = Object.keys((y as unknown as { getOptions(): { key?: Record<string, unknown> } }).getOptions().key ?? {}).filter((k) => k.length > 1 && k !== '$0');
  const hints: string[] = [];
  for (const bad of m[1].split(', ')) {
    const c = closest(bad, flags);
    if (c !== undefined) hints.push(`--${c} for --${bad}`);
  }
  return hints.length ? ` (did you mean ${hints.join(', ')}?)` : '';
}

export async function main(args: string[]): Promise<number> {
  let commands: CommandModule<object, never>[];
  try {
    commands = await commandModules(args);
  } catch (e) {
    return reportError(e, '');
  }
  const parser: ReturnType<typeof yargs> = yargs(args)
    .scriptName('squadsim')
    .usage('$0 <command> [options]');
  for (const c of commands) parser.command(c);
  parser
    .middleware(refuseRepeatedFlags)
    .demandCommand(1, 'name a command')
    .recommendCommands()
    .strict()
    .help()
    .alias('h', 'help')
    .version(packageVersion())
    .wrap(Math.min(100, process.stdout.columns || 100))
    // Never let yargs exit on its own (it would use code 1); report through the catch below.
    .exitProcess(false)
    .fail((msg, err) => {
      // YError = yargs' own parse/validation error; anything else came from a handler.
      if (err && err.name !== 'YError') throw err;
      const text = (msg || err?.message || 'bad usage') + unknownFlagHint(msg, parser);
      // recommendCommands reports only the suggestion; say what was wrong too.
      throw new UsageError(text.startsWith('Did you mean') ? `unknown command ${JSON.stringify(args[0])}. ${text}` : text);
    });
  // A handler reports "check failed" through process.exitCode; start clean and leave it as
  // found, so main() can be called more than once in one process (tests).
  const outer = process.exitCode;
  process.exitCode = undefined;
  try {
    // `squadsim` alone: the commands and what they do, not just "name a command" (exit 2 all the same).
    if (args.length === 0) {
      process.stderr.write(`${await parser.getHelp()}\n\nsquadsim: name a command (e.g. \`squadsim run\`)\n`);
      return EXIT.usage;
    }
    await parser.parseAsync();
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (e) {
    return reportError(e, COMMANDS.includes(args[0]) ? args[0] : '');
  } finally {
    process.exitCode = outer;
  }
}
