import { availableParallelism } from 'node:os';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { redisTarget } from '../sim/queue/url.ts';
import { serveQueue } from '../sim/queue/serve.ts';
import { intFlag } from './errors.ts';
import { signalExitCode, stoppable } from './run.ts';

interface WorkerArgs {
  queue?: string;
  workers?: unknown;
  stallSeconds: unknown;
  idleExit?: unknown;
}

function builder(y: Argv): Argv<WorkerArgs> {
  return y
    .option('queue', { type: 'string', describe: 'the Redis of the queue runs (redis://[user:password@]host[:port][/db], rediss:// for TLS)', defaultDescription: 'REDIS_URL' })
    .option('workers', { alias: 'w', describe: 'worker threads playing chunks', defaultDescription: 'CPU cores', requiresArg: true })
    .option('stall-seconds', { describe: "a chunk's lock lasts this long (renewed while it plays): the chunk of a worker that died is played again within about twice this", default: 30, requiresArg: true })
    .option('idle-exit', { describe: 'exit (code 0) once there has been no run to serve for this many seconds', defaultDescription: 'serve until stopped', requiresArg: true })
    .example('$0 worker --queue redis://redis.lan:6379', 'play the chunks of every `run --queue` on that Redis, on all cores')
    .example('REDIS_URL=rediss://:secret@redis.lan:6380 $0 worker --workers 4', 'TLS and a password, kept off the command line')
    .epilogue('Workers can join and leave at any time. Ctrl-C (or SIGTERM) stops taking chunks and finishes those in flight; a second one drops them, and they go back on the queue. Exit code 128 + the signal number, 0 after --idle-exit. See docs/distributed.md.') as unknown as Argv<WorkerArgs>;
}

async function handler(argv: ArgumentsCamelCase<WorkerArgs>): Promise<void> {
  const target = redisTarget(argv.queue, '--queue');
  const threads = argv.workers === undefined ? availableParallelism() : intFlag('workers', argv.workers, 1, 1024, 'an integer from 1 to 1024');
  const stallSeconds = intFlag('stall-seconds', argv.stallSeconds, 1, 3600, 'a whole number of seconds from 1 to 3600');
  const idleExitSeconds = argv.idleExit === undefined ? undefined : intFlag('idle-exit', argv.idleExit, 0, 86_400 * 365, 'a whole number of seconds');
  const log = (message: string): void => void process.stderr.write(`squadsim worker: ${message}\n`);
  const t0 = performance.now();
  const done = await stoppable((halt, cancel) => serveQueue({
    target, flag: '--queue', threads, stallSeconds, halt, cancel, onLog: log,
    ...(idleExitSeconds !== undefined ? { idleExitSeconds } : {}),
  }));
  const s = (performance.now() - t0) / 1000;
  log(`${done.reason === 'idle' ? 'idle, exiting' : `stopped by ${String(done.reason)}`}: played ${done.chunks} chunk(s), ${done.games} games in ${s.toFixed(1)} s${done.failed ? `; failed ${done.failed} job(s)` : ''}`);
  if (done.reason !== 'idle') process.exitCode = signalExitCode(done.reason);
}

export const workerCommand: CommandModule<object, WorkerArgs> = {
  command: 'worker',
  describe: 'play the chunks of queue runs (`run --queue`) from Redis on this machine',
  builder,
  handler,
};
