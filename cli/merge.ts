import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { GAME_ROWS_FILE } from '../resultsdoc/game-rows.ts';
import { ConfigError } from '../engine/errors.ts';
import { writeResultsAtomic } from '../resultsdoc/format.ts';
import { readResults } from '../resultsdoc/validate.ts';
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
  let rows = false;
  try {
    if (rowFiles.length) doc.gameRows!.sha256 = concatRowFiles(rowFiles, argv.out);
    rows = rowFiles.length > 0;
    writeResultsAtomic(argv.out, doc);
  } catch (e) {
    // games.f64 without the results.json naming it would be half a merge: remove it.
    if (rows) rmSync(join(argv.out, GAME_ROWS_FILE), { force: true });
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
