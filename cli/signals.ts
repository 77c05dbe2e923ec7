/**
 * Stop signals for the whole process. `run` and `worker` handle them themselves (finish the
 * chunks in flight, save a checkpoint; cli/run.ts `stoppable`). Every other command
 * (tournament, tune, sweep, balance, compare, report...) writes its output only when it
 * finishes, so a stop there loses the work: say so, instead of exiting silently.
 */
import { constants as osConstants } from 'node:os';

/** Signals that stop a command the way Ctrl-C does; the exit code is 128 + the signal's number. */
export const STOP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** The exit code of a command stopped by a signal: 128 + its number (130 for SIGINT). */
export function signalExitCode(reason: unknown): number {
  return 128 + (osConstants.signals[reason as NodeJS.Signals] ?? 2);
}

/**
 * With SQUADSIM_READY_LINE=1 in the environment, each stop handler says on stderr when it is
 * up ("squadsim: ready for stop signals: ..."), so a test (or a supervisor) can send a signal
 * once the process will handle it, instead of after a guessed delay. Off by default.
 */
export function announceReady(what: string): void {
  if (process.env.SQUADSIM_READY_LINE === '1') process.stderr.write(`squadsim: ready for stop signals: ${what}\n`);
}

/** How many `stoppable` sections are running (they own the signals meanwhile). */
let owners = 0;

export function ownSignals(): () => void {
  owners++;
  return () => {
    owners--;
  };
}

/** The message for a command stopped outside a `stoppable` section. */
export function interruptNotice(sig: string, command: string): string {
  const what = command ? `\`squadsim ${command}\`` : 'squadsim';
  return `\nsquadsim: interrupted by ${sig}; ${what} writes its files only when it finishes, so nothing was written (the games played so far are lost; \`run --checkpoint FILE\` is the resumable way to play a long run)\n`;
}

/** Installs the default stop handler of the executable (cli/main.ts). */
export function installInterruptNotice(command: string): void {
  for (const s of STOP_SIGNALS) {
    process.on(s, (sig: NodeJS.Signals) => {
      if (owners > 0) return;
      process.stderr.write(interruptNotice(sig, command));
      process.exit(signalExitCode(sig));
    });
  }
  announceReady('nothing is written if stopped');
}
