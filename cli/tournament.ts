/**
 * `squadsim tournament <config>`: a round robin of policies and presets on the config's
 * matchup, seat-swapped on common seeds (sim/tournament.ts), with a score matrix and
 * Bradley–Terry ratings (analysis/tournament.ts).
 */
import { availableParallelism } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { analyzeTournament, TOURNAMENT_FILE, TOURNAMENT_FORMAT, tournamentTable, type TournamentDoc } from '../analysis/tournament.ts';
import { writeFileAtomic } from '../resultsdoc/atomic-file.ts';
import { checkOutputDir } from '../resultsdoc/format.ts';
import { loadConfig, readPolicyPreset } from '../sim/config.ts';
import { packageVersion } from '../sim/paths.ts';
import { checkEntrants, playTournament, type Entrant } from '../sim/tournament.ts';
import { intFlag } from './errors.ts';

interface TournamentArgs {
  config?: string;
  entrants?: string;
  games?: unknown;
  seed?: unknown;
  workers?: unknown;
  confidence?: unknown;
  bootstrap?: unknown;
  out?: string;
  json: boolean;
}

function builder(y: Argv): Argv<TournamentArgs> {
  return y
    .positional('config', { type: 'string', describe: 'the matchup (config JSON; its policies are replaced by the entrants)' })
    .option('entrants', { alias: 'e', type: 'string', describe: 'comma-separated entrants: a policy id, a preset file (*.json), or NAME=either', defaultDescription: "the ruleset's policies", requiresArg: true })
    .option('games', { alias: 'n', describe: 'seeds each pair plays (each seed twice, once per seat)', default: 1000, requiresArg: true })
    .option('seed', { alias: 's', describe: 'master seed, 0..4294967295', default: 1, requiresArg: true })
    .option('workers', { alias: 'w', describe: 'worker threads; 0 plays on the main thread', defaultDescription: 'CPU cores', requiresArg: true })
    .option('confidence', { describe: 'confidence level of the intervals', default: 0.95, requiresArg: true })
    .option('bootstrap', { describe: 'seed resamples for the rating intervals', default: 200, requiresArg: true })
    .option('out', { alias: 'o', type: 'string', describe: `write DIR/${TOURNAMENT_FILE} (${TOURNAMENT_FORMAT})`, requiresArg: true })
    .option('json', { type: 'boolean', default: false, describe: 'print only the tournament JSON on stdout' })
    .example('$0 tournament configs/nco/default.json -n 500', "every NCO policy against every other on the default matchup")
    .example('$0 tournament configs/nco/default.json -e aggressive,cautious,tuned=configs/nco/policies/tuned.json', 'a preset against the shipped policies') as unknown as Argv<TournamentArgs>;
}

/** Entrants from the --entrants list: ids stay ids, *.json files are read as presets. */
function parseEntrants(list: string | undefined, policyIds: readonly string[]): Entrant[] {
  if (list === undefined) return policyIds.map((id) => ({ name: id, policy: id }));
  const items = list.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw new ConfigError('--entrants', list, 'expected a comma-separated list with no empty entries');
  return items.map((item, k) => {
    const eq = item.indexOf('=');
    const spec = eq >= 0 ? item.slice(eq + 1) : item;
    const name = eq >= 0 ? item.slice(0, eq) : spec.endsWith('.json') ? basename(spec, '.json') : spec;
    if (name === '') throw new ConfigError('--entrants', item, 'expected NAME=policy with a non-empty NAME');
    const policy = spec.endsWith('.json') ? readPolicyPreset(resolve(spec), `--entrants[${k}]`, spec) : spec;
    return { name, policy };
  });
}

async function handler(argv: ArgumentsCamelCase<TournamentArgs>): Promise<void> {
  const workers = argv.workers === undefined ? availableParallelism() : intFlag('workers', argv.workers, 0, 1024, 'an integer from 0 to 1024');
  const games = intFlag('games', argv.games, 1, 10_000_000, 'an integer from 1 to 10000000');
  const seed = intFlag('seed', argv.seed, 0, 0xffffffff, 'an integer from 0 to 4294967295');
  const bootstrap = intFlag('bootstrap', argv.bootstrap, 0, 100_000, 'an integer from 0 to 100000');
  const confidence = Number(argv.confidence);
  if (!(confidence >= 0.5 && confidence < 1)) throw new ConfigError('--confidence', argv.confidence, 'expected a number in [0.5, 1)');
  if (argv.out !== undefined) {
    if (argv.out.trim() === '') throw new ConfigError('--out', argv.out, 'expected a folder path');
    try {
      checkOutputDir(argv.out);
    } catch (e) {
      throw new ConfigError('--out', argv.out, `expected a writable folder (${(e as Error).message})`);
    }
  }
  // Bad input (config, entrants) is reported here, before any game is played or file written.
  const loaded = loadConfig(argv.config);
  const entrants = parseEntrants(argv.entrants, loaded.ruleset.policyIds);
  const plan = { base: loaded.config, baseDir: loaded.path ? dirname(loaded.path) : process.cwd(), entrants, games, seed };
  checkEntrants(plan);
  const play = await playTournament(plan, { workers, progress: !argv.json });
  const names = entrants.map((e) => e.name);
  const doc: TournamentDoc = {
    format: TOURNAMENT_FORMAT, version: packageVersion(), ruleset: loaded.ruleset.id, base: loaded.config,
    entrants: entrants.map((e) => ({ name: e.name, policy: e.policy })), seed, seedsPerPair: games, confidence, bootstrap,
    ...analyzeTournament({ names, pairs: play.pairs, seeds: games, seed, confidence, bootstrap }),
    elapsedSeconds: play.elapsedSeconds,
  };
  const text = JSON.stringify(doc, null, 2) + '\n';
  if (argv.out !== undefined) {
    try {
      writeFileAtomic(join(argv.out, TOURNAMENT_FILE), text);
    } catch (e) {
      if (!(e as NodeJS.ErrnoException).code) throw e;
      throw new ConfigError('--out', argv.out, `expected a writable folder (${(e as Error).message})`);
    }
  }
  process.stdout.write(argv.json ? text : tournamentTable(doc) + (argv.out !== undefined ? `tournament: ${argv.out.replace(/\/+$/, '')}/${TOURNAMENT_FILE}\n` : ''));
}

export const tournamentCommand: CommandModule<object, TournamentArgs> = {
  command: 'tournament [config]',
  describe: 'a round robin of policies on one matchup, seat-swapped on common seeds: score matrix and ratings',
  builder,
  handler,
};
