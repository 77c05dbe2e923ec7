// The `squadsim` executable (bundled to dist/cli.js). Kept apart from app.ts so importing
// the CLI (tests) does not run it.
import { hideBin } from 'yargs/helpers';
import { main } from './app.ts';

// `squadsim run --json | head` closes the pipe early; that is not an error worth a stack trace.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

process.exitCode = await main(hideBin(process.argv));
