/**
 * `squadsim tournament <config>`: a round robin of policies and presets on the config's
 * matchup, seat-swapped on common seeds (sim/tournament.ts), with a score matrix and
 * Bradley–Terry ratings (analysis/tournament.ts).
 */
import { checkOutFlag, writeOutFiles } from './output.ts';
import { dirname } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ConfigError } from '../engine/errors.ts';
import { analyzeTournament, TOURNAMENT_FILE, TOURNAMENT_FORMAT, tournamentTable, type TournamentDoc } from '../analysis/tournament.ts';
import { loadConfig } from '../sim/config.ts';
import { parseEntrants } from './entrants.ts';
import { packageVersion } from '../sim/paths.ts';
import { checkEntrants, playTournament } from '../sim/tournament.ts';
import { intFlag, workersFlag } from './errors.ts';

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

async function handler(argv: ArgumentsCamelCase<TournamentArgs>): Promise<void> {
  const workers = workersFlag(argv.workers);
  const games = intFlag('games', argv.games, 1, 10_000_000, 'an integer from 1 to 10000000');
  const seed = intFlag('seed', argv.seed, 0, 0xffffffff, 'an integer from 0 to 4294967295');
  const bootstrap = intFlag('bootstrap', argv.bootstrap, 0, 100_000, 'an integer from 0 to 100000');
  const confidence = Number(argv.confidence);
  if (!(confidence >= 0.5 && confidence < 1)) throw new ConfigError('--confidence', argv.confidence, 'expected a number in [0.5, 1)');
  checkOutFlag(argv.out);
  // Bad input (config, entrants) is reported here, before any game is played or file written.
  const loaded = loadConfig(argv.config);
  const entrants = argv.entrants === undefined ? loaded.ruleset.policyIds.map((id) => ({ name: id, policy: id })) : parseEntrants(argv.entrants, '--entrants');
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
  if (argv.out !== undefined) writeOutFiles(argv.out, [[TOURNAMENT_FILE, text]]);
  process.stdout.write(argv.json ? text : tournamentTable(doc) + (argv.out !== undefined ? `tournament: ${argv.out.replace(/\/+$/, '')}/${TOURNAMENT_FILE}\n` : ''));
}

export const tournamentCommand: CommandModule<object, TournamentArgs> = {
  command: 'tournament [config]',
  describe: 'a round robin of policies on one matchup, seat-swapped on common seeds: score matrix and ratings',
  builder,
  handler,
};
