// The `squadsim` executable (bundled to dist/cli.js). Kept apart from app.ts so importing
// the CLI (tests) does not run it.
import { hideBin } from 'yargs/helpers';
import { main } from './app.ts';
import { installInterruptNotice } from './signals.ts';

// `squadsim run --json | head` closes the pipe early; that is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

// Ctrl-C outside run/worker's own handling: say that nothing was written, and exit 128 + n.
installInterruptNotice(hideBin(process.argv)[0] ?? '');

process.exitCode = await main(hideBin(process.argv));
