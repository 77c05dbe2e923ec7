/**
 * `squadsim verify results.json` (issue 35): replays the run the file describes and says
 * whether every number in it is what this build's games give. Exit 0 verified, 1 a value
 * differs (the first ones named), 2 the file cannot be read (as every reader refuses it).
 */
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { readResults } from '../resultsdoc/validate.ts';
import { MAX_LISTED, verifyResults, type VerifyReport } from '../sim/verify.ts';
import { EXIT, workersFlag } from './errors.ts';

interface VerifyArgs {
  results: string;
  workers?: unknown;
  json: boolean;
}

function builder(y: Argv): Argv<VerifyArgs> {
  return y
    .positional('results', { type: 'string', describe: 'a results.json written by run, run --shard or merge', demandOption: true })
    .option('workers', { alias: 'w', describe: 'worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print the verification report as JSON on stdout' })
    .example('$0 verify out/run/results.json', 'replay every game of the run and compare every number')
    .epilogue('A replay costs what the run cost (the same games on this machine). The integrity hash only shows a file was not edited after sealing; verify shows its numbers are the games\' own. The same config, seed and squadsim version are needed: another version may honestly differ.') as unknown as Argv<VerifyArgs>;
}

const show = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

/** The human form of a report. */
export function formatVerify(r: VerifyReport): string {
  const what = `${r.games.toLocaleString('en-US')} ${r.ruleset} games${r.shard ? ` (shard ${r.shard.index}/${r.shard.count})` : ''}, seed ${r.seed}`;
  const rows = r.rowsChecked ? '; the per-game rows\' sha256 too' : '';
  if (r.differing === 0) return `verified: ${r.file}: replayed ${what}; all ${r.compared.toLocaleString('en-US')} values equal bit for bit${rows} (${r.cpuSeconds.toFixed(1)} s CPU)\n`;
  const lines = r.differences.map((d) => `  ${d.path}: file ${show(d.file)}, replay ${show(d.replay)}`);
  const more = r.differing > MAX_LISTED ? [`  … and ${r.differing - MAX_LISTED} more`] : [];
  const version = r.otherVersion ? [`  the file was written by squadsim ${r.otherVersion}, this is another version: a rules change there would explain it`] : [];
  return [`NOT verified: ${r.file}: replayed ${what}; ${r.differing} of ${r.compared.toLocaleString('en-US')} values differ from the file:`, ...lines, ...more, ...version].join('\n') + '\n';
}

async function handler(argv: ArgumentsCamelCase<VerifyArgs>): Promise<void> {
  const workers = workersFlag(argv.workers);
  const doc = readResults(argv.results);
  const report = await verifyResults(doc, argv.results, workers);
  process.stdout.write(argv.json ? JSON.stringify(report) + '\n' : formatVerify(report));
  if (report.differing > 0) process.exitCode = EXIT.checkFailed;
}

export const verifyCommand: CommandModule<object, VerifyArgs> = {
  command: 'verify <results>',
  describe: 'replay a run and check every number in its results.json, bit for bit (exit 1 when one differs)',
  builder,
  handler,
};
