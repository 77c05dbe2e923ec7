// The bench tools' flag parser: yargs, strict, and a bad flag or value exits with code 2 after
// saying what was wrong (the house rule for bad input; yargs on its own exits with 1).
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';

export function benchArgs(): Argv {
  return yargs(hideBin(process.argv))
    .strict()
    // No command handlers run inside yargs here: every failure is a flag, a value or a .check().
    .fail((msg, err, y) => {
      y.showHelp();
      process.stderr.write(`\n${msg || err?.message || 'bad usage'}\n`);
      process.exit(2);
    });
}
