import yargs, { type Argv } from 'yargs';
import { packageVersion } from '../sim/paths.ts';
import { closest } from '../engine/suggest.ts';
import { EXIT, reportError, UsageError } from './errors.ts';
import { runCommand } from './run.ts';
import { schemaCommand } from './schema.ts';
import { exportCommand } from './export.ts';
import { checkCommand } from './check.ts';
import { reportCommand } from './report.ts';
import { balanceCommand } from './balance.ts';
import { oddsCommand } from './odds.ts';
import { mergeCommand } from './merge.ts';
import { workerCommand } from './worker.ts';
import { tournamentCommand } from './tournament.ts';
import { tuneCommand } from './tune.ts';
import { sweepCommand } from './sweep.ts';
import { compareCommand } from './compare.ts';
import { traceCommand } from './trace.ts';

const COMMANDS = ['run', 'schema', 'export', 'check', 'report', 'balance', 'odds', 'merge', 'worker', 'tournament', 'tune', 'sweep', 'compare', 'trace'];
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
  const parser: ReturnType<typeof yargs> = yargs(args)
    .scriptName('squadsim')
    .usage('$0 <command> [options]')
    .command(runCommand)
    .command(schemaCommand)
    .command(exportCommand)
    .command(checkCommand)
    .command(reportCommand)
    .command(balanceCommand)
    .command(oddsCommand)
    .command(mergeCommand)
    .command(workerCommand)
    .command(tournamentCommand)
    .command(tuneCommand)
    .command(sweepCommand)
    .command(compareCommand)
    .command(traceCommand)
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
