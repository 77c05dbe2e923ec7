import yargs from 'yargs';
import { packageVersion } from '../sim/paths.ts';
import { EXIT, reportError, UsageError } from './errors.ts';
import { runCommand } from './run.ts';
import { schemaCommand } from './schema.ts';
import { exportCommand } from './export.ts';
import { checkCommand } from './check.ts';
import { reportCommand } from './report.ts';
import { balanceCommand } from './balance.ts';
import { oddsCommand } from './odds.ts';
import { mergeCommand } from './merge.ts';

const COMMANDS = ['run', 'schema', 'export', 'check', 'report', 'balance', 'odds', 'merge'];

/**
 * Parses `args` (without node and the script), runs the command and returns the exit code.
 * Nothing here calls process.exit, so stdout is always flushed before the process ends.
 */
export async function main(args: string[]): Promise<number> {
  const parser = yargs(args)
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
      const text = msg || err?.message || 'bad usage';
      // recommendCommands reports only the suggestion; say what was wrong too.
      throw new UsageError(text.startsWith('Did you mean') ? `unknown command ${JSON.stringify(args[0])}. ${text}` : text);
    });
  try {
    await parser.parseAsync();
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (e) {
    return reportError(e, COMMANDS.includes(args[0]) ? args[0] : '');
  }
}
