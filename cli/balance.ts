import { checkOutFlag, writeOutFiles } from './output.ts';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { analyzeBalance, BALANCE_FILE, balanceTable, sweepBalanceInput, type BalanceDoc } from '../analysis/balance.ts';
import { combineTiers, tiersTable } from '../analysis/tiers.ts';
import type { ReferenceBalanceDoc } from '../analysis/reference-value.ts';
import { packageVersion } from '../sim/paths.ts';
import { loadSweep, runSweep, tierSweep } from '../sim/sweep.ts';
import { intFlag, workersFlag } from './errors.ts';
import { COSTS_FILE, REPRICE_FILE, reprice, repriceTable } from './reprice.ts';
import { readJsonFile } from '../resultsdoc/read-json.ts';
import { dirname, resolve } from 'node:path';

interface BalanceArgs {
  sweep: string;
  out?: string;
  json: boolean;
  workers?: unknown;
  reprice: boolean;
  rounds?: unknown;
  maxChanges?: unknown;
}

function builder(y: Argv): Argv<BalanceArgs> {
  return y
    .positional('sweep', { type: 'string', describe: 'sweep JSON file (see configs/nco/sweeps/ and docs/balance.md)', demandOption: true })
    .option('out', { alias: 'o', type: 'string', describe: `write DIR/${BALANCE_FILE} (squadsim.balance/1)`, requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the balance JSON on stdout' })
    .option('workers', { alias: 'w', describe: 'worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('reprice', { type: 'boolean', default: false, describe: `fit, change the clearest mis-prices, verify on a fresh seed, repeat; with --out writes DIR/${REPRICE_FILE} and DIR/${COSTS_FILE}` })
    .option('rounds', { describe: 'with --reprice: sweeps to play at most (each on a fresh seed)', defaultDescription: '8', requiresArg: true })
    .option('max-changes', { describe: 'with --reprice: prices changed per round at most, largest mis-price first', defaultDescription: '3', requiresArg: true })
    .example('$0 balance configs/nco/sweeps/default.json --out out/', 'fair costs of every soldier type and option')
    .example('$0 balance configs/skill-die/sweeps/default.json --reprice --out out/reprice/', 'propose prices until a fresh seed finds none mis-priced')
    .example('$0 balance configs/nco/sweeps/private-at-30.json --json', 'a Private priced at 30 vps is flagged over-costed')
    .example('$0 balance configs/iron-squad/sweeps/default.json', 'no printed points: each type valued against the Rifleman') as unknown as Argv<BalanceArgs>;
}

async function handler(argv: ArgumentsCamelCase<BalanceArgs>): Promise<void> {
  const workers = workersFlag(argv.workers);
  checkOutFlag(argv.out);
  const rounds = argv.rounds === undefined ? 8 : intFlag('rounds', argv.rounds, 1, 100, 'an integer from 1 to 100');
  const maxChanges = argv.maxChanges === undefined ? 3 : intFlag('max-changes', argv.maxChanges, 1, 1000, 'an integer from 1 to 1000');
  if (!argv.reprice && (argv.rounds !== undefined || argv.maxChanges !== undefined)) throw new ConfigError(argv.rounds !== undefined ? '--rounds' : '--max-changes', argv.rounds ?? argv.maxChanges, 'is only for --reprice');
  if (argv.reprice && argv.json) throw new ConfigError('--json', true, 'is not for --reprice (its document is DIR/reprice.json with --out)');
  // Bad sweep input is reported here, before any game is played or any file written.
  const ls = loadSweep(argv.sweep);
  if (argv.reprice) {
    const abs = resolve(argv.sweep);
    const doc = await reprice(ls, readJsonFile(abs, { field: 'sweep', shown: argv.sweep, allowed: 'expected a readable JSON sweep file' }) as Record<string, unknown>, dirname(abs), {
      rounds, maxChanges, workers, progress: true, onRound: (line) => process.stderr.write(line + '\n'),
    });
    if (argv.out !== undefined) writeOutFiles(argv.out, [[REPRICE_FILE, JSON.stringify(doc, null, 2) + '\n'], [COSTS_FILE, JSON.stringify(doc.costOverrides, null, 2) + '\n']]);
    process.stdout.write(repriceTable(doc) + (argv.out !== undefined ? `reprice: ${argv.out.replace(/\/+$/, '')}/${REPRICE_FILE}, ${COSTS_FILE} (a sweep's "cost_overrides" may name it)\n` : ''));
    return;
  }
  const { spec } = ls;
  const fit = (played: typeof ls, data: Awaited<ReturnType<typeof runSweep>>) => {
    try {
      return analyzeBalance(sweepBalanceInput(played, data, packageVersion()));
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      throw new ConfigError('pairs', spec.pairs, `is too few to fit the model (${e.message}); raise "pairs" or fit fewer "features"`);
    }
  };
  let doc: BalanceDoc | ReferenceBalanceDoc;
  let table: string;
  if (spec.tiers) {
    if (ls.sweep.reference !== undefined) throw new ConfigError('tiers', spec.tiers.map((t) => t.name), `needs printed costs; ${spec.ruleset} prints no points`);
    // Every tier plays the same rosters on the same dice: only the players differ.
    const docs: BalanceDoc[] = [];
    for (let i = 0; i < spec.tiers.length; i++) {
      if (!argv.json) process.stderr.write(`tier ${spec.tiers[i].name} (${i + 1}/${spec.tiers.length})\n`);
      const tier = tierSweep(ls, i);
      docs.push(fit(tier, await runSweep(tier, { workers, progress: !argv.json })) as BalanceDoc);
    }
    const summary = combineTiers(spec.tiers.map((t) => t.name), docs);
    doc = { ...docs[0], tiers: { ...summary, fits: docs.map((d, i) => ({ name: summary.names[i], features: d.features, fit: d.fit })) } };
    table = tiersTable(summary, docs);
  } else {
    doc = fit(ls, await runSweep(ls, { workers, progress: !argv.json }));
    table = balanceTable(doc);
  }
  const text = JSON.stringify(doc, null, 2) + '\n';
  if (argv.out !== undefined) writeOutFiles(argv.out, [[BALANCE_FILE, text]]);
  process.stdout.write(argv.json ? text : table + (argv.out !== undefined ? `balance: ${argv.out.replace(/\/+$/, '')}/${BALANCE_FILE}\n` : ''));
}

export const balanceCommand: CommandModule<object, BalanceArgs> = {
  command: 'balance <sweep>',
  describe: 'fit fair point costs from random rosters played in seat-swapped pairs',
  builder,
  handler,
};
