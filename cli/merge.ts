import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { readResults, writeResultsAtomic } from '../resultsdoc/format.ts';
import { concatRowFiles, mergeShards } from '../sim/shards.ts';
import { checkOutDir } from '../sim/job.ts';
import { humanTable } from './run.ts';

interface MergeArgs {
  shards: string[];
  out: string;
  json: boolean;
}

function builder(y: Argv): Argv<MergeArgs> {
  return y
    .positional('shards', { type: 'string', array: true, describe: 'the results.json of every shard (`squadsim run --shard K/N --out DIR`)', demandOption: true })
    .option('out', { alias: 'o', type: 'string', demandOption: true, describe: 'write DIR/results.json (and DIR/games.f64 when the shards recorded rows)', requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the summary JSON on stdout' })
    .example('$0 merge s1/results.json s2/results.json --out all/', 'the same results.json as one unsharded run')
    .epilogue('The shards must be all N parts of one run: same config, seed, --games and squadsim version. The merged document equals the unsharded run bit for bit (timings aside).') as unknown as Argv<MergeArgs>;
}

async function handler(argv: ArgumentsCamelCase<MergeArgs>): Promise<void> {
  checkOutDir(argv.out);
  const paths = argv.shards.map(String);
  const { doc, rowFiles } = mergeShards(paths.map((p) => readResults(p)), paths);
  try {
    if (rowFiles.length) concatRowFiles(rowFiles, argv.out);
    writeResultsAtomic(argv.out, doc);
  } catch (e) {
    if (e instanceof ConfigError || !(e as NodeJS.ErrnoException).code) throw e;
    throw new ConfigError('--out', argv.out, `expected a writable folder (${(e as Error).message})`);
  }
  process.stdout.write(argv.json ? JSON.stringify(doc.summary) + '\n' : `merged ${paths.length} shard${paths.length === 1 ? '' : 's'}\n` + humanTable(doc.summary, undefined, argv.out));
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <shards..>',
  describe: 'combine the results of `run --shard K/N` into the whole run',
  builder,
  handler,
};
